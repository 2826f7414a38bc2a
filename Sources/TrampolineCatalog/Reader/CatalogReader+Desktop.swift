import TrampolineModel

/// `desktop` and `desktop_url`: what a link's page does on a desktop.
extension CatalogReader {
    mutating func readDesktopOptions(_ keys: MappingEntries, into options: inout LinkOptions) {
        if let d = optionalText("desktop", in: keys) {
            if let value = LinkOptions.Desktop(rawValue: d.text) {
                options.desktop = value
            } else {
                error(
                    "desktop must be 'qr', 'web' or 'store', found \(CatalogRules.quoted(d.text))", at: d.location,
                    hint:
                        "qr shows the link's QR code to scan with a phone; web goes to desktop_url or web_url; store goes to the store"
                )
            }
        }
        if let u = optionalText("desktop_url", in: keys) {
            // The rule of every page URL: absolute http(s), no javascript:, no control characters.
            if let problem = CatalogRules.webURLProblem(u.text, key: "desktop_url") {
                error(problem.message, at: u.location, hint: problem.hint)
            } else {
                options.desktopURL = u.text
            }
        }
    }

    /// `desktop: web` needs a page to go to.
    mutating func checkDesktop(_ options: LinkOptions, webURL: String?, at location: SourceLocation) {
        guard options.desktop == .web, options.desktopURL == nil, webURL == nil else { return }
        error(
            "desktop is 'web' but the link has no desktop_url or web_url", at: location,
            hint: "add desktop_url: https://... (or web_url), or set desktop: qr")
    }
}
