import Foundation
import TrampolineLink
import TrampolineModel

/// The counts of the requests read so far (``add(_:)``), per link of the catalog.
struct StatsTally {
    private(set) var links: StatsLinks
    private(set) var counts: [LinkCounts]
    private var agents = AgentClassifier()
    /// The span of the requests counted (within `since` and `until`), in seconds since 1970.
    private(set) var first: Int64?
    private(set) var last: Int64?
    /// Requests for another host (a zone's or a bucket's log holds every host's).
    private(set) var otherHosts = 0
    private(set) var siteHostRequests = 0
    /// The first other host seen, for the refusal's message.
    private(set) var otherHost: String?
    private let since: Int64?
    private let until: Int64?
    private let host: [UInt8]
    private let compact: Bool

    init(catalog: Catalog, items: Bool, since: Int64?, until: Int64?) {
        links = StatsLinks(catalog: catalog, items: items)
        counts = Array(repeating: LinkCounts(), count: links.keys.count)
        self.since = since
        self.until = until
        host = Array(catalog.site.host.utf8)
        compact = catalog.site.layout == .compact
    }

    private static let get = Array("GET".utf8)
    private static let head = Array("HEAD".utf8)
    private static let countPrefix = "/" + OutputPath.countFolder + "/"
    private static let outcomes = Dictionary(
        uniqueKeysWithValues: PageOutcome.allCases.enumerated().map {
            ($0.element.rawValue + ".txt", $0.offset)
        })

    mutating func add(_ record: LogRecord) {
        if let since, record.time < since { return }
        if let until, record.time >= until { return }
        guard isSiteHost(record.host) else { return }
        first = min(first ?? record.time, record.time)
        last = max(last ?? record.time, record.time)
        let isGet = record.method.elementsEqual(Self.get)
        guard isGet || record.method.elementsEqual(Self.head), record.status < 500 else { return }
        let path = String(decoding: record.path, as: UTF8.self)
        if path.hasPrefix(Self.countPrefix) {
            if isGet { addOutcome(path, record) }
            return
        }
        guard let (key, route) = links.key(forPath: path) else { return }
        let served =
            (200..<300).contains(record.status) || record.status == 304
            || (record.status == 404 && (route || compact))
        guard served else { return }
        grow()
        let agent = agents.classify(record.agent, encoding: record.agentEncoding)
        if agent.preview {
            counts[key].previews += 1
            return
        }
        // The debug view (?debug=1) is the team looking at the page, not a visit (its page sends
        // no count request either).
        guard isGet, Self.queryValue(SiteFiles.debugQuery.name, in: record.query) != SiteFiles.debugQuery.value
        else { return }
        counts[key].visits += 1
        counts[key].platforms[agent.platform.rawValue] += 1
        if agent.inApp { counts[key].inApp += 1 }
        if Self.hasQRMark(record.query) { counts[key].qrScans += 1 }
        counts[key].days[Int(record.time >= 0 ? record.time / 86_400 : (record.time - 86_399) / 86_400), default: 0] +=
            1
    }

    /// `/_count/<outcome>.txt?l=<path>`: what a page saw happen, counted for the page's link.
    private mutating func addOutcome(_ path: String, _ record: LogRecord) {
        guard let outcome = Self.outcomes[String(path.dropFirst(Self.countPrefix.count))],
            let visited = Self.queryValue(PageOutcome.pathQueryName, in: record.query),
            let (key, _) = links.key(forPath: visited)
        else { return }
        grow()
        if agents.classify(record.agent, encoding: record.agentEncoding).preview { return }
        counts[key].outcomes[outcome] += 1
    }

    /// Room for keys ``StatsLinks`` added (items).
    private mutating func grow() {
        if counts.count < links.keys.count {
            counts += Array(repeating: LinkCounts(), count: links.keys.count - counts.count)
        }
    }

    private mutating func isSiteHost(_ requested: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !requested.isEmpty else { return true }
        // A request to the bucket's or the distribution's own name is still this site's.
        if Self.equalIgnoringCase(requested, host) || Self.hasSuffixIgnoringCase(requested, Self.cloudFront)
            || Self.hasSuffixIgnoringCase(requested, Self.amazonAWS)
        {
            siteHostRequests += 1
            return true
        }
        otherHosts += 1
        if otherHost == nil { otherHost = String(decoding: requested, as: UTF8.self).lowercased() }
        return false
    }

    private static let cloudFront = Array(".cloudfront.net".utf8)
    private static let amazonAWS = Array(".amazonaws.com".utf8)

    /// ASCII case-insensitive equality of `bytes` and lowercase `lower`.
    private static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool {
        bytes.count == lower.count && zip(bytes, lower).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == $1 }
    }

    private static func hasSuffixIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool {
        bytes.count > lower.count
            && equalIgnoringCase(UnsafeBufferPointer(rebasing: bytes[(bytes.count - lower.count)...]), lower)
    }

    /// Whether the query has the QR codes' mark, `tl_qr=1`.
    static func hasQRMark(_ query: UnsafeBufferPointer<UInt8>) -> Bool {
        queryValue(LinkTarget.qrMarker, in: query) == "1"
    }

    /// The form-decoded value of `name` in `query`; nil when absent or not UTF-8.
    static func queryValue(_ name: String, in query: UnsafeBufferPointer<UInt8>) -> String? {
        guard !query.isEmpty else { return nil }
        let text = String(decoding: query, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    /// The counts of every key, with the key, in key order.
    var entries: [(key: String, counts: LinkCounts)] {
        links.keys.indices.map { (links.keys[$0], $0 < counts.count ? counts[$0] : LinkCounts()) }
    }
}
