import Crypto
import Foundation
import TrampolineQR

#if canImport(Glibc)
import Glibc
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
/// bytes), entries (digest, 32 bytes; length, 4 bytes little-endian; the encoded link), and the
/// SHA-256 of all that before it.
struct LinkCache: @unchecked Sendable {
    static let magic = Array("trampoline-links 1\n".utf8)

    /// What a cache is found with and written to.
    struct Setup: Sendable {
        /// The cache file.
        var url: URL
        /// Names the binary (or a test's stand-in for an upgrade): a new Trampoline may read links differently.
        var version: String
        /// Random bytes of this user's (``localSecret(in:)``), in the key: decoded links skip every
        /// check of the catalog's rules, so a cache file that came from elsewhere (committed to a
        /// repository, say) must never match.
        var secret: [UInt8]
        /// The file, read and checked (its SHA-256 and index: a tenth of a second at 100k links)
        /// on another thread from the build's start, whatever its key; nil to read it once the
        /// key is known.
        var early: Pending<LinkCache?>?
        /// The ``CatalogLayout`` beside the file, read the same way; nil to read it when needed.
        var earlyLayout: Pending<CatalogLayout?>?
        /// Read the cache and layout if they are there, never write them (`check` writes nothing).
        var readOnly = false

        /// A writer of a new cache file under `key`; nil when read-only or the file cannot be made.
        func writer(key: [UInt8]) -> LinkCache.Writer? {
            readOnly ? nil : LinkCache.Writer(url: url, key: key)
        }
    }

    /// This user's secret for cache keys, made on first use: `trampoline/link-cache-secret` under
    /// `folder` (`$XDG_CACHE_HOME`, else `~/.cache`), readable by its owner only. Nil when there
    /// is no such folder or it cannot be written: then no link cache is used.
    /// With `create` false it is only read: nil when there is none yet.
    static func localSecret(in folder: URL? = defaultSecretFolder, create: Bool = true) -> [UInt8]? {
        guard let folder else { return nil }
        let url = folder.appendingPathComponent("trampoline", isDirectory: true).appendingPathComponent(
            "link-cache-secret")
        if let data = try? Data(contentsOf: url), data.count == 32 { return Array(data) }
        guard create else { return nil }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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
    private let file: MappedFile
    /// The key the file was made under.
    let key: [UInt8]
    /// The first 8 bytes of an entry's digest → where the entry starts in `file`.
    private let entries: [UInt64: Int]
    /// How many entries the file holds.
    let count: Int

    // MARK: - Key

    static func key(
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
    static func digest(of text: UnsafeBufferPointer<UInt8>, column: Int) -> SHA256.Digest {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: column).littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }

    // MARK: - Reading

    /// The cache at `url` when it is whole, whatever its key (see ``Setup/early``).
    static func load(from url: URL) -> LinkCache? {
        guard isReal(url, type: S_IFREG), foldersAreReal(above: url), let file = MappedFile(path: url.path) else {
            return nil
        }
        return LinkCache(file: file)
    }

    private init?(file: MappedFile) {
        let header = Self.magic.count + 32
        let digestSize = 32
        let data = file.bytes
        guard data.count >= header + digestSize,
            data.prefix(Self.magic.count).elementsEqual(Self.magic),
            SHA256.hash(data: UnsafeRawBufferPointer(rebasing: data[..<(data.count - digestSize)])).elementsEqual(
                data.suffix(digestSize))
        else { return nil }
        var entries: [UInt64: Int] = [:]
        var offset = header
        var count = 0
        let end = data.count - digestSize
        let ok = { (raw: UnsafeRawBufferPointer) -> Bool in
            // Counted first (a hop per entry), so the index is never grown and rehashed.
            var entryCount = 0
            while offset + 36 <= end {
                offset += 36 + Int(raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
                entryCount += 1
            }
            entries.reserveCapacity(entryCount)
            offset = header
            while offset < end {
                guard offset + 36 <= end else { return false }
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
                guard offset + 36 + length <= end else { return false }
                entries[raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)] = offset
                offset += 36 + length
                count += 1
            }
            return true
        }(data)
        guard ok else { return nil }
        key = Array(data[Self.magic.count..<header])
        // Read through once for the digest; decoding brings back only the pages it reads.
        file.release(0..<data.count)
        self.file = file
        self.entries = entries
        self.count = count
    }

    /// Whether a rebuild that took `used` of the cache's `entries` and read `new` entries to record
    /// should write the cache anew. An entry missing from the cache is only read the plain way (a
    /// few microseconds), while a new file is a pass over all of it (a tenth of a second of CPU at
    /// 100k links, a sixth of a one-link rebuild): a large cache is renewed once its new and
    /// unused entries pass 1 % of it; one under 10,000 entries whenever any changed.
    static func isWorthRewriting(entries: Int, used: Int, new: Int) -> Bool {
        let changed = new + (entries - used)
        return changed > 0 && (entries < 10_000 || changed * 100 > entries)
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
    func entry(for digest: SHA256.Digest) -> Int? {
        guard let offset = entries[Self.head(of: digest)] else { return nil }
        let same = digest.withUnsafeBytes { memcmp(file.bytes.baseAddress! + offset, $0.baseAddress!, 32) == 0 }
        return same ? offset : nil
    }

    /// The link of the entry at `offset`, for an entry now starting at line `line` of `file`,
    /// decoded in place (no slice of the file's data per link).
    func decodedLink(at offset: Int, line: Int, file: String) -> Link? {
        let raw = self.file.bytes
        let length = Int(raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self).littleEndian)
        return Self.decode(
            UnsafeRawBufferPointer(rebasing: raw[(offset + 36)..<(offset + 36 + length)]), line: line, file: file)
    }

    /// Gives back the memory of the pages the entries at `offsets` lie on, once decoded: a
    /// rebuild's peak is the end of reading the catalog, when every link is decoded. Reading an
    /// entry again later (for a new file) maps its page in again.
    func release(entriesAt offsets: [Int]) {
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

    // MARK: - Writing

    /// Writes a new cache beside the old as entries come (from any thread, in any order), and
    /// puts it in place at ``commit()``: a killed build leaves the old file or the new, whole.
    final class Writer: @unchecked Sendable {
        private let url: URL
        private let temporary: URL
        private let handle: FileHandle
        private var hasher = SHA256()
        private let lock = NSLock()
        private var seen: Set<UInt64> = []
        /// How many entries were written.
        private(set) var count = 0

        init?(url: URL, key: [UInt8]) {
            let folder = url.deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
            try? FileManager.default.removeItem(at: temporary)  // left by a killed build with this pid
            guard LinkCache.foldersAreReal(above: url) else { return nil }
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            self.url = url
            self.handle = handle
            append(raw: LinkCache.magic + key)
        }

        /// Adds entries made by ``LinkCache/appendEntry(digest:encoding:line:file:to:)`` (or copied
        /// from an older file by ``LinkCache/entries(at:)``); an entry whose digest
        /// is already in the file is left out.
        func append(_ chunk: [UInt8], digests: [UInt64]) {
            guard !chunk.isEmpty else { return }
            lock.withLock {
                let fresh = digests.allSatisfy { seen.insert($0).inserted }
                // A repeated entry (two links with the same text) would only be dead weight; the
                // rare chunk holding one is dropped whole, and those links are read again next time.
                guard fresh else { return }
                count += digests.count
                hasher.update(data: chunk)
                try? handle.write(contentsOf: chunk)
            }
        }

        private func append(raw: [UInt8]) {
            hasher.update(data: raw)
            try? handle.write(contentsOf: raw)
        }

        /// Ends the file with its digest and renames it into place.
        func commit() {
            lock.withLock {
                let digest = Array(hasher.finalize())
                try? handle.write(contentsOf: digest)
                try? handle.close()
                if rename(temporary.path, url.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
            }
        }

        /// Drops the new file: the old one stays.
        func discard() {
            lock.withLock {
                try? handle.close()
                try? FileManager.default.removeItem(at: temporary)
            }
        }
    }

    /// The first 8 bytes of a digest: what entries are indexed by.
    static func head(of digest: SHA256.Digest) -> UInt64 {
        digest.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    // MARK: - Links as bytes

    /// The bytes of `link`, read from an entry starting at line `line` of `file`; nil for a link
    /// this cache does not keep (a route: its pattern is parsed again).
    static func encode(_ link: Link, line: Int, file: String) -> [UInt8]? {
        guard link.route == nil else { return nil }
        var out = ByteWriter(line: line, file: file)
        out.link(link)
        return out.bytes
    }

    /// Appends the entry of `link` to `out`: the digest, the length (4 bytes little-endian) and
    /// the link encoded in place; false, and nothing appended, for a link
    /// ``encode(_:line:file:)`` does not keep.
    static func appendEntry(digest: SHA256.Digest, encoding link: Link, line: Int, file: String, to out: inout [UInt8])
        -> Bool
    {
        guard link.route == nil else { return false }
        var writer = ByteWriter(line: line, file: file)
        swap(&writer.bytes, &out)
        writer.bytes.append(contentsOf: digest)
        let lengthAt = writer.bytes.count
        writer.bytes += [0, 0, 0, 0]
        writer.link(link)
        withUnsafeBytes(of: UInt32(writer.bytes.count - lengthAt - 4).littleEndian) {
            writer.bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0)
        }
        swap(&writer.bytes, &out)
        return true
    }

    /// The link `encode` wrote, for an entry now starting at line `line`, read in place; nil for
    /// bytes it did not write.
    static func decode(_ raw: UnsafeRawBufferPointer, line: Int, file: String) -> Link? {
        do {
            var input = ByteReader(raw: raw, line: line, file: file)
            guard let path = input.string(), let deepLink = input.string(), let title = input.string(),
                let description = input.optionalString(), let webURL = input.optionalString(),
                let parameters = input.int()
            else { return nil }
            var campaign: [CampaignParameter] = []
            for _ in 0..<max(0, min(parameters, raw.count)) {
                guard let name = input.string(), let value = input.string() else { return nil }
                campaign.append(CampaignParameter(name: name, value: value))
            }
            var options = LinkOptions()
            guard let template = input.string(),
                let fallback = input.string().flatMap(LinkOptions.Fallback.init(rawValue:)),
                let androidFallbackName = input.optionalString(),
                let delay = input.int(), let channels = input.int()
            else { return nil }
            options.template = template
            options.fallback = fallback
            if let androidFallbackName {
                guard let androidFallback = LinkOptions.Fallback(rawValue: androidFallbackName) else { return nil }
                options.androidFallback = androidFallback
            }
            options.fallbackDelayMs = delay
            options.deferred = []
            for _ in 0..<max(0, min(channels, raw.count)) {
                guard let channel = input.string().flatMap(LinkOptions.DeferredChannel.init(rawValue:)) else {
                    return nil
                }
                options.deferred.append(channel)
            }
            guard let cookieName = input.string(), let cookieDays = input.int(), let forwardQuery = input.bool(),
                let image = input.optionalString(),
                let inAppBrowsers = input.string().flatMap(LinkOptions.InAppBrowsers.init(rawValue:)),
                let confirmStore = input.optionalString(), let qrCode = input.bool(),
                let correction = input.string().flatMap(QRErrorCorrection.init(rawValue:)),
                let location = input.location(), let webURLLocation = input.optionalLocation(),
                let templateLocation = input.location(), input.atEnd
            else { return nil }
            options.cookieName = cookieName
            options.cookieDays = cookieDays
            options.forwardQuery = forwardQuery
            options.image = image
            options.inAppBrowsers = inAppBrowsers
            options.confirmStore = confirmStore
            options.qrCode = qrCode
            options.qrErrorCorrection = correction
            return Link(
                path: path, deepLink: deepLink, title: title, description: description, webURL: webURL,
                campaign: campaign, options: options, location: location, webURLLocation: webURLLocation,
                templateLocation: templateLocation)
        }
    }

    private struct ByteWriter {
        var bytes: [UInt8] = []
        let line: Int
        let file: String

        init(line: Int, file: String) {
            self.line = line
            self.file = file
        }

        mutating func link(_ link: Link) {
            string(link.path)
            string(link.deepLink)
            string(link.title)
            optionalString(link.description)
            optionalString(link.webURL)
            int(link.campaign.count)
            for parameter in link.campaign {
                string(parameter.name)
                string(parameter.value)
            }
            let options = link.options
            string(options.template)
            string(options.fallback.rawValue)
            optionalString(options.androidFallback?.rawValue)
            int(options.fallbackDelayMs)
            int(options.deferred.count)
            for channel in options.deferred { string(channel.rawValue) }
            string(options.cookieName)
            int(options.cookieDays)
            bool(options.forwardQuery)
            optionalString(options.image)
            string(options.inAppBrowsers.rawValue)
            optionalString(options.confirmStore)
            bool(options.qrCode)
            string(options.qrErrorCorrection.rawValue)
            location(link.location)
            optionalLocation(link.webURLLocation)
            location(link.templateLocation)
        }

        mutating func int(_ value: Int) {
            // Zigzag, then 7 bits a byte.
            var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func string(_ value: String) {
            value.withUTF8Bytes { utf8 in
                int(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optionalString(_ value: String?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            string(value)
        }

        mutating func optionalLocation(_ value: SourceLocation?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            location(value)
        }

        /// A position in the entry is kept relative to its first line; one elsewhere (a default's) as it is.
        mutating func location(_ location: SourceLocation) {
            if location.file == file, location.line >= line {
                bytes.append(0)
                int(location.line - line)
            } else {
                bytes.append(1)
                string(location.file)
                int(location.line)
            }
            int(location.column)
        }
    }

    private struct ByteReader {
        let raw: UnsafeRawBufferPointer
        var offset = 0
        let line: Int
        let file: String

        init(raw: UnsafeRawBufferPointer, line: Int, file: String) {
            self.raw = raw
            self.line = line
            self.file = file
        }

        var atEnd: Bool { offset == raw.count }

        mutating func byte() -> UInt8? {
            guard offset < raw.count else { return nil }
            defer { offset += 1 }
            return raw[offset]
        }

        mutating func int() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                guard shift < 64 else { return nil }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    let zigzag = Int64(bitPattern: value)
                    return Int((zigzag >> 1) ^ -(zigzag & 1))
                }
                shift += 7
            }
            return nil
        }

        mutating func bool() -> Bool? {
            switch byte() {
            case 0: false
            case 1: true
            default: nil
            }
        }

        mutating func string() -> String? {
            guard let count = int(), count >= 0, offset + count <= raw.count else { return nil }
            defer { offset += count }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]).bindMemory(to: UInt8.self)
            // Checked by UTF8Check, then decoded: the generic validating initializer cost a
            // runtime metadata lookup per call (a third of decoding a link).
            return UTF8Check.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
        }

        /// nil when the bytes are wrong; `.some(nil)` for an absent value.
        mutating func optionalString() -> String?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }

        mutating func optionalLocation() -> SourceLocation?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return location().map { .some($0) }
            default: return nil
            }
        }

        mutating func location() -> SourceLocation? {
            switch byte() {
            case 0:
                guard let delta = int(), let column = int() else { return nil }
                return SourceLocation(file: file, line: line + delta, column: column)
            case 1:
                guard let file = string(), let line = int(), let column = int() else { return nil }
                return SourceLocation(file: file, line: line, column: column)
            default:
                return nil
            }
        }
    }
}
