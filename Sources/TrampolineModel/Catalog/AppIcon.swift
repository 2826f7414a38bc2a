/// `app.icon`: the picture beside the app's name on every page.
package struct AppIcon: Sendable, Equatable, Encodable {
    /// Where pages load it from: the site's own copy (`/trampoline-icon-….png`) or an https URL.
    package var source: String
    /// The project image's copy in the site, named from its bytes so that a new image is a new
    /// URL no browser or CDN cache answers with the old one; nil for a URL.
    package var file: OutputPath?
    /// The image's bytes (empty for a URL).
    package var bytes: [UInt8]

    /// The image formats a page may show, told apart by their first bytes (not by the name).
    package enum Format: String, Sendable, CaseIterable {
        case png, jpg, gif, webp

        /// The format `bytes` start as, or nil. SVG is not among them: served from the site's own
        /// origin, an SVG opened directly could run script beside the deferred-link cookie.
        package init?(sniffing bytes: [UInt8]) {
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
            }
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if starts([0xFF, 0xD8, 0xFF]) {
                self = .jpg
            } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
                self = .gif
            } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
                self = .webp
            } else {
                return nil
            }
        }
    }

    /// The largest project image taken: the page shows it at 64×64 CSS pixels, and a phone on a
    /// slow network waits for it beside an 8 KB page.
    package static let maximumBytes = 256 * 1024

    /// A project image of `format`, copied into the site.
    package init(bytes: [UInt8], format: Format) {
        let path = OutputPath.appIcon(
            digest: String(Digest.hex(bytes: bytes).prefix(16)), fileExtension: format.rawValue)
        file = path
        source = path.urlPath
        self.bytes = bytes
    }

    /// An https image the pages load from its own host.
    package init(url: String) {
        source = url
        file = nil
        bytes = []
    }

    /// The source alone: a project image's name already carries its bytes' digest, and the
    /// fingerprint of every page would otherwise encode the whole image.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }
}
