import Foundation

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

    /// The project image `icon` names, relative to the catalog's folder.
    private mutating func readIconFile(_ icon: Located) -> AppIcon? {
        let url = URL(fileURLWithPath: icon.text, relativeTo: baseURL)
        let shown = CatalogRules.quoted(icon.text)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            error(
                "app.icon \(shown) does not exist (looked for \(url.path))", at: icon.location,
                hint: "put the image beside the catalog, or write its path relative to the catalog's folder")
            return nil
        }
        if isDirectory.boolValue {
            error("app.icon \(shown) is a folder", at: icon.location, hint: "name the image file inside it")
            return nil
        }
        let limit = AppIcon.maximumBytes
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        // A device or a pipe (/dev/zero) has no size and no end: never read one.
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            error(
                "app.icon \(shown) is not a regular file", at: icon.location,
                hint: "name the image file itself")
            return nil
        }
        let size = attributes?[.size] as? Int ?? 0
        if size > limit {
            error(
                "app.icon \(shown) is \(size / 1024) KB; the limit is \(limit / 1024) KB", at: icon.location,
                hint: "the page shows it at 64×64 pixels: export it at 192×192 (or 256×256) and compress it")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            error("cannot read app.icon \(shown)", at: icon.location, hint: "check the file's permissions")
            return nil
        }
        let bytes = [UInt8](data)
        guard let format = AppIcon.Format(sniffing: bytes) else {
            error(
                "app.icon \(shown) is not a PNG, JPEG, GIF or WebP image", at: icon.location,
                hint: "export the icon as PNG (SVG is not taken: the site serves it from the deferred link's origin)")
            return nil
        }
        return AppIcon(bytes: bytes, format: format)
    }
}
