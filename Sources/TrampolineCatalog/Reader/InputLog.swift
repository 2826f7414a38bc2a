import Foundation
import TrampolineModel

/// Every file and folder listing a build read from the project, with a digest of what it found
/// (the bytes, the names, or the refusal), so a later build can tell that its inputs are the same
/// without reading the catalog (`BuildMemo`). Filled from any thread through ``ProjectFolder``.
package final class InputLog: @unchecked Sendable {
    /// One read and what it gave.
    package struct Entry: Sendable, Hashable, Codable {
        package enum Kind: String, Sendable, Hashable, Codable {
            /// The catalog file itself, by its absolute path.
            case catalog
            /// A file read through ``ProjectFolder/read(_:limit:)``.
            case file
            /// A folder listed through ``ProjectFolder/names(inFolder:)``.
            case folder
        }

        package var kind: Kind
        /// The path as read: absolute for the catalog, relative to the project for the others.
        package var name: String
        /// The byte limit the file was read with (a file over it reads as a refusal).
        package var limit: Int
        /// SHA-256 (hex) of what the read found, as ``digest(of:)`` makes it.
        package var digest: String
        /// The file's size, when the read found one: a file of another size now has changed,
        /// which a `stat` tells without reading it (a links file of a million rows is 150 MB).
        package var size: Int?

        package init(kind: Kind, name: String, limit: Int = 0, digest: String, size: Int? = nil) {
            self.kind = kind
            self.name = name
            self.limit = limit
            self.digest = digest
            self.size = size
        }

        /// The digest of what a read found now: the same as recorded when nothing changed.
        package func isCurrent(in project: ProjectFolder) -> Bool {
            switch kind {
            case .catalog:
                var info = stat()
                if let size, stat(name, &info) == 0, Int(info.st_size) != size { return false }
                return FileBytes.array(name)?.withUnsafeBufferPointer(Self.digest(bytes:)) == digest
            case .file:
                if let size, let now = project.size(of: name), now != size { return false }
                return Self.digest(
                    of: Result { () throws(ProjectFolder.Refusal) in try project.read(name, limit: limit) })
                    == digest
            case .folder:
                return Self.digest(
                    of: Result { () throws(ProjectFolder.Refusal) in try project.names(inFolder: name) }) == digest
            }
        }

        static func digest(bytes: UnsafeBufferPointer<UInt8>) -> String {
            Digest.hex(raw: UnsafeRawBufferPointer(bytes))
        }

        static func digest(of read: Result<[UInt8], ProjectFolder.Refusal>) -> String {
            switch read {
            case .success(let bytes): bytes.withUnsafeBufferPointer { digest(bytes: $0) }
            case .failure(let refusal): Digest.hex("refused\u{0}\(refusal)")
            }
        }

        static func digest(of listing: Result<[String]?, ProjectFolder.Refusal>) -> String {
            switch listing {
            case .success(let names?): Digest.hex("names\u{0}" + names.joined(separator: "\u{0}"))
            case .success(nil): Digest.hex("absent")
            case .failure(let refusal): Digest.hex("refused\u{0}\(refusal)")
            }
        }
    }

    private let lock = NSLock()
    private var recorded: Set<Entry> = []
    /// Entries whose digest is still being made (``record(kind:name:limit:bytes:)``).
    private var pending: [Pending<Entry>] = []

    package init() {}

    /// What was read, in a stable order.
    package var entries: [Entry] {
        let waiting = lock.withLock { pending }
        let made = waiting.map(\.value)
        return lock.withLock {
            recorded.union(made).sorted {
                ($0.kind.rawValue, $0.name, $0.limit) < ($1.kind.rawValue, $1.name, $1.limit)
            }
        }
    }

    package func record(_ entry: Entry) {
        _ = lock.withLock { recorded.insert(entry) }
    }

    /// Records a file read as `bytes`; a large one's digest is made on another thread, while the
    /// build reads it (hashing a links file of 100,000 rows held up the catalog's reading for a
    /// tenth of a rebuild, with the other core idle). ``entries`` waits for it.
    package func record(kind: Entry.Kind, name: String, limit: Int = 0, bytes: [UInt8]) {
        let make: @Sendable () -> Entry = {
            Entry(
                kind: kind, name: name, limit: limit,
                digest: bytes.withUnsafeBufferPointer(Entry.digest(bytes:)), size: bytes.count)
        }
        guard bytes.count >= Self.hashedApart else { return record(make()) }
        let entry = Pending(make)
        lock.withLock { pending.append(entry) }
    }

    /// The size from which a file's digest is made on another thread.
    static let hashedApart = 1 << 20

    /// The catalog file's bytes, as the loader read them.
    package func recordCatalog(path: String, bytes: UnsafeBufferPointer<UInt8>) {
        record(Entry(kind: .catalog, name: path, digest: Entry.digest(bytes: bytes), size: bytes.count))
    }
}
