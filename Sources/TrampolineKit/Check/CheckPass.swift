import Foundation

/// `check`'s one walk over the plan, on every core as `build` writes: each file rendered once,
/// compared byte for byte with the output folder, measured for the page budget, and each page's
/// anchors read for the same-host check.
package struct CheckPass: Sendable {
    /// How a planned file compares with the output folder.
    package enum FileState: Sendable, Equatable {
        case same, missing, changed
    }

    /// By plan index; nil when there was no folder to compare with.
    package var states: [FileState]?
    /// Each file's rendered size, by plan index.
    package var sizes: [Int]
    /// The `<a href>` targets of each link page and special page.
    package var anchors: [OutputPath: [String]]

    /// Renders the plan of `site`; compares with `outputURL` when given.
    package init(site: SiteBuild, outputURL: URL?) {
        let entries = site.plan.entries
        let results = concurrentMap(entries.count, chunk: 64) { index -> (FileState?, Int, [String]?) in
            let entry = entries[index]
            let bytes = site.renderer.render(entry)
            let state = outputURL.map { Self.compare(bytes, with: $0.appendingPathComponent(entry.path.value)) }
            return (state, bytes.count, Self.hasAnchors(entry) ? HTMLAnchors.targets(in: bytes) : nil)
        }
        states = outputURL == nil ? nil : results.map { $0.0 ?? .missing }
        sizes = results.map(\.1)
        var anchors: [OutputPath: [String]] = [:]
        for (index, result) in results.enumerated() {
            if let targets = result.2 { anchors[entries[index].path] = targets }
        }
        self.anchors = anchors
    }

    /// The pages people tap through: a link's own page and the special pages.
    static func hasAnchors(_ entry: PlanEntry) -> Bool {
        switch entry.content {
        case .linkPage(let link, _, _): entry.path == link.pageOutputPath
        case .specialPage: true
        default: false
        }
    }

    static func compare(_ bytes: [UInt8], with file: URL) -> FileState {
        guard let data = try? Data(contentsOf: file) else { return .missing }
        guard data.count == bytes.count else { return .changed }
        let equal = data.withUnsafeBytes { disk in
            bytes.withUnsafeBytes { built in
                built.count == 0 || memcmp(disk.baseAddress!, built.baseAddress!, built.count) == 0
            }
        }
        return equal ? .same : .changed
    }
}
