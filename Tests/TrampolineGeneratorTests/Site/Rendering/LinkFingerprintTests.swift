import Foundation
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// The fast path for link pages and QR codes in the fingerprint encoder (`PlanEntry+Fingerprint.swift`) against the
/// plain `Encodable` path it stands in for: the same bytes for every plan entry of catalogs that
/// set every optional field of a link (so a field added to `Link` or `LinkOptions` and not to the
/// fast path makes them differ here).
final class LinkFingerprintTests: XCTestCase {
    static let catalog = """
        site:
          url: https://go.example.com
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
          android: {package: com.example.marry, sha256_cert_fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
        defaults:
          image: https://go.example.com/share.png
        links:
          - path: /p/1
            deep_link: marry://p?id=1
            title: "Café 1 — \\"quoted\\""
            description: "A *long* description with [a link](https://example.com/x) and émoji 😀."
            web_url: https://example.com/p/1
            campaign: {utm_source: instagram, utm_campaign: "c 1", utm_content: ""}
            fallback: web
            android_fallback: store
            fallback_delay_ms: 0
            deferred: [cookie]
            cookie_name: __Host-other
            cookie_days: 30
            forward_query: false
            image: https://example.com/1.png
            in_app_browsers: ignore
            confirm_store: "Open the App Store?"
            qr_error_correction: H
            template: redirect
          - {path: /p/2, title: Plain, qr_code: false, deferred: []}
          - {path: /restaurant/:id(digits), deep_link: "marry://restaurant/:id", title: Route, web_url: "https://example.com/r/:id", android_fallback: web}
          - {path: /files/*rest, title: Rest}

        """

    /// `entry` with its links in boxes of their own, without the ``Link/source`` the fixture's
    /// reading (through the link cache) gave them: with one, the fast path writes the source in
    /// place of the values (`LinkSourceTests`); here it is held to the values' bytes.
    static func withoutSources(_ entry: PlanEntry) -> PlanEntry {
        var entry = entry
        switch entry.content {
        case .linkPage(let link, let template, let behaviour):
            entry.content = .linkPage(Link(fields: link.fields), template: template, behaviour: behaviour)
        case .lookupShard(let shard, let links):
            entry.content = .lookupShard(
                shard: shard,
                links: links.map {
                    LookupShardEntry(link: Link(fields: $0.link.fields), id: $0.id, behaviour: $0.behaviour)
                })
        default: break
        }
        return entry
    }

    func testTheFastPathWritesTheBytesOfThePlainOneForEveryEntry() throws {
        let build = try SiteFixture(catalog: Self.catalog).build()
        let links = build.plan.entries.filter { if case .linkPage = $0.content { true } else { false } }
        XCTAssertEqual(links.count, 4)
        let rich = build.catalog.links[0]
        XCTAssertNotNil(rich.options.androidFallback)
        XCTAssertNotNil(rich.options.confirmStore)
        XCTAssertNotNil(build.catalog.links[2].route)
        let shards = build.plan.entries.filter { if case .linkTableShard = $0.content { true } else { false } }
        XCTAssertGreaterThan(shards.count, 0)
        XCTAssertTrue(
            shards.contains {
                if case .linkTableShard(_, let rows) = $0.content {
                    rows.contains { !$0.target.fixed.isEmpty }
                } else {
                    false
                }
            },
            "a row with fixed query keys (marry://p?id=1)")
        XCTAssertEqual(
            build.plan.entries.filter { $0.fastFingerprintBytes() != nil }.count, 4 + 1 + shards.count,
            "the link pages, the one QR code (of /p/1) and the link table's shards take the fast path")
        for entry in build.plan.entries.map(Self.withoutSources) {
            let fast = FingerprintEncoder.encode(entry)
            let plain = FingerprintEncoder.encode(entry, plain: true)
            XCTAssertEqual(
                String(decoding: fast, as: UTF8.self), String(decoding: plain, as: UTF8.self), entry.path.value)
            // The renderer hashes the fast path's bytes from its buffer: the digest of the plain bytes.
            XCTAssertEqual(
                build.renderer.fingerprint(of: entry), Digest.fingerprint(build.renderer.contextDigest, plain),
                entry.path.value)
        }
        // Every stored field of the rich link is in the plain bytes (FingerprintTests checks the
        // plain path's completeness), so equal bytes mean the fast path has them all too.
        let plain = String(decoding: FingerprintEncoder.encode(links[0], plain: true), as: UTF8.self)
        for name in [
            "androidFallback=", "confirmStore=", "qrErrorCorrection=", "inAppBrowsers=", "campaign=", "webURL=",
        ] {
            XCTAssertTrue(plain.contains(name), name)
        }
    }

    /// A link table's row is fingerprinted by what its entry is made of (path, deep link,
    /// campaign, `forward_query`): a change to any of them moves the shard's fingerprint and its
    /// bytes, a change to a value its entry does not hold (a title) moves neither, and both paths
    /// write the same bytes.
    func testALinkTableRowIsFingerprintedByWhatItsEntryIsMadeOf() throws {
        let build = try SiteFixture(catalog: Self.catalog).build()
        let shard = try XCTUnwrap(
            build.plan.entries.first { if case .linkTableShard = $0.content { true } else { false } })
        guard case .linkTableShard(let number, let rows) = shard.content else { return XCTFail() }
        func edited(_ change: (inout Link) -> Void) -> PlanEntry {
            var rows = rows
            change(&rows[0].link)
            return PlanEntry(path: shard.path, content: .linkTableShard(shard: number, rows: rows))
        }
        func fingerprint(_ entry: PlanEntry) -> Fingerprint {
            XCTAssertEqual(
                String(decoding: FingerprintEncoder.encode(entry), as: UTF8.self),
                String(decoding: FingerprintEncoder.encode(entry, plain: true), as: UTF8.self))
            return build.renderer.fingerprint(of: entry)
        }
        // The fingerprint stands for the file: the same fingerprint, the same bytes, and another,
        // other bytes (sealing an entry gives the same text every time).
        let original = edited { _ in }
        func assertSame(_ entry: PlanEntry, _ what: String) {
            XCTAssertEqual(fingerprint(entry), fingerprint(original), what)
            XCTAssertEqual(build.renderer.render(entry), build.renderer.render(original), what)
        }
        func assertMoved(_ entry: PlanEntry, from other: PlanEntry, _ what: String) {
            XCTAssertNotEqual(fingerprint(entry), fingerprint(other), what)
            XCTAssertNotEqual(build.renderer.render(entry), build.renderer.render(other), what)
        }
        assertSame(edited { $0.title += " (updated)" }, "title")
        assertSame(edited { $0.description = "Another" }, "description")
        assertMoved(edited { $0.deepLink += "x" }, from: original, "deep link")
        assertMoved(
            edited { $0.campaign.append(CampaignParameter(name: "a", value: "b")) }, from: original, "a parameter")
        assertMoved(edited { $0.options.forwardQuery.toggle() }, from: original, "forward_query")
        var withCampaign = rows[0].link
        withCampaign.campaign = [CampaignParameter(name: "utm_source", value: "x")]
        let campaigned = edited { $0 = withCampaign }
        withCampaign.campaign[0].value = "y"
        assertMoved(edited { $0 = withCampaign }, from: campaigned, "a parameter's value")
    }

    /// The compact layout's lookup shards (every link of the rich catalog in them) are encoded for
    /// their entries' digests with the plain path's bytes, each entry's range holding its link.
    func testLookupShardsTakeTheFastPathWithThePlainBytes() throws {
        let compact = Self.catalog.replacingOccurrences(
            of: "  url: https://go.example.com\n", with: "  url: https://go.example.com\n  layout: compact\n")
        let build = try SiteFixture(catalog: compact).build()
        let shards = build.plan.entries.filter { if case .lookupShard = $0.content { true } else { false } }
        XCTAssertGreaterThan(shards.count, 0)
        var linked = 0
        for shard in shards.map(Self.withoutSources) {
            guard case .lookupShard(_, let links) = shard.content else { continue }
            linked += links.count
            let (fast, ranges) = try XCTUnwrap(shard.lookupShardFingerprintBytes(), shard.path.value)
            XCTAssertEqual(ranges.count, links.count)
            for (range, entry) in zip(ranges, links) {
                let text = String(decoding: fast[range], as: UTF8.self)
                XCTAssertTrue(text.contains("\"" + entry.link.path) && text.hasSuffix(entry.behaviour.rawValue), text)
                XCTAssertTrue(text.contains("\"" + entry.id.hex), text)
            }
            XCTAssertEqual(
                String(decoding: fast, as: UTF8.self),
                String(decoding: FingerprintEncoder.encode(shard, plain: true), as: UTF8.self), shard.path.value)
        }
        XCTAssertEqual(linked, 2, "the two links that are no route")
    }

    /// The fast path walks the field tables: each field's other value changes the bytes, as
    /// the plain encoder's do, and the two agree.
    func testEveryFieldReachesTheFastPathAsThePlainOne() throws {
        let link = Link(fields: try SiteFixture(catalog: Self.catalog).build().catalog.links[1].fields)
        func entry(_ link: Link) -> PlanEntry {
            PlanEntry(
                path: .linkPage(link.path), content: .linkPage(link, template: "interstitial", behaviour: .interstitial)
            )
        }
        let before = FingerprintEncoder.encode(entry(link))
        for field in CatalogFieldTests.fields {
            var changed = link
            field.change(&changed)
            let fast = FingerprintEncoder.encode(entry(changed))
            XCTAssertEqual(
                String(decoding: fast, as: UTF8.self),
                String(decoding: FingerprintEncoder.encode(entry(changed), plain: true), as: UTF8.self), field.property)
            if field.read(link) != field.sample { XCTAssertNotEqual(fast, before, field.property) }
        }
    }

    /// Values that could run together without the length prefixes, through the fast path.
    func testValuesStayApartOnTheFastPath() throws {
        var link = try SiteFixture(catalog: Self.catalog).build().catalog.links[1]
        func bytes(_ change: (inout Link) -> Void) -> [UInt8] {
            var changed = link
            change(&changed)
            return FingerprintEncoder.encode(
                PlanEntry(
                    path: .linkPage(changed.path),
                    content: .linkPage(changed, template: "interstitial", behaviour: .interstitial)))
        }
        link.description = "D"
        XCTAssertNotEqual(
            bytes {
                $0.title = "T"
                $0.description = "D"
            },
            bytes {
                $0.title = "TD"
                $0.description = ""
            })
        XCTAssertNotEqual(
            bytes { $0.campaign = [CampaignParameter(name: "a", value: "bc")] },
            bytes { $0.campaign = [CampaignParameter(name: "ab", value: "c")] })
        XCTAssertNotEqual(bytes { $0.description = nil }, bytes { $0.description = "" })
    }
}
