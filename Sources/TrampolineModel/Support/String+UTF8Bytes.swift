extension String {
    /// Calls `body` with the string's UTF-8 in place. `withUTF8` needs a `var`, and copying the
    /// string into one retains its storage (and releases it after): an atomic write to a line
    /// the other core may hold, for every value of every page. Native strings are contiguous;
    /// a bridged one is copied.
    @inlinable @inline(__always)
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
