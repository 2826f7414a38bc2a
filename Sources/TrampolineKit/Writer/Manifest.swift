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
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = object["files"] as? [String]
        else { return Manifest(paths: []) }
        // A tampered manifest must not make the writer delete outside the folder.
        let paths = Set(list.filter(Self.isSafeRelativePath))
        let fingerprints = (object["fingerprints"] as? [String: String] ?? [:]).filter { paths.contains($0.key) }
        return Manifest(paths: paths, fingerprints: fingerprints)
    }

    func encoded() -> Data {
        let list = paths.sorted().map(Escaping.jsonString).joined(separator: ",\n    ")
        let prints = fingerprints.keys.sorted().map { "\(Escaping.jsonString($0)): \(Escaping.jsonString(fingerprints[$0]!))" }
            .joined(separator: ",\n    ")
        return Data("{\"generator\": \"trampoline\", \"files\": [\n    \(list)\n], \"fingerprints\": {\n    \(prints)\n}}\n".utf8)
    }

    static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\\") && !path.contains("\0")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}
