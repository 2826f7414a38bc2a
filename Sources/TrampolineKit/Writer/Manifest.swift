import Foundation

/// The list of files Trampoline wrote into an output folder. Only files listed here are ever
/// removed, so a file the team put there by hand is never touched.
struct Manifest: Sendable, Equatable {
    static let fileName = ".trampoline-manifest.json"

    var paths: Set<String>
    /// Page path → `fingerprint:size` of what was written: the inputs the page was rendered from,
    /// so a rebuild can skip rendering pages whose inputs did not change.
    var fingerprints: [String: String] = [:]

    static func read(from folder: URL) -> Manifest {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { return Manifest(paths: []) }
        let (list, prints): ([String], [String: String])
        if let fast = parseOwnLayout(data) {
            (list, prints) = fast
        } else {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let files = object["files"] as? [String]
            else { return Manifest(paths: []) }
            (list, prints) = (files, object["fingerprints"] as? [String: String] ?? [:])
        }
        // A tampered manifest must not make the writer delete outside the folder.
        let paths = Set(list.filter(Self.isSafeRelativePath))
        return Manifest(paths: paths, fingerprints: prints.filter { paths.contains($0.key) })
    }

    private static let header = "{\"generator\": \"trampoline\", \"files\": [", middle = "], \"fingerprints\": {", footer = "}}"

    func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(paths.count * 120)
        func line(_ text: String) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        let sorted = paths.sorted()
        line(Self.header)
        for (i, path) in sorted.enumerated() {
            line("    " + Escaping.jsonString(path) + (i == sorted.count - 1 ? "" : ","))
        }
        line(Self.middle)
        let printed = sorted.filter { fingerprints[$0] != nil }
        for (i, path) in printed.enumerated() {
            line("    " + Escaping.jsonString(path) + ": " + Escaping.jsonString(fingerprints[path]!) + (i == printed.count - 1 ? "" : ","))
        }
        line(Self.footer)
        return Data(out)
    }

    /// Reads the layout ``encoded()`` writes, line by line: JSONSerialization took a third of a
    /// rebuild of 100,000 unchanged pages. Anything else (an edited or older file, an escaped
    /// character) returns nil and goes to the JSON parser.
    static func parseOwnLayout(_ data: Data) -> ([String], [String: String])? {
        let bytes = [UInt8](data)
        // Only what encoded() writes: no escapes, no control characters but line breaks, valid UTF-8.
        guard !bytes.contains(where: { $0 == UInt8(ascii: "\\") || ($0 < 0x20 && $0 != UInt8(ascii: "\n")) }),
              String(validating: bytes, as: UTF8.self) != nil
        else { return nil }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(bytes[start..<i])
            start = i + 1
        }
        guard start == bytes.count, lines.count >= 3, lines.first!.elementsEqual(header.utf8), lines.last!.elementsEqual(footer.utf8) else { return nil }
        var files: [String] = []
        var prints: [String: String] = [:]
        var inFingerprints = false
        let quote = UInt8(ascii: "\"")
        let body = Array(lines.dropFirst().dropLast())
        for (n, line) in body.enumerated() {
            if !inFingerprints, line.elementsEqual(middle.utf8) {
                inFingerprints = true
                continue
            }
            // `    "path",` or `    "path": "fingerprint",`: nothing escaped (checked above), and
            // a comma after every entry but the last of its list, as JSON has it.
            guard line.starts(with: indentQuote) else { return nil }
            var rest = line.dropFirst(indentQuote.count)
            let isLastOfList = n == body.count - 1 || (!inFingerprints && body[n + 1].elementsEqual(middle.utf8))
            if isLastOfList {
                guard rest.last != UInt8(ascii: ",") else { return nil }
            } else {
                guard rest.last == UInt8(ascii: ",") else { return nil }
                rest = rest.dropLast()
            }
            guard let close = rest.firstIndex(of: quote) else { return nil }
            let key = String(decoding: rest[..<close], as: UTF8.self)
            let after = rest[(close + 1)...]
            if inFingerprints {
                guard after.starts(with: colonQuote), after.count >= colonQuote.count + 1, after.last == quote else { return nil }
                prints[key] = String(decoding: after.dropFirst(colonQuote.count).dropLast(), as: UTF8.self)
            } else {
                guard after.isEmpty else { return nil }
                files.append(key)
            }
        }
        return inFingerprints ? (files, prints) : nil
    }

    private static let indentQuote = Array("    \"".utf8), colonQuote = Array(": \"".utf8)

    static func isSafeRelativePath(_ path: String) -> Bool {
        // Byte by byte: a segment is what lies between slashes; none may be empty, `.` or `..`.
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, !bytes.contains(UInt8(ascii: "\\")), !bytes.contains(0) else { return false }
        return !bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { segment in
            segment.isEmpty || segment.elementsEqual([UInt8(ascii: ".")]) || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
        }
    }
}
