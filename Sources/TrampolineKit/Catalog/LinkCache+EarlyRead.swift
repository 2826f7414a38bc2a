import Foundation

extension LinkCache {
    /// The cache file read and checked (its SHA-256, its index: a tenth of a second at 100k links)
    /// on another thread from the start of a build, while the catalog's text is read and checked;
    /// its key is compared once the catalog's `defaults:` and `app:` have made the build's.
    final class EarlyRead: @unchecked Sendable {
        private let group = DispatchGroup()
        private var loaded: LinkCache?

        init(url: URL) {
            DispatchQueue.global().async(group: group) { [self] in loaded = LinkCache.load(from: url) }
        }

        /// The cache, when the file was whole and made under `key`.
        func cache(key: [UInt8]) -> LinkCache? {
            group.wait()
            return loaded?.key == key ? loaded : nil
        }
    }
}
