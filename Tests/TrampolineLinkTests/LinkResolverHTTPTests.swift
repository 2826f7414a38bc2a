import Foundation
@_spi(Generator) import TrampolineLink
import TrampolineTestSupport
import XCTest

/// The resolver against a site the tool built, served over real HTTP on loopback by
/// Tests/Fixtures/table_server.py (Python's http.server: strong ETags, 304s, and one first path
/// segment per misbehaviour). Nothing is mocked but the host name: the table is read from
/// `http://127.0.0.1:<port>/<mode>` as it would be from `https://go.example.com`.
final class LinkResolverHTTPTests: XCTestCase {
    static let catalog = """
        site: {url: "https://go.example.com"}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        links:
          - {path: /spring-sale, deep_link: "marry://promo/spring", title: Spring, campaign: {utm_source: news}}
          - {path: /Xy7a, deep_link: "marry://invite?code=AB12", title: Upper}
          - {path: /xy7a, deep_link: "marry://invite?code=CD34", title: Lower}
          - {path: "/restaurant/:id(digits)", deep_link: "marry://restaurant/:id", title: Restaurant, forward_query: false}

        """ + (0..<400).map { "  - {path: /p/\($0), deep_link: \"marry://p/\($0)\", title: P\($0)}\n" }.joined()

    nonisolated(unsafe) static var site: TemporaryDirectory?
    nonisolated(unsafe) static var server: Process?
    nonisolated(unsafe) static var port = 0

    override class func setUp() {
        super.setUp()
        do {
            let dir = try TemporaryDirectory()
            try dir.write("site-config.yml", catalog)
            let built = try TrampolineProcess.run(["build"], in: dir.url)
            precondition(built.status == 0, built.stderr)
            let snapshot = try TrampolineProcess.run(["link-table", "--output", "snapshot.json"], in: dir.url)
            precondition(snapshot.status == 0, snapshot.stderr)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../Fixtures/table_server.py"
            ).standardizedFileURL
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, dir.url.appendingPathComponent("_site").path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            site = dir
            server = process
        } catch {
            preconditionFailure("cannot set up the served site: \(error)")
        }
    }

    override class func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
        site = nil
        super.tearDown()
    }

    func base(_ mode: String) -> URL { URL(string: "http://127.0.0.1:\(Self.port)/\(mode)")! }

    func resolver(_ mode: String, snapshot: SiteLinkTable? = nil, timeout: TimeInterval = 3) -> LinkResolver {
        LinkResolver(
            host: "go.example.com", scheme: "marry", snapshot: snapshot,
            fetcher: URLSessionLinkTableFetcher(timeout: timeout), tableBase: base(mode))
    }

    /// Every request the server answered so far: [mode, path, status, If-None-Match].
    func requests() throws -> [[String?]] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(Self.port)/_stats")!)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[Any]])
        return list.map { $0.map { value in value is NSNull ? nil : "\(value)" } }
    }

    func testLiveHitsMissesRoutesAndCasePairs() async throws {
        XCTAssertGreaterThan(Self.port, 0)
        let live = resolver("ok")
        let cases: [(String, Result<String, LinkResolutionFailure>)] = [
            ("https://go.example.com/spring-sale?ref=qr", .success("marry://promo/spring?utm_source=news&ref=qr")),
            ("https://go.example.com/Xy7a", .success("marry://invite?code=AB12")),
            ("https://go.example.com/xy7a", .success("marry://invite?code=CD34")),
            ("https://go.example.com/XY7A", .failure(.notALink)),
            ("https://go.example.com/restaurant/42?x=1", .success("marry://restaurant/42")),
            ("https://go.example.com/p/399/", .success("marry://p/399")),
            ("https://go.example.com/nope", .failure(.notALink)),
        ]
        for (url, expected) in cases {
            let result = await live.resolve(url)
            XCTAssertEqual(result, expected, url)
        }
        // Site files and bad paths are answered without a request.
        let before = try requests().count
        let siteFile = await live.resolve("https://go.example.com/loadCookie.html")
        XCTAssertEqual(siteFile, .failure(.siteFile))
        let traversal = await live.resolve("https://go.example.com/p/%2e%2e/x")
        XCTAssertEqual(traversal, .failure(.malformedPath))
        XCTAssertEqual(try requests().count, before)
    }

    func testTheIndexAndShardsAreRevalidatedWithTheirETags() async throws {
        let live = resolver("ok")
        let first = await live.resolve("https://go.example.com/p/1")
        XCTAssertEqual(first, .success("marry://p/1"))
        let before = try requests().count
        let again = await live.resolve("https://go.example.com/p/1")
        XCTAssertEqual(again, .success("marry://p/1"))
        let revalidated = try requests().dropFirst(before)
        XCTAssertEqual(revalidated.count, 2, "the index and the one shard: \(revalidated)")
        for request in revalidated {
            XCTAssertEqual(request[2], "304", "\(request)")
            XCTAssertNotNil(request[3], "sent If-None-Match: \(request)")
        }
    }

    func testTheSnapshotIsReadFirstAndTheLiveTableOnlyForWhatItLacks() async throws {
        let file = try XCTUnwrap(Self.site).url.appendingPathComponent("snapshot.json")
        var snapshot = try SiteLinkTable(contentsOf: file, host: "go.example.com")
        XCTAssertEqual(snapshot.links.count, 403)
        let before = try requests().count
        let offline = resolver("missing", snapshot: snapshot)
        let known = await offline.resolve("https://go.example.com/p/7")
        XCTAssertEqual(known, .success("marry://p/7"))
        let route = await offline.resolve("https://go.example.com/restaurant/9")
        XCTAssertEqual(route, .success("marry://restaurant/9"))
        XCTAssertEqual(try requests().count, before, "the snapshot answered without the network")
        // A link added after the app shipped: not in its snapshot, found in the live table.
        snapshot.links[LinkSealing.name(host: "go.example.com", path: "/spring-sale", shards: 1).id] = nil
        let fresh = await resolver("ok", snapshot: snapshot).resolve("https://go.example.com/spring-sale")
        XCTAssertEqual(fresh, .success("marry://promo/spring?utm_source=news"))
        XCTAssertGreaterThan(try requests().count, before)
        // Nowhere: the reason of the live table, never a guess.
        let gone = await resolver("missing", snapshot: snapshot).resolve("https://go.example.com/spring-sale")
        XCTAssertEqual(gone, .failure(.unavailable(status: 404)))
    }

    func testEveryMisbehavingHostIsATypedReason() async throws {
        let cases: [(String, LinkResolutionFailure)] = [
            ("missing", .unavailable(status: 404)), ("malformed", .malformedTable), ("big", .tableTooLarge),
            ("redirect", .redirected), ("elsewhere", .redirected),
        ]
        for (mode, reason) in cases {
            let result = await resolver(mode).resolve("https://go.example.com/p/1")
            XCTAssertEqual(result, .failure(reason), mode)
        }
        let started = Date()
        let slow = await resolver("slow", timeout: 1).resolve("https://go.example.com/p/1")
        XCTAssertEqual(slow, .failure(.timedOut))
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "the timeout, not the server, ends the wait")
        let dead = await LinkResolver(
            host: "go.example.com", scheme: "marry", fetcher: URLSessionLinkTableFetcher(timeout: 2),
            tableBase: URL(string: "http://127.0.0.1:9")!
        ).resolve("https://go.example.com/p/1")
        XCTAssertEqual(dead, .failure(.unreachable))
    }

    func testARedirectIsNotFollowed() async throws {
        let before = try requests().count
        _ = await resolver("redirect").resolve("https://go.example.com/p/2")
        let made = try requests().dropFirst(before)
        XCTAssertEqual(made.map { $0[0] }, ["redirect"], "only the redirect itself was requested: \(made)")
    }

    /// The app side end to end: a universal link of the site resolves and is routed like the
    /// scheme URL it stands for; held until ready; a later tap wins over a slower one.
    @MainActor
    func testTrampolineLinksRoutesAResolvedUniversalLink() async throws {
        var routed: [String] = []
        var unmatched: [IncomingLink] = []
        let links = TrampolineLinks(
            LinkConfiguration(scheme: "marry", host: "go.example.com"), store: InMemoryLinkStore(),
            resolver: resolver("ok"), unmatched: { unmatched.append($0) }
        )
        try links.route("/promo/:name") { routed.append("promo " + $0["name"]! + " " + ($0.query("utm_source") ?? "")) }
        try links.route("/invite") { routed.append("invite " + ($0.query("code") ?? "")) }
        let held = await links.openResolving("https://go.example.com/spring-sale")
        XCTAssertEqual(held, .held, "held until ready")
        XCTAssertEqual(links.ready(), .routed(try RoutePattern("/promo/:name")))
        XCTAssertEqual(routed, ["promo spring news"])
        XCTAssertEqual(links.open("https://go.example.com/Xy7a"), .resolving)
        await links.resolutionsFinished()
        XCTAssertEqual(routed.last, "invite AB12")
        // A path the table does not know: unmatched, with the reason.
        let miss = await links.openResolving("https://go.example.com/nope")
        XCTAssertEqual(miss, .unmatched)
        XCTAssertEqual(unmatched.last?.resolutionFailure, .notALink)
        // Two taps: the first still resolving when the second arrives; the second wins.
        let slowLinks = TrampolineLinks(
            LinkConfiguration(scheme: "marry", host: "go.example.com"), store: InMemoryLinkStore(),
            resolver: resolver("slow", timeout: 2), unmatched: { unmatched.append($0) }
        )
        try slowLinks.route("/p/:n") { routed.append("p " + $0["n"]!) }
        slowLinks.ready()
        XCTAssertEqual(slowLinks.open("https://go.example.com/spring-sale"), .resolving)
        XCTAssertEqual(slowLinks.open("marry://p/5"), .routed(try RoutePattern("/p/:n")))
        let count = unmatched.count
        await slowLinks.resolutionsFinished()
        XCTAssertEqual(routed.last, "p 5", "the slow resolution did not replace the later tap")
        XCTAssertEqual(unmatched.count, count)
    }
}
