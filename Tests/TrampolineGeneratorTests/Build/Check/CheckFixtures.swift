import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineTestSupport
import XCTest

/// Catalogs and folders shared by the `check` tests.
enum CheckFixtures {
    /// Two apps, three links; `/topic/2` starts on line 17, its web_url is on line 20.
    /// ``yaml`` with `site.claims: links` in place of the site's title (every line stays where it
    /// was): the same-host findings are about a host shared with pages the app does not claim.
    static var yamlClaimedByLink: String {
        yaml.replacingOccurrences(of: "  title: Marry links\n", with: "  claims: links\n")
    }

    static let yaml = """
        \(TestCatalog.marrySite)
        \(TestCatalog.marryApp)
            extra_app_ids: [ABCDE12345.com.example.marry.beta]
        links:
          - path: /topic/1
            deep_link: marry://topic?id=1
            title: Wedding checklist
            description: Everything for the big day.
          - path: /topic/2
            deep_link: marry://topic?id=2
            title: Budget planner
            web_url: https://example.com/budget
          - path: /invite
            title: You're invited
            template: redirect

        """

    static let app = "ABCDE12345.com.example.marry"
    static let beta = "ABCDE12345.com.example.marry.beta"

    static func catalog(_ yaml: String = yaml, file: StaticString = #filePath, line: UInt = #line) throws -> Catalog {
        let (catalog, diagnostics) = CatalogLoader().load(yaml: yaml, displayPath: "site-config.yml")
        return try XCTUnwrap(catalog, "catalog did not load: \(diagnostics.diagnostics)", file: file, line: line)
    }

    /// A fresh folder holding `site-config.yml` (and any other files given), removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trampoline-check-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }
}
