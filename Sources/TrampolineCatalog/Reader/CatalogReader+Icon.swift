import Foundation
import TrampolineModel

extension CatalogReader {
    /// `app.icon`: an image file beside the catalog (PNG, JPEG, GIF or WebP, at most
    /// ``AppIcon/maximumBytes``), which the site gets a copy of, or an https URL.
    mutating func readIcon(_ icon: Located) -> AppIcon? {
        let text = icon.text
        let lower = text.lowercased()
        if lower.hasPrefix("http:") {
            error(
                "app.icon \(CatalogRules.quoted(text)) is an http: URL", at: icon.location,
                hint:
                    "https pages cannot show http: images; use the https:// URL, or put the image beside the catalog and name its file"
            )
            return nil
        }
        if lower.hasPrefix("https:") {
            if let problem = CatalogRules.webURLProblem(text, key: "app.icon") {
                error(problem.message, at: icon.location, hint: problem.hint)
                return nil
            }
            return AppIcon(url: text)
        }
        if let colon = text.firstIndex(of: ":"), CatalogRules.isScheme(String(text[..<colon])),
            colon != text.index(after: text.startIndex)
        {
            error(
                "app.icon uses the '\(text[..<colon].lowercased()):' scheme", at: icon.location,
                hint: "name an image file beside the catalog (icon.png), or an https:// URL")
            return nil
        }
        return readIconFile(icon)
    }

    /// The project image `icon` names, read from the catalog's folder (``ProjectFolder``: no
    /// path outside it, no symbolic link, a regular file of at most ``AppIcon/maximumBytes``).
    private mutating func readIconFile(_ icon: Located) -> AppIcon? {
        let shown = CatalogRules.quoted(icon.text)
        let bytes: [UInt8]
        do {
            bytes = try project.read(icon.text, limit: AppIcon.maximumBytes)
        } catch .tooLarge(let size, let limit) {
            self.error(
                "app.icon \(shown) is \(size / 1024) KB; the limit is \(limit / 1024) KB", at: icon.location,
                hint: "the page shows it at 64×64 pixels: export it at 192×192 (or 256×256) and compress it")
            return nil
        } catch .missing(let component) {
            self.error(
                ProjectFolder.Refusal.missing(component).message("app.icon", shown), at: icon.location,
                hint: "put the image beside the catalog, or write its path relative to the catalog's folder")
            return nil
        } catch {
            self.error(error.message("app.icon", shown), at: icon.location, hint: error.hint)
            return nil
        }
        guard let format = AppIcon.Format(sniffing: bytes) else {
            error(
                "app.icon \(shown) is not a PNG, JPEG, GIF or WebP image", at: icon.location,
                hint: "export the icon as PNG (SVG is not taken: the site serves it from the deferred link's origin)")
            return nil
        }
        return AppIcon(bytes: bytes, format: format)
    }
}
