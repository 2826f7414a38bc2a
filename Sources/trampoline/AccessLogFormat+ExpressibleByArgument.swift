import ArgumentParser
import TrampolineStats

/// `stats --log-format combined|cloudfront|s3|cloudflare`; the raw values are the names.
extension AccessLogFormat: ExpressibleByArgument {}
