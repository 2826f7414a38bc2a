/// The `/.well-known/assetlinks.json` file for an Android app: one Digital Asset Links statement
/// that lets the app handle all of the site's URLs it declares in its intent filters (Android
/// App Links). Which URLs open the app is decided by the app's manifest (``IntentFilter``), not here.
extension AssetLinks {
    /// The relation Android's App Links verifier looks for.
    public static let relation = "delegate_permission/common.handle_all_urls"

    /// The file's bytes: strict JSON, a top-level array, fingerprints as Google's verifier
    /// reads them (already normalised by the catalog reader), one per line so diffs stay small.
    public static func json(package: String, fingerprints: [String]) -> String {
        let prints = fingerprints.map { "        " + Escaping.jsonString($0) }.joined(separator: ",\n")
        return """
        [{
          "relation": [\(Escaping.jsonString(relation))],
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
}
