import Foundation
import XCTest

/// Data flows one way through `Sources/TrampolineKit`: each folder may use the types of the
/// folders before it in `order`, never those after it. A new loop (say, the writer calling back
/// into rendering) fails here with the file and the type that close it.
final class FolderLayeringTests: XCTestCase {
    static let order = [
        "Support", "Diagnostics", "YAML", "Routes", "Site", "AppLinks", "Catalog", "Import", "Android", "Markdown",
        "Templates", "AASA", "Plan",
        "Rendering", "Writer", "Build", "Check", "Starter",
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TrampolineKit")

    /// Swift files under a folder of the library, path → text.
    func files(in folder: String) throws -> [String: String] {
        let root = Self.sources.appendingPathComponent(folder)
        var result: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root.path) ?? NSEnumerator()
        where path.hasSuffix(".swift") {
            result["\(folder)/\(path)"] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return result
    }

    /// Top-level type names declared in `text` (not extensions, which add to a type declared elsewhere).
    func declaredTypes(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(
            pattern:
                #"^(?:public |internal |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias) +([A-Z][A-Za-z0-9]*)"#,
            options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) })
    }

    func testNoFolderUsesAFolderDownstreamOfIt() throws {
        let listed = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            !$0.hasPrefix(".")
        }
        XCTAssertEqual(Set(listed), Set(Self.order), "every folder of the library has its place in the order")
        var owners: [String: Int] = [:]
        var texts: [(folder: Int, path: String, text: String)] = []
        for (index, folder) in Self.order.enumerated() {
            for (path, text) in try files(in: folder) {
                for type in declaredTypes(in: text) { owners[type] = index }
                texts.append((index, path, text))
            }
        }
        XCTAssertGreaterThan(owners.count, 40, "the scan finds the library's types")
        for (folder, path, text) in texts {
            // Comments may name anything; code may not.
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for word in words {
                guard let owner = owners[word], owner > folder else { continue }
                XCTFail(
                    "\(path) uses \(word), declared in \(Self.order[owner]), which comes after \(Self.order[folder])")
            }
        }
    }
}
