import Foundation
import XCTest

/// The generator's targets import only the targets before them, and the compiler holds that
/// (Tool/Package.swift). Inside a target it cannot: a file may use any declaration of its own
/// module. So data flows one way through each target's folders too: a folder may use what the
/// folders before it in `order` declare, never what those after it declare. A new loop (say, the
/// plan calling back into rendering) fails here with the file and the name that close it.
final class FolderLayeringTests: XCTestCase {
    static let order: [String: [String]] = [
        "TrampolineModel": ["Support", "Diagnostics", "Routes", "Site", "Android", "Catalog"],
        "TrampolineCatalog": ["YAML", "Reader", "Starter", "Import"],
        "TrampolineSite": ["Android", "Markdown", "Templates", "AASA", "Plan", "Rendering"],
        "TrampolineBuild": ["Writer", "Builder", "Check"],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Swift files under a folder, path → text.
    func files(in folder: URL, named name: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? NSEnumerator()
        where path.hasSuffix(".swift") {
            result["\(name)/\(path)"] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return result
    }

    /// The names `text` declares for other files to use: every top-level type, at any access
    /// level, and the members of its extensions (`Link+Deferred.swift`'s `deferredLink`).
    static func declaredNames(in text: String) -> (types: Set<String>, members: Set<String>) {
        let type = try! NSRegularExpression(
            pattern: #"^(?:@\w+\s+)*(?:(?:package|public|internal|private|fileprivate|final|indirect)\s+)*"#
                + #"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9]*)"#,
            options: .anchorsMatchLines)
        let member = try! NSRegularExpression(
            pattern: #"^    (?:@\w+\s+)*(?:(?:package|public|internal|static|mutating|nonisolated|final)\s+)*"#
                + #"(?:func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        func names(_ pattern: NSRegularExpression, in text: String) -> Set<String> {
            Set(
                pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                    String(text[Range($0.range(at: 1), in: text)!])
                })
        }
        // Members count only from top-level extensions: a type's own members are reached through
        // the type, whose name is already a declared name.
        var extensionText = ""
        var inExtension = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("extension ") || line.hasPrefix("package extension ") { inExtension = true }
            if line.first.map({ !$0.isWhitespace && $0 != "}" && $0 != "/" }) == true, !line.contains("extension ") {
                inExtension = false
            }
            if inExtension { extensionText += line + "\n" }
        }
        return (names(type, in: text), names(member, in: extensionText))
    }

    /// Every name `text` declares at any depth (members, locals, cases, parameters' labels): an
    /// extension member whose name is also declared elsewhere cannot be told from it by a scan.
    static func allDeclarations(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(
            pattern: #"(?:\b(?:func|var|let|case|struct|enum|class|typealias)\s+|[(,]\s*)([A-Za-z_][A-Za-z0-9_]*)"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// The words of `text`'s code, comments and one-line string literals left out: they may name anything.
    static func codeWords(in text: String) -> Set<String> {
        let literal = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        let code = literal.stringByReplacingMatches(
            in: lines.joined(separator: "\n"),
            range: NSRange(location: 0, length: lines.joined(separator: "\n").utf16.count),
            withTemplate: "\"\"")
        return Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    func testNoFolderUsesAFolderDownstreamOfIt() throws {
        var scannedTypes = 0
        for (target, order) in Self.order {
            let root = Self.sources.appendingPathComponent(target)
            let listed = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
            XCTAssertEqual(Set(listed), Set(order), "every folder of \(target) has its place in the order")
            var owners: [String: Int] = [:]
            var declarations: [String: Int] = [:]
            var members: [(name: String, folder: Int)] = []
            var texts: [(folder: Int, path: String, text: String)] = []
            for (index, folder) in order.enumerated() {
                for (path, text) in try files(in: root.appendingPathComponent(folder), named: "\(target)/\(folder)") {
                    let declared = Self.declaredNames(in: text)
                    scannedTypes += declared.types.count
                    for name in declared.types { owners[name] = index }
                    members += declared.members.map { ($0, index) }
                    for name in Self.allDeclarations(in: text) { declarations[name, default: 0] += 1 }
                    texts.append((index, path, text))
                }
            }
            // An extension member counts when its name is declared once in the whole target: a
            // name like `path` or `write`, declared in many places, proves nothing by its spelling.
            for (name, folder) in members where declarations[name] == 1 && owners[name] == nil {
                owners[name] = folder
            }
            for (folder, path, text) in texts {
                for word in Self.codeWords(in: text) {
                    guard let owner = owners[word], owner > folder else { continue }
                    XCTFail("\(path) uses \(word), declared in \(order[owner]), which comes after \(order[folder])")
                }
            }
        }
        XCTAssertGreaterThan(scannedTypes, 120, "the scan finds the package and internal types too")
    }

    /// Tests mirror the sources: `Site/Rendering/` here holds the tests of
    /// `Sources/TrampolineSite/Rendering/`, so a folder here names a target and a folder of it.
    func testTestFoldersMirrorTheSources() throws {
        let tests = TestPaths.target
        var mirrored = 0
        for target in try FileManager.default.contentsOfDirectory(atPath: tests.path).sorted()
        where !target.hasSuffix(".swift") && !["Fixtures", "Snapshots"].contains(target) {
            let source = Self.sources.appendingPathComponent("Trampoline" + target)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: source.path), "\(target)/ mirrors no Sources/Trampoline\(target)"
            )
            for folder in try FileManager.default.contentsOfDirectory(atPath: tests.appendingPathComponent(target).path)
            where !folder.hasSuffix(".swift") {
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: source.appendingPathComponent(folder).path),
                    "\(target)/\(folder)/ mirrors no Sources/Trampoline\(target)/\(folder)")
                mirrored += 1
            }
        }
        XCTAssertGreaterThan(mirrored, 10)
    }

    /// The scanner sees what the old one missed: `package` types and extension members.
    func testTheScannerSeesPackageTypesAndExtensionMembers() {
        let text = """
            package struct Plan {
                struct Entry {}
            }
            final class Writer {}
            extension Link {
                package var deferredLink: String { "" }
                func fixedQueryKeys() -> [String] { [] }
            }
            """
        let declared = Self.declaredNames(in: text)
        XCTAssertEqual(declared.types, ["Plan", "Writer"])
        XCTAssertEqual(declared.members, ["deferredLink", "fixedQueryKeys"])
    }
}
