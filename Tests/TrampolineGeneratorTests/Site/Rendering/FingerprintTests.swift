import Foundation
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// The fingerprint is the digest of the plan entry encoded whole, so no field can be forgotten.
final class FingerprintTests: XCTestCase {
    /// A link with every optional value set, so every stored property is present.
    static let link: Link = {
        var options = LinkOptions()
        options.image = "https://example.com/i.png"
        return Link(
            path: "/p/1", deepLink: "marry://p/1", title: "T", description: "D", webURL: "https://example.com/p/1",
            campaign: [CampaignParameter(name: "utm_source", value: "x")], options: options,
            location: SourceLocation(file: "c.yml", line: 3, column: 5),
            webURLLocation: SourceLocation(file: "c.yml", line: 4, column: 5),
            templateLocation: SourceLocation(file: "c.yml", line: 5, column: 5)
        )
    }()

    /// Every stored property of `value` and of the structs inside it, by name, with those of type
    /// SourceLocation left aside (where a value was written never changes the bytes).
    func storedProperties(of value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            guard let label = child.label, !(child.value is SourceLocation), !(child.value is SourceLocation?) else {
                return []
            }
            let unwrapped: Any? =
                Mirror(reflecting: child.value).displayStyle == .optional
                ? Mirror(reflecting: child.value).children.first?.value : child.value
            var names = [prefix + label]
            if let unwrapped, Mirror(reflecting: unwrapped).displayStyle == .struct {
                names += storedProperties(of: unwrapped, prefix: prefix + label + ".")
            }
            return names
        }
    }

    func testEveryStoredFieldOfALinkReachesTheFingerprintInput() throws {
        let encoded = String(decoding: FingerprintEncoder.encode(Self.link), as: UTF8.self)
        let properties = storedProperties(of: Self.link)
        XCTAssertTrue(properties.contains("options.cookieDays"), "the walk reaches nested structs: \(properties)")
        for property in properties {
            let name = String(property.split(separator: ".").last!)
            XCTAssertTrue(encoded.contains(name + "="), "\(property) is missing from the fingerprint input: \(encoded)")
        }
        XCTAssertFalse(encoded.contains("c.yml"), "source locations stay out of the fingerprint")
    }

    func testChangingAnyValueChangesTheFingerprint() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml")).build()
        let renderer = site.renderer
        func print(_ change: (inout Link) -> Void) -> Fingerprint {
            var link = Self.link
            change(&link)
            return renderer.fingerprint(
                of: PlanEntry(
                    path: .linkPage(link.path),
                    content: .linkPage(link, template: "interstitial", behaviour: .interstitial)))
        }
        let changes: [(inout Link) -> Void] = [
            { _ in }, { $0.title = "U" }, { $0.description = nil }, { $0.description = "E" }, { $0.webURL = nil },
            { $0.deepLink = "marry://p/2" }, { $0.campaign[0].value = "y" }, { $0.campaign = [] },
            { $0.options.cookieDays = 2 }, { $0.options.image = nil }, { $0.options.deferred = [.cookie] },
            { $0.options.forwardQuery = false }, { $0.options.fallbackDelayMs = 0 }, { $0.options.fallback = .web },
            // Values that would run together without length prefixes.
            {
                $0.title = "T"
                $0.description = "D"
            },
            {
                $0.title = "TD"
                $0.description = ""
            },
        ]
        let prints = changes.map(print)
        XCTAssertEqual(Set(prints).count, prints.count - 1, "every change but the repeated one gives a new fingerprint")
        XCTAssertEqual(
            print { $0.location = SourceLocation(file: "other.yml", line: 90, column: 1) }, prints[0],
            "moving a link does not re-render it")
    }

    func testTheRendererVersionAndTheSettingsAreInEveryFingerprint() throws {
        let fixture = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        var builder = fixture.builder
        let first = try builder.build()
        builder.rendererVersion = "next"
        let upgraded = try builder.build()
        for entry in first.plan.entries {
            XCTAssertNotEqual(
                first.renderer.fingerprint(of: entry), upgraded.renderer.fingerprint(of: entry), entry.path.value)
        }
        XCTAssertEqual(
            Set(first.plan.entries.map(first.renderer.fingerprint(of:))).count, first.plan.entries.count,
            "no two entries share one")
    }

    /// The numbers of every fingerprint (string lengths, integers) are `String(value)`'s digits,
    /// by the shortcuts for one and two digits and by the general way.
    func testDecimalTextIsStringsDigits() {
        var values: [UInt64] = [
            0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 1000, 65_535, 1 << 32, UInt64(Int.max), UInt64.max,
        ]
        for power in 0..<20 { values += [UInt64(pow(10, Double(power))) &- 1, UInt64(pow(10, Double(power)))] }
        for value in values {
            var out: [UInt8] = [UInt8(ascii: "x")]
            DecimalText.append(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "x\(value)")
        }
        for value in [0, -1, -9, -10, -100, Int.min, Int.max] {
            var out: [UInt8] = []
            DecimalText.append(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(value))
        }
    }

    /// A fingerprint made straight from the hasher, of two parts, is the one made from the digest
    /// of the two joined.
    func testAFingerprintFromTheHasherIsTheDigests() {
        for (first, second) in [([UInt8](), [UInt8]()), (Array("context".utf8), Array(repeating: 7, count: 1000))] {
            XCTAssertEqual(Digest.fingerprint(first, second), Fingerprint(digest: Digest.bytes(first + second)))
            XCTAssertEqual(Digest.fingerprint(first, second).hex, Digest.hex(bytes: first + second))
        }
    }
}
