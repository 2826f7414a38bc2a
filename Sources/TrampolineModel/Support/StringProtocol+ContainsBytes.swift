extension StringProtocol {
    /// Whether `needle`'s UTF-8 bytes occur in this text's: a plain byte search, for the few
    /// markers checked on every link. Foundation's `contains` on strings (and the standard
    /// library's generic one on collections) cost more than the rest of reading a link.
    package func containsBytes(_ needle: String) -> Bool {
        return needle.withUTF8Bytes { needle in
            let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
                guard let first = needle.first else { return true }
                guard bytes.count >= needle.count else { return false }
                for start in 0...(bytes.count - needle.count) where bytes[start] == first {
                    var index = 1
                    while index < needle.count && bytes[start + index] == needle[index] { index += 1 }
                    if index == needle.count { return true }
                }
                return false
            }
            return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
        }
    }
}
