import Foundation

/// A fresh folder per test with a catalog in it, removed afterwards.
final class TemporaryProject {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trampoline-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func read(_ path: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every regular file under `folder`, relative path → text.
    func files(under folder: String) -> [String: String] {
        let root = url.appendingPathComponent(folder).standardizedFileURL
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(root.path.count + 1))
            result[relative] = read("\(folder)/\(relative)")
        }
        return result
    }

    /// A catalog with an interstitial link, a redirect link without its own deep link (cookie
    /// only), and a web-fallback link; `title` is the first link's title, for edits.
    static func catalog(title: String = "Wedding checklist") -> String {
        """
        site:
          url: https://go.example.com
          title: Marry links
        app:
          name: Marry
          ios:
            team_id: ABCDE12345
            bundle_id: com.example.marry
            app_store_id: "1356057329"
            scheme: marry
        defaults:
          deferred: [clipboard, cookie]
        links:
          - path: /topic/1
            deep_link: marry://topic?id=1
            title: \(title)
            campaign: {utm_source: line}
          - path: /invite
            title: You're <invited>
            template: redirect
            fallback_delay_ms: 2000
            deferred: [cookie]
            cookie_name: inviteLink
            cookie_days: 7
          - path: /vendors/photographers
            deep_link: marry://vendors?category=photo
            title: Find a photographer
            web_url: https://example.com/vendors/photographers
            fallback: web
            deferred: [clipboard]

        """
    }
}
