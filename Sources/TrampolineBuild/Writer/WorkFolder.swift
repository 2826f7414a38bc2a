import Foundation
import TrampolineModel

/// Where the writer keeps what is not the site: the staging folder new files are written into
/// before they are renamed into place, the stamp cache and the claim cache. It sits beside the output folder —
/// `.trampoline/<output folder name>/` in the same parent — so renames never cross file systems
/// and nothing of it is ever deployed with the site.
package struct WorkFolder: Sendable {
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

    /// The compact layout's `LookupEntryRecord`: what each lookup shard written holds.
    var lookupEntries: URL { url.appendingPathComponent("lookup-entries") }

    /// The ``LinkCache`` of the catalog at `catalogURL`: beside the catalog, in the same
    /// `.trampoline/` folder as the work folders of outputs there (`.catalogs/` cannot be an output
    /// folder's name clash in practice), never deployed.
    static func linkCache(forCatalog catalogURL: URL) -> URL {
        catalogURL.deletingLastPathComponent()
            .appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(".catalogs", isDirectory: true)
            .appendingPathComponent(catalogURL.lastPathComponent + ".links")
    }

    /// The ``BuildMemo`` of the catalog at `catalogURL`: beside its link cache, never deployed.
    static func buildMemo(forCatalog catalogURL: URL) -> URL {
        linkCache(forCatalog: catalogURL).deletingPathExtension().appendingPathExtension("memo")
    }

    /// `serve --as`'s certificate authority for the catalog at `catalogURL`: beside the catalog,
    /// in the same `.trampoline/` folder as its link cache, never deployed.
    package static func localAuthority(forCatalog catalogURL: URL) -> URL {
        catalogURL.deletingLastPathComponent()
            .appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(".local-ca", isDirectory: true)
    }

    /// The output folder's parent, where `.trampoline/` is.
    private var parent: URL { url.deletingLastPathComponent().deletingLastPathComponent() }

    /// Makes the work folder (each level private to this user, 0700) or checks the one there:
    /// a real folder, not a symbolic link, owned by this user and writable by no one else
    /// (``PrivateFolder``).
    func prepare() throws(SiteWriter.WriteError) {
        // The output's parent is the operator's choice (`--output a/b/site`): made as needed.
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriter.WriteError(
                path: parent.path, reason: "cannot create the output folder's parent (\(error.localizedDescription))")
        }
        if let problem = PrivateFolder.make(url, below: parent) {
            throw SiteWriter.WriteError(
                path: url.path, reason: problem,
                hint:
                    "remove \(url.deletingLastPathComponent().path) (Trampoline makes it again, private to you), or build into a folder whose parent only you can write to"
            )
        }
    }

    /// Whether the work folder is there and safe to read caches from (see ``prepare()``).
    var isTrusted: Bool { PrivateFolder.isTrusted(url, below: parent) }
}
