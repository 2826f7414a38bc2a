import Foundation

/// A fresh temporary folder per test, removed afterwards.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trampoline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    public func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Every regular file under `folder` (relative path → bytes): a snapshot to compare before/after.
    public func contents(of folder: String) -> [String: Data] {
        // By path, with the walk's own file types: a URL and a stat per file made this most of the
        // time of the tests that read a site of thousands of pages after each build.
        let root = url.appendingPathComponent(folder).path
        var result: [String: Data] = [:]
        guard let walk = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walk.nextObject() as? String {
            guard walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            result[relative] = FileManager.default.contents(atPath: root + "/" + relative)
        }
        return result
    }

    public func read(_ path: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every regular file under `folder`, relative path → text.
    public func files(under folder: String) -> [String: String] {
        contents(of: folder).mapValues { String(decoding: $0, as: UTF8.self) }
    }
}
