import TrampolineLink
import TrampolineModel
import TrampolineQR

extension SitePlanner {
    /// The `<path>/qr.svg` entry of `link`, or nil with an error when its URL is too long for a
    /// QR code at its level, or when another link's page would sit where the file goes.
    static func qrEntry(for link: Link, at path: OutputPath, catalog: Catalog, engine: inout DiagnosticEngine)
        -> PlanEntry?
    {
        // With site.counts, the code's URL carries a mark (never handed to the app) so the host's
        // log tells a scan from a tap.
        let url =
            catalog.site.url + link.path + (catalog.site.counts.logsRequests ? "?" + LinkTarget.qrMarker + "=1" : "")
        let level = link.options.qrErrorCorrection
        let capacity = QRCode.byteCapacity(version: 40, errorCorrection: level)
        guard url.utf8.count <= capacity else {
            engine.error(
                "the URL of link \(link.path) is \(url.utf8.count) bytes, too long for a QR code: version 40 at error correction \(level.rawValue) holds at most \(capacity) bytes",
                at: link.location,
                hint: level == .low
                    ? "shorten the path, or set qr_code: false on this link"
                    : "shorten the path, lower qr_error_correction (L holds the most), or set qr_code: false on this link"
            )
            return nil
        }
        return PlanEntry(path: path, content: .qrCode(url: url, errorCorrection: level))
    }

    /// Links whose page would be written inside another link's `qr.svg` (`/a/qr.svg` beside a link
    /// `/a` with a QR code): an error at the later one. Hosts and macOS disks are often case-insensitive.
    static func checkQRCollisions(_ catalog: Catalog, engine: inout DiagnosticEngine) {
        // Only a path that spells `/qr.svg` in some case (or has non-ASCII letters, which
        // lowercasing might turn into it) can collide: most catalogs have none, and need no table.
        // By index: a closure given each link copied it whole (a retain per field), on one core.
        let links = catalog.links
        guard links.indices.contains(where: { mayNameQRFile(links[$0].path) }) else { return }
        var qrFiles: [String: Link] = [:]
        for link in catalog.links where link.options.qrCode {
            qrFiles[(link.path + "/qr.svg").lowercased()] = link
        }
        guard !qrFiles.isEmpty else { return }
        for link in catalog.links {
            let lowered = link.path.lowercased()
            guard lowered.contains("/qr.svg") else { continue }
            // The link's own path, or any folder above it, may be a QR file.
            var candidates = [lowered]
            var prefix = lowered
            while let slash = prefix.lastIndex(of: "/"), slash > prefix.startIndex {
                prefix = String(prefix[..<slash])
                candidates.append(prefix)
            }
            if let owner = candidates.lazy.compactMap({ qrFiles[$0] }).first {
                engine.error(
                    "path \(link.path) is where the QR code of link \(owner.path) (at \(owner.location)) is written",
                    at: link.location, hint: "choose another path, or set qr_code: false on \(owner.path)"
                )
            }
        }
    }

    /// True unless `path` is ASCII without `/qr.svg` in any case: a quick filter in front of the
    /// lowercased comparison above.
    static func mayNameQRFile(_ path: String) -> Bool {
        // In place: a 100k catalog asks this of every path.
        return path.withUTF8Bytes { bytes in
            let name: StaticString = "/qr.svg"
            let letters = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            if bytes.contains(where: { $0 >= 0x80 }) { return true }
            guard bytes.count >= letters.count else { return false }
            return (0...(bytes.count - letters.count)).contains { start in
                letters.indices.allSatisfy { bytes[start + $0] | 0x20 == letters[$0] | 0x20 }
            }
        }
    }
}
