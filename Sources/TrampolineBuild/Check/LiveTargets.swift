import TrampolineModel

/// What `check --live` fetches from the deployed site besides the association files, and what
/// each URL must answer: plain data made from the build, so what is fetched is tested offline.
package struct LiveTargets: Sendable, Equatable {
    /// One URL path of the site and what it must serve.
    package struct Target: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// A link's page, its QR code, or one of the site's own files: this file, status 200.
            case file(OutputPath)
            /// A route's sample URL: the route's page through the host's rewrite (status 200), or
            /// on hosts without `_redirects` the 404 page, whose script serves the route.
            case route(page: OutputPath)
            /// A link of the compact layout: the lookup page (`404.html`), with status 200 through
            /// the catch-all rewrite or 404 without one.
            case lookup
        }

        package var urlPath: String
        package var kind: Kind

        package init(_ urlPath: String, _ kind: Kind) {
            self.urlPath = urlPath
            self.kind = kind
        }
    }

    /// In a stable order: the site's own files, then the routes' samples, then the links' URLs and
    /// files (with `--sample N`, N links spread over the catalog, first and last included).
    package var targets: [Target]

    package init(build: SiteBuild, sample: Int?) {
        var own: [Target] = []
        var perLink: [[Target]] = []
        var shards: [Target] = []
        var linkIndex: [String: Int] = [:]
        for link in build.catalog.links where !link.isRoute {
            linkIndex[link.path] = perLink.count
            perLink.append(build.catalog.site.layout == .compact ? [Target(link.path, .lookup)] : [])
        }
        for entry in build.plan.entries {
            switch entry.content {
            case .hostFile, .appSiteAssociation, .assetLinks:
                continue  // hosts do not serve their own files; the claim files have their own checks
            case .linkPage(let link, _, _) where linkIndex[link.path] != nil && !link.isRoute:
                // A page under _case/ is served at the link's own URL by the host's rules; GitHub
                // Pages has none, and its 404.html finds the link.
                let target =
                    entry.path == link.pageOutputPath
                    ? Target(Self.urlPath(of: entry.path), .file(entry.path))
                    : build.catalog.site.hosting == .githubPages
                        ? Target(link.path, .lookup) : Target(link.path, .file(entry.path))
                perLink[linkIndex[link.path]!].append(target)
            case .qrCode:
                let linkPath = "/" + entry.path.value.dropLast("/qr.svg".count)
                if let index = linkIndex[String(linkPath)] {
                    perLink[index].append(Target(entry.path.urlPath, .file(entry.path)))
                } else {
                    own.append(Target(entry.path.urlPath, .file(entry.path)))
                }
            case .lookupShard, .linkTableShard:
                shards.append(Target(entry.path.urlPath, .file(entry.path)))
            default:
                own.append(Target(Self.urlPath(of: entry.path), .file(entry.path)))
            }
        }
        let routes = build.catalog.routes.map { route in
            Target(route.samplePath, .route(page: .routePage(route)))
        }
        let links = Self.spread(perLink, count: sample).flatMap { $0 }
        targets = own + routes + links + Self.spread(shards, count: sample)
    }

    /// `index.html` files are served at their folder's URL (`a/one/index.html` → `/a/one/`).
    static func urlPath(of path: OutputPath) -> String {
        path.value == "index.html"
            ? "/"
            : path.value.hasSuffix("/index.html") ? "/" + path.value.dropLast("index.html".count) : path.urlPath
    }

    /// `count` items spread evenly over `items` (first and last included); all when nil or enough.
    package static func spread<T>(_ items: [T], count: Int?) -> [T] {
        guard let count, count < items.count else { return items }
        guard count > 1 else { return count == 1 ? [items[0]] : [] }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }
}
