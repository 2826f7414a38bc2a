import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SiteWriter {
    /// The staging folder of one write, made new (0700) inside the checked work folder and held
    /// open: staging files are created relative to it and renamed from it.
    struct Staging: Sendable {
        let url: URL
        let descriptor: Int32

        init(at url: URL) throws(WriteError) {
            try? FileManager.default.removeItem(at: url)
            guard mkdir(url.path, 0o700) == 0 else {
                throw WriteError(
                    path: url.path,
                    reason:
                        "cannot create the staging folder beside the output folder (\(String(cString: strerror(errno)))); the output folder's parent must be writable"
                )
            }
            let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw WriteError(path: url.path, reason: String(cString: strerror(errno)))
            }
            self.url = url
            self.descriptor = descriptor
        }

        /// Closes and removes the folder with whatever a failed write left in it.
        func remove() {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Why a write must not go into `folder`, or nil: it holds files but no manifest, so they
    /// are not a site Trampoline wrote (a user's own folder, named by mistake), and the write
    /// would overwrite its `index.html`, `_headers` or association file.
    static func foreignContent(in folder: URL) -> String? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !names.isEmpty,
            !names.contains(Manifest.path.value)
        else { return nil }
        let files = names.count == 1 ? "a file" : "\(names.count) files"
        return "it holds \(files) but no \(Manifest.path.value), so Trampoline did not write it"
    }
}
