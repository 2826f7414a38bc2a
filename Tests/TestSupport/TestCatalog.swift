/// Catalog text the test targets share. Each piece is top-level YAML with no line break after it:
/// put `\(TestCatalog.marryApp)` on a line of its own in a catalog's text.
public enum TestCatalog {
    /// `site:` at https://go.example.com, titled "Marry links".
    public static let marrySite = """
        site:
          url: https://go.example.com
          title: Marry links
        """

    /// The example app's `app:` section: Marry, on iOS only.
    public static let marryApp = """
        app:
          name: Marry
          ios:
            team_id: ABCDE12345
            bundle_id: com.example.marry
            app_store_id: "1356057329"
            scheme: marry
        """

    /// ``marrySite`` and ``marryApp``, deferred links by clipboard and cookie, and `links:`, whose
    /// items follow.
    public static let marryHead = """
        \(marrySite)
        \(marryApp)
        defaults:
          deferred: [clipboard, cookie]
        links:
        """
}
