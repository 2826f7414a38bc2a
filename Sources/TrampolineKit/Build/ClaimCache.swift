import Foundation

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

    /// The cache beside the output folder at `outputURL`; nil when there is none or it is malformed.
    static func read(beside outputURL: URL) -> (key: Fingerprint, probePaths: Set<String>)? {
        guard let data = try? Data(contentsOf: WorkFolder(outputURL: outputURL).claims),
              let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.hasPrefix(Self.header),
              let key = Fingerprint(hex: first.dropFirst(Self.header.count)) else { return nil }
        return (key, Set(lines.map(String.init)))
    }

    /// Writes the cache beside the output folder at `outputURL`. Best effort, like the stamp cache.
    func write(beside outputURL: URL) {
        let url = WorkFolder(outputURL: outputURL).claims
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? encoded().write(to: url, options: .atomic)
    }
}
