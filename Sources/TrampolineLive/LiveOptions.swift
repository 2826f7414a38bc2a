import Foundation
import TrampolineModel

/// What `check --live` may contact and how long it may wait: the command's options, validated.
package struct LiveOptions: Sendable {
    /// `--resolve HOST:PORT:ADDRESS`, like curl's: connect to ADDRESS for HOST (certificates are still
    /// checked for HOST), to check a new host before DNS points at it.
    package var resolve: [String: String] = [:]
    /// The PORT of each `--resolve` entry that is not its scheme's default: URLs of HOST without a
    /// port connect there (``connectionURL(for:)``), so a rehearsal host on 127.0.0.1:8443 can be
    /// checked with the catalog's own `https://HOST/` URLs.
    package var resolvePorts: [String: Int] = [:]
    /// `--ca-file`: extra trusted roots in PEM (a private CA, the tests' throwaway one).
    package var caFile: String?
    /// Apple's CDN, `https://app-site-association.cdn-apple.com/a/v1/<host>` (Apple, "Supporting
    /// associated domains": the CDN requests the file on the device's behalf).
    package var appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"
    /// Google's Digital Asset Links API, `v1/statements:list`.
    package var googleDAL = "https://digitalassetlinks.googleapis.com/v1/statements:list"
    /// `--no-services`: the origin only.
    package var services = true
    /// Each request's whole time, connection to last byte (a trickling host is cut off here).
    package var timeout: Double = 10
    /// `--sample N`: how many link pages to fetch, spread over the catalog; nil fetches all.
    package var sample: Int?
    /// At most this many requests at once.
    package var concurrency = 4
    /// The biggest body read: Apple's AASA limit (128 KB) is far below it; pages are small.
    package var maxBody = 2 * 1024 * 1024

    package init() {}

    /// Parses `HOST:PORT:ADDRESS`; nil with the reason when it is malformed.
    package static func parseResolve(_ text: String) -> Result<(host: String, port: Int, address: String), LiveError> {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty, let port = Int(parts[1]),
            (1...65535).contains(port)
        else {
            return .failure(LiveError("--resolve '\(text)' is not HOST:PORT:ADDRESS (example.com:443:192.0.2.7)"))
        }
        let address = parts[2].hasPrefix("[") ? String(parts[2].dropFirst().dropLast()) : parts[2]
        return .success((parts[0].lowercased(), port, address))
    }

    /// Where a request for `url` connects, and the `Host` header it sends: `url` itself, unless a
    /// `--resolve` entry gives its host another port and `url` names none. Then the port is
    /// added to the connection's URL while `Host` stays the name without it, as the host will
    /// see it once DNS points there.
    package func connectionURL(for url: String) -> (url: String, host: String?) {
        guard var parts = URLComponents(string: url), parts.port == nil, let host = parts.host?.lowercased(),
            let port = resolvePorts[host]
        else { return (url, nil) }
        let standard = parts.scheme?.lowercased() == "http" ? 80 : 443
        guard port != standard else { return (url, nil) }
        parts.port = port
        return (parts.string ?? url, parts.percentEncodedHost)
    }

    /// Checks a service base URL given on the command line: absolute http(s) with a host.
    package static func validServiceURL(_ text: String, option: String) -> Result<String, LiveError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            return .failure(LiveError("\(option) '\(text)' is not an http(s) URL with a host"))
        }
        return .success(text)
    }
}

/// A bad `check --live` option: said at the command line, nothing fetched.
package struct LiveError: Error, CustomStringConvertible, Sendable {
    package var description: String
    /// True when the host already failed this client and was not asked again.
    package var repeated: Bool
    /// True for the first request not asked of a failed host: the one that says so.
    package var firstSkip: Bool
    package init(_ description: String, repeated: Bool = false, firstSkip: Bool = false) {
        self.description = description
        self.repeated = repeated
        self.firstSkip = firstSkip
    }
}
