import Foundation
import TrampolineModel

/// What the last successful build of an output folder proved about its AASA: the probe paths
/// (``ClaimVerifier/probePath(of:)``) it found claimed, under a key made of everything else a
/// verdict depends on (the AASA's bytes, the site's URL and host, the app IDs, the running
/// binary). A rebuild under the same key matches only the links whose probe path is new: a
/// verdict is a function of those inputs, so a recorded one is never stale.
///
/// A local cache only, in the ``WorkFolder``: written after a successful write, never deployed;
/// a missing, damaged or foreign one only costs time (every link is matched).
struct ClaimCache: Sendable, Equatable {
    var key: Fingerprint
    /// In catalog order.
    var probePaths: [String]

    static let header = "trampoline-claims 1 "

    /// The key for `aasa` (the bytes the build would write) and `catalog`; `version` names the
    /// verifier (the binary's identity, or a test's stand-in for an upgrade).
    static func key(aasa: Data, catalog: Catalog, version: String) -> Fingerprint {
        var input = [UInt8](aasa)
        for part in [catalog.site.url, catalog.site.host, catalog.app.appIDs.joined(separator: "\n"), version] {
            input.append(0)
            input += part.utf8
        }
        return Fingerprint(digest: Digest.bytes(input))
    }

    /// The header line, then one probe path per line.
    func encoded() -> Data {
        var out = Array((Self.header + key.hex + "\n").utf8)
        out.reserveCapacity(out.count + probePaths.count * 24)
        // A path with a line break could not be read back; catalog paths never hold one, and
        // leaving one out only means matching it again.
        for path in probePaths where !path.utf8.contains(UInt8(ascii: "\n")) {
            out += path.utf8
            out.append(UInt8(ascii: "\n"))
        }
        return Data(out)
    }

    /// The cache beside the output folder at `outputURL`: none when there is none (or its work
    /// folder is not this user's alone), damaged when it is malformed.
    static func read(beside outputURL: URL) -> FoundCache<(key: Fingerprint, recorded: RecordedPaths)> {
        let work = WorkFolder(outputURL: outputURL)
        guard work.isTrusted, let bytes = FileBytes.array(work.claims.path) else { return .none }
        let header = Array(Self.header.utf8)
        let keyEnd = header.count + 64
        guard bytes.count > keyEnd, bytes[keyEnd] == UInt8(ascii: "\n"), bytes.starts(with: header),
            let key = bytes.withUnsafeBufferPointer({
                Fingerprint(hexBytes: UnsafeBufferPointer(rebasing: $0[header.count..<keyEnd]))
            })
        else { return .damaged }
        return .whole((key, RecordedPaths(bytes: bytes, from: keyEnd + 1)))
    }

    /// The probe paths a cache file records, one per line in catalog order, kept as the file's
    /// bytes: a rebuild's catalog mostly keeps its order, so each link's path is compared with
    /// the line at its own place, and no string or set is made of 100k lines unless one differs.
    struct RecordedPaths: Sendable {
        private let bytes: [UInt8]
        /// Each non-empty line's byte range.
        private let lines: [Range<Int>]

        init(bytes: [UInt8], from start: Int) {
            var lines: [Range<Int>] = []
            var lineStart = start
            bytes.withUnsafeBufferPointer { buffer in
                for index in start..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                    if index > lineStart { lines.append(lineStart..<index) }
                    lineStart = index + 1
                }
            }
            if bytes.count > lineStart { lines.append(lineStart..<bytes.count) }
            self.bytes = bytes
            self.lines = lines
        }

        /// Whether each of `paths` is recorded (anywhere in the file).
        func contains(each paths: [String]) -> [Bool] {
            var result = [Bool](repeating: false, count: paths.count)
            var elsewhere: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                for index in paths.indices {
                    let same =
                        index < lines.count
                        && paths[index].withUTF8Bytes { utf8 in
                            utf8.count == lines[index].count
                                && (utf8.isEmpty
                                    || memcmp(
                                        utf8.baseAddress!, buffer.baseAddress! + lines[index].lowerBound, utf8.count)
                                        == 0)
                        }
                    if same { result[index] = true } else { elsewhere.append(index) }
                }
            }
            guard !elsewhere.isEmpty else { return result }
            // Reordered, added or renamed links: the rest are looked up among every line.
            let all = Set(lines.compactMap { String(validating: bytes[$0], as: UTF8.self) })
            for index in elsewhere { result[index] = all.contains(paths[index]) }
            return result
        }
    }

    /// Writes the cache beside the output folder at `outputURL`. Best effort, like the stamp cache.
    func write(beside outputURL: URL) {
        let work = WorkFolder(outputURL: outputURL)
        guard (try? work.prepare()) != nil else { return }
        try? AtomicFile.write([[UInt8](encoded())], to: work.claims)
    }
}
