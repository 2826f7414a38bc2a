#if canImport(Glibc)
import Glibc
#endif

/// Process-wide allocator settings for the commands that build sites.
enum MemoryTuning {
    /// glibc returns freed heap to the system only above a trim threshold, and raises that
    /// threshold (up to 32 MB) each time a large buffer is freed, such as the catalog's text after
    /// loading. A fixed 128 KB threshold hands that memory back before the pages are written: a
    /// 100,000-link build peaks about 40 MB lower, at no measurable cost in time.
    static func apply() {
        #if canImport(Glibc)
        // <malloc.h> is not part of Swift's Glibc module: look mallopt up instead.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        _ = unsafeBitCast(symbol, to: Mallopt.self)(trimThreshold, 128 * 1024)
        #endif
    }
}
