import Foundation

/// Where the writer keeps what is not the site: the staging folder new files are written into
/// before they are renamed into place, the stamp cache and the claim cache. It sits beside the output folder —
/// `.trampoline/<output folder name>/` in the same parent — so renames never cross file systems
/// and nothing of it is ever deployed with the site.
struct WorkFolder: Sendable {
    static let name = ".trampoline"

    let url: URL

    init(outputURL: URL) {
        url = outputURL.deletingLastPathComponent()
            .appendingPathComponent(Self.name, isDirectory: true)
            .appendingPathComponent(outputURL.lastPathComponent, isDirectory: true)
    }

    /// New files, before their rename. Emptied at the start and the end of every write.
    var staging: URL { url.appendingPathComponent("staging", isDirectory: true) }

    /// A first build's whole site, renamed onto the missing or empty output folder once it is
    /// complete (``SiteWriter/writeFreshFolder(_:progress:)``).
    var fresh: URL { url.appendingPathComponent("fresh", isDirectory: true) }

    /// The ``StampCache`` of the output folder.
    var stamps: URL { url.appendingPathComponent("stamps") }

    /// The build's `ClaimCache`: which link paths its AASA was verified to claim.
    var claims: URL { url.appendingPathComponent("claims") }

    /// The ``LinkCache`` of the catalog at `catalogURL`: beside the catalog, in the same
    /// `.trampoline/` folder as the work folders of outputs there (`.catalogs/` cannot be an output
    /// folder's name clash in practice), never deployed.
    static func linkCache(forCatalog catalogURL: URL) -> URL {
        catalogURL.deletingLastPathComponent()
            .appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(".catalogs", isDirectory: true)
            .appendingPathComponent(catalogURL.lastPathComponent + ".links")
    }
}
