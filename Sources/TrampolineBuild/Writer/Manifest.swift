import Foundation
import TrampolineModel

/// The list of files Trampoline wrote into an output folder. Only files listed here are ever
/// removed, so a file the team put there by hand is never touched.
struct Manifest: Sendable, Equatable {
    static let path = OutputPath.manifest

    /// Output-relative paths of the files Trampoline wrote. Nothing machine-specific: the same
    /// catalog gives the same manifest in any folder, on any machine.
    var paths: Set<String>

    static func read(from folder: URL) -> Manifest {
        readWithLayout(from: folder).manifest
    }

    /// The manifest, and whether its file holds exactly what ``encoded()`` writes for it (its own
    /// layout, sorted, every path safe): then the same set of paths would be written as the same
    /// bytes, and the writer need not encode it again to compare.
    static func readWithLayout(from folder: URL) -> (manifest: Manifest, isCanonical: Bool) {
        let url = folder.appendingPathComponent(path.value)
        guard let data = try? Data(contentsOf: url) else { return (Manifest(paths: []), false) }
        let list: [String]
        var isCanonical = false
        if let fast = parseOwnLayout(data) {
            list = fast
            isCanonical = zip(fast, fast.dropFirst()).allSatisfy { $0 < $1 }
        } else {
            // An edited or older manifest (older ones also held fingerprints, now ignored).
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let files = object["files"] as? [String]
            else { return (Manifest(paths: []), false) }
            list = files
        }
        // A tampered manifest must not make the writer delete outside the folder.
        let safe = list.filter(Self.isSafeRelativePath)
        return (Manifest(paths: Set(safe)), isCanonical && safe.count == list.count)
    }

    private static let header = "{\"generator\": \"trampoline\", \"files\": [", footer = "]}"

    func encoded() -> Data {
        Data(Self.encoded(paths: Array(paths)))
    }

    /// ``encoded()`` of these paths (no two the same), without a set of them: a first build's
    /// manifest, made beside its writes. The paths sorted as `String`s, a line each through the
    /// JSON escaper. (A byte encoder with ASCII paths sorted by bytes saved 0.9 % of a fresh
    /// 2,000-link build and was removed; see Benchmarks/results/fast-paths.md.)
    static func encoded(paths: [String]) -> [UInt8] {
        var out = header + "\n"
        let sorted = paths.sorted()
        for (i, path) in sorted.enumerated() {
            out += "    " + Escaping.jsonString(path) + (i == sorted.count - 1 ? "" : ",") + "\n"
        }
        return Array((out + footer + "\n").utf8)
    }

    /// Reads the layout ``encoded()`` writes, line by line: JSONSerialization took a third of a
    /// rebuild of 100,000 unchanged pages. Anything else (an edited or older file, an escaped
    /// character) returns nil and goes to the JSON parser.
    static func parseOwnLayout(_ data: Data) -> [String]? {
        let bytes = [UInt8](data)
        // Only what encoded() writes: no escapes, no control characters but line breaks, valid UTF-8.
        guard !bytes.contains(where: { $0 == UInt8(ascii: "\\") || ($0 < 0x20 && $0 != UInt8(ascii: "\n")) }),
            String(validating: bytes, as: UTF8.self) != nil
        else { return nil }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        guard lines.count >= 2, lines.first!.elementsEqual(header.utf8), lines.last!.elementsEqual(footer.utf8) else {
            return nil
        }
        let body = lines.dropFirst().dropLast()
        var files: [String] = []
        files.reserveCapacity(body.count)
        let quote = UInt8(ascii: "\"")
        for (n, line) in body.enumerated() {
            // `    "path",`: nothing escaped (checked above), a comma after every entry but the last.
            guard line.starts(with: indentQuote) else { return nil }
            var rest = line.dropFirst(indentQuote.count)
            if n == body.count - 1 {
                guard rest.last != UInt8(ascii: ",") else { return nil }
            } else {
                guard rest.last == UInt8(ascii: ",") else { return nil }
                rest = rest.dropLast()
            }
            guard rest.count >= 1, rest.last == quote, !rest.dropLast().contains(quote) else { return nil }
            files.append(String(decoding: rest.dropLast(), as: UTF8.self))
        }
        return files
    }

    private static let indentQuote = Array("    \"".utf8)

    static func isSafeRelativePath(_ path: String) -> Bool {
        // Byte by byte, in one pass with no copy (a rebuild checks 200k paths): a segment is what
        // lies between slashes; none may be empty, `.` or `..`; no backslash or NUL anywhere.
        var segmentLength = 0
        var segmentDots = 0
        var any = false
        for byte in path.utf8 {
            any = true
            switch byte {
            case UInt8(ascii: "\\"), 0:
                return false
            case UInt8(ascii: "/"):
                if segmentLength == 0 || segmentDots == segmentLength && segmentLength <= 2 { return false }
                segmentLength = 0
                segmentDots = 0
            default:
                segmentLength += 1
                if byte == UInt8(ascii: ".") { segmentDots += 1 }
            }
        }
        return any && !(segmentLength == 0 || segmentDots == segmentLength && segmentLength <= 2)
    }
}
