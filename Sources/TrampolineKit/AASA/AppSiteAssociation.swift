/// The `apple-app-site-association` file for a catalog: it claims exactly the link pages.
public enum AppSiteAssociation {
    /// Apple ignores AASA files larger than this.
    public static let sizeLimit = 128 * 1024

    /// Above this a file still works, but a few more links will push it past ``sizeLimit``.
    public static let sizeWarningLimit = 100 * 1024

    /// Pages of the site that must never open the app: the app itself loads loadCookie.html.
    public static let excludedPaths = ["/", "/index.html", "/404.html", "/loadCookie.html"]

    /// The file's bytes: modern `appIDs` + `components` for iOS 13+, then the same claims as
    /// legacy `appID` + `paths` for iOS 9–12. Each link is claimed with and without a trailing slash.
    public static func json(for catalog: Catalog) -> String {
        let appIDs = catalog.app.appIDs
        var components: [String] = excludedPaths.map { "        {\"/\": \(Escaping.jsonString($0)), \"exclude\": true}" }
        var paths: [String] = excludedPaths.map { Escaping.jsonString("NOT \($0)") }
        for link in catalog.links {
            for path in [link.path, link.path + "/"] {
                components.append("        {\"/\": \(Escaping.jsonString(path))}")
                paths.append(Escaping.jsonString(path))
            }
        }
        let ids = appIDs.map(Escaping.jsonString).joined(separator: ", ")
        let legacy = appIDs.map { id in
            "    {\"appID\": \(Escaping.jsonString(id)), \"paths\": [\(paths.joined(separator: ", "))]}"
        }
        return """
        {"applinks": {"apps": [], "details": [
            {"appIDs": [\(ids)], "components": [
        \(components.joined(separator: ",\n"))
            ]},
        \(legacy.joined(separator: ",\n"))
        ]}}

        """
    }
}
