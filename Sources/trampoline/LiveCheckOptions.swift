import ArgumentParser
import Foundation
import TrampolineLive

/// `check --live` and its options (docs/check.md, "Checking the deployed site").
struct LiveCheckOptions: ParsableArguments {
    @Flag(
        help:
            "After the offline check, fetch the deployed site (site.url), Apple's CDN and Google's API and compare them with the build."
    )
    var live = false

    @Option(
        help: ArgumentHelp(
            "Connect to ADDRESS:PORT for HOST, like curl's --resolve (repeatable).", valueName: "host:port:address"))
    var resolve: [String] = []

    @Option(help: ArgumentHelp("Extra trusted root certificates (PEM).", valueName: "path"))
    var caFile: String?

    @Option(help: ArgumentHelp("Apple's CDN base URL; the host is appended.", valueName: "url"))
    var appleCdnUrl = "https://app-site-association.cdn-apple.com/a/v1/"

    @Option(help: ArgumentHelp("Google's Digital Asset Links statements:list URL.", valueName: "url"))
    var googleDalUrl = "https://digitalassetlinks.googleapis.com/v1/statements:list"

    @Flag(help: "Fetch the origin only, not Apple's CDN or Google's API.")
    var noServices = false

    @Option(help: ArgumentHelp("Seconds each request may take in all.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Fetch N link pages spread over the catalog instead of all.", valueName: "n"))
    var sample: Int?

    /// The options as the checker takes them; a malformed one is a usage error, nothing fetched.
    func validated() throws -> LiveOptions {
        var options = LiveOptions()
        for text in resolve {
            switch LiveOptions.parseResolve(text) {
            case .success(let entry):
                options.resolve[entry.host] = entry.address
                options.resolvePorts[entry.host] = entry.port
            case .failure(let error): throw ValidationError(error.description)
            }
        }
        for (text, name) in [(appleCdnUrl, "--apple-cdn-url"), (googleDalUrl, "--google-dal-url")] {
            if case .failure(let error) = LiveOptions.validServiceURL(text, option: name) {
                throw ValidationError(error.description)
            }
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
        if let sample, sample < 1 { throw ValidationError("--sample must be at least 1") }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw ValidationError("--ca-file \(caFile) cannot be read")
        }
        options.caFile = caFile
        options.appleCDN = appleCdnUrl
        options.googleDAL = googleDalUrl
        options.services = !noServices
        options.timeout = timeout
        options.sample = sample
        return options
    }
}
