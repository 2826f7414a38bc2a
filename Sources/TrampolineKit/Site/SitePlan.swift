import Foundation

/// Everything a build would write: output-relative path → bytes, decided before the disk is touched.
/// The writer applies a plan; `check` compares one with the disk; `serve` rebuilds one on change.
///
/// Link pages are rendered when asked for, not held: a 100,000-link site is about 600 MB of
/// HTML, and every decision that can fail is made while the plan is built, so rendering later
/// cannot change whether a build succeeds.
public struct SitePlan: Sendable {
    /// Files whose bytes are known up front (AASA, special pages, headers).
    private var fixed: [String: Data] = [:]
    /// Link pages: path → index into the renderer's catalog links.
    private var pages: [String: Int] = [:]
    private var renderer: PageRenderer?

    public init() {}

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The bytes of one file, or nil if the plan has no such path.
    public subscript(path: String) -> Data? {
        if let data = fixed[path] { return data }
        guard let index = pages[path], let renderer else { return nil }
        return Data(renderer.linkPageBytes(renderer.catalog.links[index]))
    }

    /// Every path in a stable order, the AASA files last so a crash mid-write never leaves a new
    /// AASA claiming pages that are not there yet.
    public var orderedPaths: [String] {
        let all = Array(fixed.keys) + Array(pages.keys)
        return all.filter { !Self.isAASA($0) }.sorted() + all.filter(Self.isAASA).sorted()
    }

    public var pathSet: Set<String> { Set(fixed.keys).union(pages.keys) }

    public var count: Int { fixed.count + pages.count }

    /// Every file with its bytes, all rendered at once: for small sites and tests.
    public var files: [String: Data] {
        var all = fixed
        for path in pages.keys { all[path] = self[path] }
        return all
    }

    /// What the script of pages made with `template` does (`interstitial`, `redirect`, …): the
    /// template's front matter decides, so custom templates may choose either.
    public func behaviour(ofTemplate template: String) -> String? {
        renderer?.templates.pages[template]?.behaviour.rawValue
    }

    /// A digest of everything a link page is rendered from (the link, the site, the app, the
    /// templates), or nil for other files. Equal fingerprints mean equal bytes.
    public func fingerprint(for path: String) -> String? {
        guard let index = pages[path], let renderer else { return nil }
        return renderer.fingerprint(of: renderer.catalog.links[index])
    }

    /// Calls `body` with every file and its fingerprint (nil for files other than link pages),
    /// rendering pages on all cores in chunks; `body` runs concurrently for different paths, in no
    /// particular order, and its first error stops the rest. Files for which `skip` returns true
    /// are passed over without being rendered.
    public func forEachFile(
        skip: @Sendable (_ path: String, _ fingerprint: String?) -> Bool = { _, _ in false },
        _ body: @Sendable (_ path: String, _ fingerprint: String?, _ data: Data) throws -> Void
    ) throws {
        let ordered = orderedPaths
        let paths = ordered.filter { !Self.isAASA($0) }
        let chunk = 512
        let chunks = (paths.count + chunk - 1) / chunk
        let failure = FirstError()
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for path in paths[(c * chunk)..<min(paths.count, (c + 1) * chunk)] {
                if failure.error != nil { return }
                let fingerprint = fingerprint(for: path)
                if skip(path, fingerprint) { continue }
                do { try body(path, fingerprint, self[path]!) } catch { failure.record(error) }
            }
        }
        if let error = failure.error { throw error }
        // The AASA last, once every page it claims is in place.
        for path in ordered where Self.isAASA(path) {
            try body(path, nil, self[path]!)
        }
    }

    mutating func add(_ path: String, _ text: String) {
        fixed[path] = Data(text.utf8)
    }

    mutating func addPage(_ path: String, linkIndex: Int) {
        pages[path] = linkIndex
    }

    static func isAASA(_ path: String) -> Bool {
        path.hasSuffix("apple-app-site-association")
    }
}

extension SitePlan: Equatable {
    public static func == (lhs: SitePlan, rhs: SitePlan) -> Bool {
        lhs.files == rhs.files
    }
}

/// The first error thrown by concurrent work.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    var error: Error? { lock.withLock { stored } }

    func record(_ error: Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}
