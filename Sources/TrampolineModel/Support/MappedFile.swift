import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory, unmapped when the last reference goes.
///
/// Why not `Data(contentsOf:options: .alwaysMapped)`: a large local cache is read once, front to
/// back, and its pages then only weigh on the process's peak memory. ``release(_:)`` hands a
/// range's pages back to the system, which only holds for memory known to be a file's mapping:
/// on private anonymous memory (what `Data` may give instead) the same call would zero the bytes.
package final class MappedFile: @unchecked Sendable {
    /// The file's bytes; valid while this object lives.
    package let bytes: UnsafeRawBufferPointer
    /// The file's inode: a writer that appends to the file checks it is still the one mapped.
    package let inode: UInt64

    /// The regular file at `path`, mapped; nil when it cannot be opened or mapped, is not a
    /// regular file, or is empty.
    package init?(path: String) {
        guard let (descriptor, size, info) = FileBytes.openRegularFileWithStat(path) else { return nil }
        defer { close(descriptor) }
        guard size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        inode = UInt64(info.st_ino)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
    }

    /// Lets the system drop the pages under `range` from this process's memory. The bytes stay
    /// readable: a later read maps them in again from the file (the page cache, usually). Safe
    /// while other threads read the same pages, since nothing ever writes to the mapping.
    package func release(_ range: Range<Int>) {
        let page = Int(getpagesize())
        let start = range.lowerBound / page * page
        let end = min(bytes.count, range.upperBound)
        guard start < end else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + start), end - start, Int32(MADV_DONTNEED))
    }
}
