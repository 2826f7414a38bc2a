import Foundation
import Hummingbird
import Logging
import NIOPosix

/// Hummingbird's `LocalFileSystem`, refusing any file whose real path (symbolic links resolved)
/// lies outside the served folder: a link in the output pointing at /etc/passwd is a 404, as on a
/// static host that publishes only the folder's own bytes.
struct ContainedFileSystem: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes
    typealias FileIdentifier = LocalFileSystem.FileIdentifier

    let local: LocalFileSystem
    /// The served folder's real path, with a trailing slash.
    let realRoot: String

    init(rootFolder: URL, logger: Logger) {
        local = LocalFileSystem(rootFolder: rootFolder.path, threadPool: .singleton, logger: logger)
        let real = Self.realPath(rootFolder.path) ?? rootFolder.standardizedFileURL.path
        realRoot = real.hasSuffix("/") ? real : real + "/"
    }

    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        guard let id = local.getFileIdentifier(path) else { return nil }
        // A missing file resolves to nothing: LocalFileSystem then answers 404 by itself.
        guard let real = Self.realPath(id) else { return id }
        return isInside(real) ? id : nil
    }

    func isInside(_ realPath: String) -> Bool {
        realPath == String(realRoot.dropLast()) || realPath.hasPrefix(realRoot)
    }

    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        try await local.getAttributes(id: id)
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        try await local.loadFile(id: id, context: context)
    }

    func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws
        -> ResponseBody
    {
        try await local.loadFile(id: id, range: range, context: context)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
