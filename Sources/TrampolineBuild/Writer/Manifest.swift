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

    /// The safe paths the manifest in `folder` lists that `planned` does not have, each listed
    /// once. Read in place when the file is in the tool's own layout: a list or set of every path
    /// of a million-file manifest was 130 MB of `check`.
    static func paths(in folder: URL, notIn planned: Set<String>) -> Set<String> {
        let url = folder.appendingPathComponent(path.value)
        guard let bytes = FileBytes.array(url.path) else { return [] }
        var found: Set<String> = []
        let own = bytes.withUnsafeBufferPointer { buffer in
            visitOwnLayout(buffer) { path in
                let path = String(decoding: path, as: UTF8.self)
                if !planned.contains(path), isSafeRelativePath(path) { found.insert(path) }
            }
        }
        return own ? found : read(from: folder).paths.subtracting(planned)
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
        var files: [String] = []
        let parsed = data.withUnsafeBytes { raw in
            visitOwnLayout(raw.bindMemory(to: UInt8.self)) { files.append(String(decoding: $0, as: UTF8.self)) }
        }
        return parsed ? files : nil
    }

    /// Hands each path of the layout ``encoded()`` writes to `body` as its bytes, in place, and
    /// says whether the whole of `bytes` is that layout (paths handed over before a malformed
    /// line was found still were). No copy of the file and no list of its lines: `check` reads a
    /// million-file manifest.
    static func visitOwnLayout(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
        -> Bool
    {
        let newline = UInt8(ascii: "\n")
        // Only what encoded() writes: no escapes, no control characters but line breaks, valid
        // UTF-8, a line break at the end.
        guard !bytes.contains(where: { $0 == UInt8(ascii: "\\") || ($0 < 0x20 && $0 != newline) }),
            UTF8Check.isValid(bytes), bytes.last == newline
        else { return false }
        // The header is the first line, the footer the last; each line between is an entry.
        guard let headerEnd = bytes.firstIndex(of: newline),
            let footerStart = bytes[..<(bytes.count - 1)].lastIndex(of: newline).map({ $0 + 1 }),
            footerStart > headerEnd,
            bytes[..<headerEnd].elementsEqual(header.utf8),
            bytes[footerStart..<(bytes.count - 1)].elementsEqual(footer.utf8)
        else { return false }
        var start = headerEnd + 1
        while start < footerStart {
            let end = bytes[start..<footerStart].firstIndex(of: newline)!
            // `    "path",`: a comma after every entry but the last.
            let isLast = end + 1 == footerStart
            guard isLast ? bytes[end - 1] != UInt8(ascii: ",") : bytes[end - 1] == UInt8(ascii: ","),
                let path = entryPath(UnsafeBufferPointer(rebasing: bytes[start..<(isLast ? end : end - 1)]))
            else { return false }
            body(path)
            start = end + 1
        }
        return true
    }

    /// The path of an entry line `    "path"` (its comma taken off), or nil when it is not one.
    private static func entryPath(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let quote = UInt8(ascii: "\"")
        guard line.count > indentQuote.count, line.starts(with: indentQuote), line.last == quote else { return nil }
        let path = UnsafeBufferPointer(rebasing: line[(line.startIndex + indentQuote.count)..<(line.endIndex - 1)])
        return path.contains(quote) ? nil : path
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
