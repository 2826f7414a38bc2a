import TrampolineModel

/// The `/.well-known/assetlinks.json` file for an Android app: one Digital Asset Links statement
/// that lets the app handle all of the site's URLs it declares in its intent filters (Android
/// App Links). Which URLs open the app is decided by the app's manifest (``IntentFilter``), not here.
extension AssetLinks {
    /// The relation Android's App Links verifier looks for.
    package static let relation = "delegate_permission/common.handle_all_urls"

    /// The file's bytes: strict JSON, a top-level array, fingerprints as Google's verifier
    /// reads them (already normalised by the catalog reader), one per line so diffs stay small.
    package static func json(package: String, fingerprints: [String], excluded: [String]? = nil) -> String {
        let prints = fingerprints.map { "        " + Escaping.jsonString($0) }.joined(separator: ",\n")
        return """
            [{
              "relation": [\(Escaping.jsonString(relation))],\(excluded.map(dynamicRules) ?? "")
              "target": {
                "namespace": "android_app",
                "package_name": \(Escaping.jsonString(package)),
                "sha256_cert_fingerprints": [
            \(prints)
                ]
              }
            }]

            """
    }

    /// Android 15's dynamic App Links rules (`dynamic_app_link_components`, first match decides):
    /// the debug view and the site's own files stay in the browser, every other path opens the
    /// app. Older Android ignores the member and goes by the manifest's intent filter.
    static func dynamicRules(excluded: [String]) -> String {
        var rules = [
            "        {\"/\": \"*\", \"?\": {\"\(SiteFiles.debugQuery.name)\": \"\(SiteFiles.debugQuery.value)\"}, \"exclude\": true}"
        ]
        rules += excluded.map { "        {\"/\": \(Escaping.jsonString($0)), \"exclude\": true}" }
        rules.append("        {\"/\": \"*\"}")
        return """

              "relation_extensions": {
                \(Escaping.jsonString(relation)): {
                  "dynamic_app_link_components": [
            \(rules.joined(separator: ",\n"))
                  ]
                }
              },
            """
    }
}
