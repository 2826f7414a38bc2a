import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// The catalog's folder, and the one way the build reads a file a catalog names (templates,
/// `layout.html`, `style.css`, `links_file`, `app.icon`). A catalog is untrusted input
/// (SECURITY.md): a pull request could name `/proc/self/environ`, `../secrets`, `~/.netrc`, or
/// commit a symbolic link pointing at one, and the build would publish its bytes. So a name is
/// read only when it is relative, has no `..`, and reaches a regular file through real folders:
/// every component is opened with `O_NOFOLLOW` relative to the folder above it, so a symbolic
/// link anywhere on the way is refused, and no check can be raced between testing and opening.
package struct ProjectFolder: Sendable {
    /// The catalog's folder; what the operator chose, so a symbolic link above it is theirs.
    package let root: URL
    /// Where each read is noted, when a build keeps a ``BuildMemo`` of its inputs.
    package let log: InputLog?

    package init(root: URL, log: InputLog? = nil) {
        self.root = root
        self.log = log
    }

    /// Why a name was refused, each with its message and fix.
    package enum Refusal: Error, Equatable {
        case empty
        case absolute
        case home
        case parent
        case symbolicLink(String)
        case missing(String)
        case notAFolder(String)
        case folder
        case notRegular
        case tooLarge(size: Int, limit: Int)
        case unreadable(String)

        /// What is wrong with `name` (already quoted for a diagnostic), `what` being the value's role.
        package func message(_ what: String, _ name: String) -> String {
            switch self {
            case .empty: "\(what) is empty"
            case .absolute: "\(what) \(name) is an absolute path; project files are read only from the catalog's folder"
            case .home: "\(what) \(name) starts with '~'; project files are read only from the catalog's folder"
            case .parent: "\(what) \(name) climbs out with '..'; project files are read only from the catalog's folder"
            case .symbolicLink(let component):
                "\(what) \(name) goes through the symbolic link '\(CatalogRules.printable(component))'; project files are never read through one"
            case .missing(let component):
                component.isEmpty
                    ? "\(what) \(name) does not exist"
                    : "\(what) \(name) does not exist (there is no folder '\(CatalogRules.printable(component))')"
            case .notAFolder(let component): "\(what) \(name): '\(CatalogRules.printable(component))' is not a folder"
            case .folder: "\(what) \(name) is a folder"
            case .notRegular: "\(what) \(name) is not a regular file"
            case .tooLarge(let size, let limit): "\(what) \(name) is \(size / 1024) KB; the limit is \(limit / 1024) KB"
            case .unreadable(let reason): "cannot read \(what) \(name): \(reason)"
            }
        }

        /// How to fix it.
        package var hint: String {
            switch self {
            case .empty, .absolute, .home, .parent:
                "write a path relative to the catalog's folder, inside it (icon.png, data/links.csv)"
            case .symbolicLink:
                "copy the file into the project instead of linking to it (a catalog change is untrusted input: SECURITY.md)"
            case .missing, .notAFolder: "write its path relative to the catalog's folder"
            case .folder: "name the file inside it"
            case .notRegular: "name a regular file, not a device, pipe or socket"
            case .tooLarge: "make the file smaller"
            case .unreadable: "check the file's permissions"
            }
        }
    }

    /// The components of `name` when it is a path the project may name, or the refusal.
    package static func components(of name: String) throws(Refusal) -> [Substring] {
        if name.isEmpty { throw .empty }
        if name.hasPrefix("/") { throw .absolute }
        if name.hasPrefix("~") { throw .home }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if parts.contains("..") { throw .parent }
        if parts.isEmpty { throw .folder }
        return parts
    }

    /// The bytes of the regular file `name` (relative to ``root``), at most `limit` of them.
    package func read(_ name: String, limit: Int) throws(Refusal) -> [UInt8] {
        guard let log else { return try readFile(name, limit: limit) }
        let result = Result { () throws(Refusal) in try readFile(name, limit: limit) }
        if case .success(let bytes) = result {
            log.record(kind: .file, name: name, limit: limit, bytes: bytes)
        } else {
            log.record(
                InputLog.Entry(kind: .file, name: name, limit: limit, digest: InputLog.Entry.digest(of: result)))
        }
        return try result.get()
    }

    /// The size of the regular file `name` (relative to ``root``), reached as ``read(_:limit:)``
    /// reaches it (no symbolic link on the way); nil when it cannot be.
    package func size(of name: String) -> Int? {
        guard let descriptor = try? open(name) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// How much more is read at a time from a file that grew while it was read.
    private static let growth = 1 << 16

    private func readFile(_ name: String, limit: Int) throws(Refusal) -> [UInt8] {
        let descriptor = try open(name)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        let size = Int(info.st_size)
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        // Room for the size found and one byte more; a file that grew since is read on, up to one
        // byte over the limit, so one that grew past it is caught. (Room for the limit itself
        // was a limit-sized allocation for every file read.)
        var failure: Int32 = 0
        func fill(_ buffer: inout UnsafeMutableBufferPointer<UInt8>, _ count: inout Int) {
            while count < buffer.count {
                let got = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                guard got > 0 else { break }
                count += got
            }
        }
        let room = min(size, limit) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: room, initializingWith: fill)
        // Full: the file grew since `fstat`; read on until its end or past the limit.
        var full = bytes.count == room
        while failure == 0, full, bytes.count <= limit {
            let wanted = min(Self.growth, limit + 1 - bytes.count)
            let more = [UInt8](unsafeUninitializedCapacity: wanted, initializingWith: fill)
            bytes += more
            full = more.count == wanted
        }
        if failure != 0 { throw .unreadable(String(cString: strerror(failure))) }
        if bytes.count > limit { throw .tooLarge(size: bytes.count, limit: limit) }
        return bytes
    }

    /// The names in the folder `name` (relative to ``root``), sorted; nil when it does not exist.
    /// A folder reached through a symbolic link is refused like a file.
    package func names(inFolder name: String) throws(Refusal) -> [String]? {
        guard let log else { return try listFolder(name) }
        let result = Result { () throws(Refusal) in try listFolder(name) }
        log.record(InputLog.Entry(kind: .folder, name: name, digest: InputLog.Entry.digest(of: result)))
        return try result.get()
    }

    private func listFolder(_ name: String) throws(Refusal) -> [String]? {
        let descriptor: Int32
        do {
            descriptor = try open(name, folder: true)
        } catch .missing {
            return nil
        }
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            throw .unreadable(String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A descriptor of `name`, opened component by component with `O_NOFOLLOW`.
    private func open(_ name: String, folder: Bool = false) throws(Refusal) -> Int32 {
        let parts = try Self.components(of: name)
        var current = openPath(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .missing("") }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            // O_NONBLOCK: a FIFO at the end must not hang the build (fstat refuses it next).
            let flags =
                O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last && !folder ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(current, String(part), flags)
            let failure = errno
            if next < 0 {
                var refusal = Self.refusal(for: failure, at: current, part: String(part))
                if last, refusal == .missing(String(part)) { refusal = .missing("") }
                close(current)
                throw refusal
            }
            close(current)
            current = next
        }
        return current
    }

    /// Why `part` inside the open folder `folder` could not be opened.
    private static func refusal(for failure: Int32, at folder: Int32, part: String) -> Refusal {
        var info = stat()
        if fstatat(folder, part, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return .symbolicLink(part)
            case S_IFDIR where failure == ENOTDIR: return .notAFolder(part)
            case S_IFREG where failure == ENOTDIR: return .notAFolder(part)
            default: break
            }
        }
        if failure == ENOENT { return .missing(part) }
        if failure == ENOTDIR { return .notAFolder(part) }
        if failure == ELOOP { return .symbolicLink(part) }
        return .unreadable(String(cString: strerror(failure)))
    }
}

/// `open(2)`, named apart from ``ProjectFolder``'s own `open`.
private func openPath(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags)
    #else
    Darwin.open(path, flags)
    #endif
}
