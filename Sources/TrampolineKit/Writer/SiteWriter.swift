import Foundation

/// Applies a ``SitePlan`` to an output folder: each file atomically (temporary file + rename),
/// unchanged files left alone (their mtime kept, so sync tools upload only changes), the AASA last,
/// and pages of removed links deleted through the manifest.
public struct SiteWriter: Sendable {
    public var outputURL: URL

    public init(outputURL: URL) {
        self.outputURL = outputURL
    }

    /// What a write did.
    public struct Summary: Sendable, Equatable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    public func write(_ plan: SitePlan) throws -> Summary {
        let fm = FileManager.default
        try fm.createDirectory(at: outputURL, withIntermediateDirectories: true)
        let previous = Manifest.read(from: outputURL)
        let planned = Set(plan.files.keys)
        // Record the union first: if this run dies half-way, the next one still knows every file
        // it may have written and can clean them up.
        try writeAtomically(Manifest(paths: previous.paths.union(planned)).encoded(), to: Manifest.fileName)

        var summary = Summary()
        for path in plan.orderedPaths {
            let data = plan.files[path]!
            let url = outputURL.appendingPathComponent(path)
            if let existing = try? Data(contentsOf: url), existing == data {
                summary.unchanged.append(path)
                continue
            }
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try writeAtomically(data, to: path)
            summary.written.append(path)
        }
        for path in previous.paths.subtracting(planned).sorted() {
            let url = outputURL.appendingPathComponent(path)
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            try fm.removeItem(at: url)
            summary.removed.append(path)
            removeEmptyParents(of: path)
        }
        try writeAtomically(Manifest(paths: planned).encoded(), to: Manifest.fileName)
        return summary
    }

    /// Writes next to the target and renames over it: readers see the old file or the new one, whole.
    func writeAtomically(_ data: Data, to path: String) throws {
        let target = outputURL.appendingPathComponent(path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).trampoline-\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw WriteError(path: path, reason: "cannot create a file in \(target.deletingLastPathComponent().path)")
        }
        if rename(temporary.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Folders left empty by removed pages go too, up to the output folder itself.
    func removeEmptyParents(of path: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            let url = outputURL.appendingPathComponent(components.joined(separator: "/"))
            guard let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), contents.isEmpty else { return }
            try? FileManager.default.removeItem(at: url)
            components = components.dropLast()
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }
}
