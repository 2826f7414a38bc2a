import Foundation
import TrampolineModel

extension SiteBuilder {
    /// The output folder: `override` (relative to the working directory) if given, else the
    /// catalog's `site.output`, else `_site`, both relative to the catalog's folder so a build
    /// does the same wherever it is run from. Refuses folders that would hold the catalog itself.
    package func outputURL(for catalog: Catalog, override: String?) throws -> URL {
        let base = configURL.deletingLastPathComponent()
        let output = namedOutputURL(for: catalog, override: override).resolvingSymlinksInPath()
        let catalogFolder = base.standardizedFileURL.resolvingSymlinksInPath()
        if catalogFolder.path == output.path
            || catalogFolder.path.hasPrefix(output.path.hasSuffix("/") ? output.path : output.path + "/")
        {
            throw DiagnosticsError([
                Diagnostic(
                    .error, at: nil,
                    "the output folder \(output.path) contains the catalog's own folder",
                    hint: "write the site to a folder of its own, such as _site"
                )
            ])
        }
        return output
    }

    /// The output folder as named, before symbolic links are resolved.
    func namedOutputURL(for catalog: Catalog, override: String?) -> URL {
        guard let override else {
            return URL(
                fileURLWithPath: catalog.site.output ?? "_site", relativeTo: configURL.deletingLastPathComponent()
            )
            .standardizedFileURL
        }
        return URL(
            fileURLWithPath: override,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        ).standardizedFileURL
    }
}
