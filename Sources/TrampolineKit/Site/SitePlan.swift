import Foundation

/// Everything a build would write: output-relative path → bytes, computed before the disk is touched.
/// The writer applies a plan; `check` compares one with the disk; `serve` rebuilds one on change.
public struct SitePlan: Sendable, Equatable {
    /// Output-relative paths (`topic/1/index.html`, `.well-known/apple-app-site-association`).
    public private(set) var files: [String: Data] = [:]

    public init() {}

    public subscript(path: String) -> Data? { files[path] }

    /// Paths in a stable order, the AASA files last so a crash mid-write never leaves a new AASA
    /// claiming pages that are not there yet.
    public var orderedPaths: [String] {
        files.keys.sorted { a, b in
            let aa = Self.isAASA(a), bb = Self.isAASA(b)
            return aa == bb ? a < b : !aa
        }
    }

    public var totalBytes: Int { files.values.reduce(0) { $0 + $1.count } }

    mutating func add(_ path: String, _ text: String) {
        files[path] = Data(text.utf8)
    }

    static func isAASA(_ path: String) -> Bool {
        path.hasSuffix("apple-app-site-association")
    }
}
