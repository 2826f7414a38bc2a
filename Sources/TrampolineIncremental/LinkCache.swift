import Crypto
import Foundation
import TrampolineModel
import TrampolineQR

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rebuild's way past the catalog's unchanged links: the links an earlier reading made,
/// each under the SHA-256 of its entry's exact text (and column), recorded under a key of
/// everything else reading a link depends on (the catalog's name, `defaults:`, `app:`, the
/// template names, the running binary). Reading a link is a function of those inputs, so a
/// recorded link is never stale: a rebuild whose key matches only walks the YAML events of an
/// unchanged entry (no tree, no checks) and decodes the recorded link; a changed or new entry is
/// read the plain way. `LinkCacheTests` hold a cached reading to the plain one.
///
/// Entries holding YAML anchors or aliases are never recorded (their meaning depends on text
/// elsewhere), nor are links that gave a diagnostic or have a route. Positions inside an entry
/// are kept relative to its first line, so an entry that moved still reports its own lines.
///
/// A local cache only, beside the catalog (see ``WorkFolder/linkCache(forCatalog:)``), never
/// deployed; a missing, damaged or foreign file only costs time. File: ``magic``, the key (32
/// bytes), then segments: entries (digest, 32 bytes; length, 4 bytes little-endian; the encoded
/// link), each segment closed by its chained digest and a length of `FFFFFFFF`. The first
/// segment's digest is the SHA-256 of the file before it, each later one's the SHA-256 of the
/// digest before it and its own entries, so a rebuild that read few new entries appends them as a
/// segment (`LinkCache+Renewal.swift`) instead of writing and hashing the whole file again. A
/// segment cut short or not matching its digest, and all after it, are left out.
package struct LinkCache: @unchecked Sendable {
    static let magic = Array("trampoline-links 3\n".utf8)
    /// What closes a segment: its digest (32 bytes) and this in place of an entry's length.
    static let segmentMark = UInt32.max
    /// A segment's digest and mark.
    static let segmentEndSize = 36

    /// What a cache is found with and written to.
    package struct Setup: Sendable {
        /// The cache file.
        package var url: URL
        /// Names the binary (or a test's stand-in for an upgrade): a new Trampoline may read links differently.
        package var version: String
        /// Random bytes of this user's (``localSecret(in:)``), in the key: decoded links skip every
        /// check of the catalog's rules, so a cache file that came from elsewhere (committed to a
        /// repository, say) must never match.
        package var secret: [UInt8]
        /// The file, read and checked (its SHA-256 and index: a tenth of a second at 100k links)
        /// on another thread from the build's start, whatever its key; nil to read it once the
        /// key is known.
        package var early: Pending<FoundCache<LinkCache>>?
        /// The ``CatalogLayout`` beside the file, read the same way; nil to read it when needed.
        package var earlyLayout: Pending<FoundCache<CatalogLayout>>?
        /// Read the cache and layout if they are there, never write them (`check` writes nothing).
        package var readOnly = false

        package init(
            url: URL,
            version: String,
            secret: [UInt8],
            early: Pending<FoundCache<LinkCache>>? = nil,
            earlyLayout: Pending<FoundCache<CatalogLayout>>? = nil,
            readOnly: Bool = false
        ) {
            self.url = url
            self.version = version
            self.secret = secret
            self.early = early
            self.earlyLayout = earlyLayout
            self.readOnly = readOnly
        }

        /// A writer of a new cache file under `key`; nil when read-only or the file cannot be made.
        package func writer(key: [UInt8]) -> LinkCache.Writer? {
            readOnly ? nil : LinkCache.Writer(url: url, key: key)
        }
    }

    /// This user's secret for cache keys, made on first use: `trampoline/link-cache-secret` under
    /// `folder` (`$XDG_CACHE_HOME`, else `~/.cache`), readable by its owner only. Nil when there
    /// is no such folder or it cannot be written: then no link cache is used.
    /// With `create` false it is only read: nil when there is none yet.
    package static func localSecret(in folder: URL? = defaultSecretFolder, create: Bool = true) -> [UInt8]? {
        guard let folder else { return nil }
        let url = folder.appendingPathComponent("trampoline", isDirectory: true).appendingPathComponent(
            "link-cache-secret")
        if let data = try? Data(contentsOf: url), data.count == 32 { return Array(data) }
        guard create else { return nil }
        let secret = newSecret()
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Made apart and renamed into place, so two first builds at once agree on one secret.
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".link-cache-secret.\(getpid())")
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: Data(secret), attributes: [.posixPermissions: 0o600])
            else { return nil }
            // Linked, not renamed: if another build made one meanwhile, theirs stays and is read below.
            try? FileManager.default.linkItem(atPath: temporary.path, toPath: url.path)
            try? FileManager.default.removeItem(at: temporary)
        } catch {
            return nil
        }
        return (try? Data(contentsOf: url)).flatMap { $0.count == 32 ? Array($0) : nil }
    }

    /// 32 random bytes: a new user's secret, or a read-only reading's that no cache file matches.
    package static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static var defaultSecretFolder: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    /// The file, mapped: decoding reads it in place, and gives back each batch's pages once read
    /// (``release(entriesAt:)``), so the whole file is never in memory beside all the links.
    let file: MappedFile
    /// The key the file was made under.
    package let key: [UInt8]
    /// The first 8 bytes of an entry's digest → where the entry starts in `file`.
    private let entries: DigestIndex
    /// How many entries the file holds.
    package let count: Int
    /// How many segments the file has.
    let segments: Int
    /// The last segment's digest, which a segment appended chains from.
    let lastDigest: [UInt8]
    /// Whether every byte of the file belongs to a whole segment: only then is one appended.
    let isWhole: Bool

    // MARK: - Key

    package static func key(
        setup: Setup, file: String, knownTemplates: Set<String>?, baseURL: URL,
        defaults: LinkOptions, defaultsTemplateLocation: SourceLocation, app: AppSettings?
    ) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var input = magic + setup.secret
        let templates = knownTemplates.map { $0.sorted().joined(separator: "\n") } ?? "\u{1}any"
        for part in [setup.version, file, templates, baseURL.path, defaultsTemplateLocation.description] {
            input += part.utf8
            input.append(0)
        }
        if let json = try? encoder.encode(defaults) { input += json }
        input.append(0)
        if let json = try? encoder.encode(app) { input += json }
        return Array(SHA256.hash(data: input))
    }

    /// The digest an entry is recorded under: its column and its exact bytes.
    package static func digest(of text: UnsafeBufferPointer<UInt8>, column: Int) -> SHA256.Digest {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: column).littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }

    // MARK: - Reading

    /// The cache at `url`, whatever its key (see ``Setup/early``): none when there is no file
    /// (or it is reached through a symbolic link), damaged when it is not whole.
    package static func load(from url: URL) -> FoundCache<LinkCache> {
        guard isReal(url, type: S_IFREG), foldersAreReal(above: url) else { return .none }
        guard let file = MappedFile(path: url.path), let cache = LinkCache(file: file) else { return .damaged }
        return .whole(cache)
    }

    private init?(file: MappedFile) {
        let header = Self.magic.count + 32
        let data = file.bytes
        guard data.count >= header + Self.segmentEndSize, data.prefix(Self.magic.count).elementsEqual(Self.magic)
        else { return nil }
        // Where each whole segment's digest is, and how many entries they hold: a hop per entry.
        var marks: [Int] = []
        var entryCount = 0
        var offset = header
        var pending = 0
        while offset + 36 <= data.count {
            let length = data.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian
            if length == Self.segmentMark {
                marks.append(offset)
                entryCount += pending
                pending = 0
                offset += Self.segmentEndSize
                continue
            }
            guard offset + 36 + Int(length) <= data.count else { break }
            offset += 36 + Int(length)
            pending += 1
        }
        guard !marks.isEmpty else { return nil }
        // Indexed on another core while the file is checked here: nothing is taken from the file
        // before both are done, and the two were a rebuild's longest stretch with a core idle. The
        // check, the longer, stays on this thread: one of the few the system's queues run at once
        // (as many as cores), which a thread waiting for the other would keep from the build.
        let indexed = Pending { [marks, entryCount] in
            Self.index(of: file.bytes, header: header, marks: marks, count: entryCount)
        }
        let verified = Self.verifiedSegments(of: data, header: header, marks: marks)
        var entries = indexed.take()
        guard verified > 0 else { return nil }
        let end = marks[verified - 1] + Self.segmentEndSize
        if verified < marks.count { entries = entries.filter { _, offset in offset < end } }
        key = Array(data[Self.magic.count..<header])
        // Read through once for the digest; decoding brings back only the pages it reads.
        file.release(0..<data.count)
        self.file = file
        self.entries = entries
        count = entries.count
        segments = verified
        lastDigest = Array(data[marks[verified - 1]..<(marks[verified - 1] + 32)])
        isWhole = end == data.count
    }

    /// Where each entry of the segments closed at `marks` starts, by the first 8 bytes of its digest.
    private static func index(of data: UnsafeRawBufferPointer, header: Int, marks: [Int], count: Int) -> DigestIndex {
        var entries = DigestIndex(capacity: count)
        var offset = header
        for mark in marks {
            while offset < mark {
                entries.set(data.loadUnaligned(fromByteOffset: offset, as: UInt64.self), offset)
                offset += 36 + Int(data.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
            }
            offset += segmentEndSize
        }
        return entries
    }

    /// How many of the segments closed at `marks` match their digests, from the first on.
    private static func verifiedSegments(of data: UnsafeRawBufferPointer, header: Int, marks: [Int]) -> Int {
        var start = header
        for (index, mark) in marks.enumerated() {
            var hasher = SHA256()
            // The first segment's digest covers the magic and key; each later one's, the one before.
            let chained = index == 0 ? 0..<header : marks[index - 1]..<(marks[index - 1] + 32)
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: data[chained]))
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: data[start..<mark]))
            guard hasher.finalize().elementsEqual(data[mark..<(mark + 32)]) else { return index }
            start = mark + segmentEndSize
        }
        return marks.count
    }

    /// True when `url` exists as `type` itself, not through a symbolic link.
    static func isReal(_ url: URL, type: mode_t) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == type
    }

    /// True when the cache's folder and the one above it (`.trampoline/.catalogs/`) are real
    /// folders: a symbolic link planted there (in a repository, say) must not make a build read
    /// or write files elsewhere.
    static func foldersAreReal(above url: URL) -> Bool {
        let folder = url.deletingLastPathComponent()
        return isReal(folder, type: S_IFDIR) && isReal(folder.deletingLastPathComponent(), type: S_IFDIR)
    }

    /// Where the entry recorded under `digest` starts, if there is one.
    package func entry(for digest: SHA256.Digest) -> Int? {
        guard let offset = entries[Self.head(of: digest)] else { return nil }
        let same = digest.withUnsafeBytes { memcmp(file.bytes.baseAddress! + offset, $0.baseAddress!, 32) == 0 }
        return same ? offset : nil
    }

    /// The link of the entry at `offset`, for an entry now starting at line `line` of `file`,
    /// decoded in place (no slice of the file's data per link).
    package func decodedLink(at offset: Int, line: Int, file: String, defaults: LinkOptions) -> Link? {
        Self.decode(encodedBytes(at: offset), line: line, file: file, defaults: defaults)
    }

    /// What the entry at `offset` holds after its digest and length, in place.
    package func encodedBytes(at offset: Int) -> UnsafeRawBufferPointer {
        let raw = self.file.bytes
        let length = Int(raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
        return UnsafeRawBufferPointer(rebasing: raw[(offset + 36)..<(offset + 36 + length)])
    }

    /// Gives back the memory of the pages the entries at `offsets` lie on, once decoded: a
    /// rebuild's peak is the end of reading the catalog, when every link is decoded. Reading an
    /// entry again later (for a new file) maps its page in again.
    package func release(entriesAt offsets: [Int]) {
        guard let first = offsets.min(), let last = offsets.max() else { return }
        let length = Int(file.bytes.loadUnaligned(fromByteOffset: last + 32, as: UInt32.self).littleEndian)
        file.release(first..<(last + 36 + length))
    }

    /// The entries at `offsets` (digest, length and link), in one piece, for a new file.
    func entries(at offsets: [Int]) -> (bytes: [UInt8], digests: [UInt64]) {
        var bytes: [UInt8] = []
        var digests: [UInt64] = []
        let raw = file.bytes
        for offset in offsets {
            let length = Int(raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
            bytes += raw[offset..<(offset + 36 + length)]
            digests.append(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        return (bytes, digests)
    }
}
