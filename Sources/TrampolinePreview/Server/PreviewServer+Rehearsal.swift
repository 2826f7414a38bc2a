import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import TrampolineBuild
import TrampolineModel

extension PreviewServer {
    /// `serve --as HOST`: the hosts whose rules `serve --as` models: those that read the `_headers`
    /// and `_redirects` files the build writes, Firebase Hosting (its `firebase.json`), S3 behind
    /// CloudFront (the build's CloudFront Function) and GitHub Pages (no rules at all). nginx is
    /// rehearsed with nginx itself.
    package static let rehearsableHosts: [StaticHost] =
        StaticHost.allCases.filter(\.readsHostFiles) + [.firebaseHosting, .s3CloudFront, .githubPages]

    /// Serves the built folder as the rehearsed host would, over HTTPS with the project's local
    /// CA, until SIGINT or SIGTERM: no reload script, no dashboard, no rebuilds. The certificate
    /// names the site's host, so `check --live --resolve HOST:PORT:127.0.0.1 --ca-file CA` sees
    /// the folder as it will see the deployment.
    func rehearse(
        snapshot: BuildSnapshot, outputURL: URL, onReady: @escaping @Sendable (Address) -> Void
    ) async throws {
        let siteHost = URL(string: snapshot.catalog.site.url)?.host?.lowercased()
        let catalogFolder = configuration.configURL.deletingLastPathComponent()
        let authority = try LocalAuthority.load(
            from: WorkFolder.localAuthority(forCatalog: configuration.configURL), below: catalogFolder)
        var names: [String] = []
        for name in [siteHost, "localhost", "127.0.0.1", "::1", configuration.host].compactMap({ $0 })
        where !names.contains(name) {
            names.append(name)
        }
        let tls = try authority.serverConfiguration(for: names)
        var logger = Logger(label: "trampoline.serve")
        logger.logLevel = .warning
        let host = configuration.host
        let app = Application(
            router: Self.hostRouter(
                outputURL: outputURL, logger: logger, siteHost: siteHost, host: configuration.rehearsedHost,
                layout: snapshot.catalog.site.layout),
            server: try .tls(.http1(), tlsConfiguration: tls),
            configuration: .init(address: .hostname(host, port: configuration.port)),
            onServerRunning: { channel in
                onReady(
                    Address(
                        outputURL: outputURL, host: host, port: channel.localAddress?.port ?? 0,
                        certificateAuthority: authority.certificateFile, siteHost: siteHost))
            },
            logger: logger
        )
        try await app.runService()
    }

    /// Outermost first: on loopback, answer only loopback names and the site's own (what a
    /// client sends once `--resolve` or a hosts-file entry points the name here); refuse escaping
    /// paths; add what `_headers` gives the path; act as the host (`_redirects` rewrites, before
    /// the files on a host that applies them first; the 404 page with status 404); redirect a
    /// folder's path to the slashed URL, as the host does; serve the file.
    static func hostRouter(
        outputURL: URL, logger: Logger, siteHost: String?, host: StaticHost?, layout: SiteLayout = .folders
    ) -> Router<BasicRequestContext> {
        let files = ContainedFileSystem(rootFolder: outputURL, logger: logger)
        let router = Router()
        router.add(middleware: HostGuardMiddleware(siteHost: siteHost))
        switch host {
        case .s3CloudFront?:
            // The sync (OutputPath.s3SyncCommand) leaves these out of the bucket; the response
            // headers policy sends what _headers lists.
            router.addMiddleware {
                PathGuardMiddleware()
                UndeployedFilesMiddleware(paths: OutputPath.deployOnlyFiles, dropsHiddenFiles: false)
                CloudFrontMiddleware(errorStatus: layout == .compact ? .ok : .notFound)
                HeadersFileMiddleware()
                fileServer(files)
            }
            return router
        case .githubPages?:
            router.addMiddleware {
                PathGuardMiddleware()
                UndeployedFilesMiddleware(paths: [], dropsHiddenFiles: false, jekyllUnlessNoJekyll: true)
                StaticHostMiddleware(typesClaimFiles: false, readsRules: false, typesUnknownAsBinary: true)
                PrettyURLMiddleware(files: files, redirect: host?.folderRedirect)
                fileServer(files)
            }
            return router
        default: break
        }
        if host == .firebaseHosting {
            router.addMiddleware {
                PathGuardMiddleware()
                FirebaseHostingMiddleware()
                PrettyURLMiddleware(files: files, redirect: host?.folderRedirect)
                fileServer(files)
            }
            return router
        }
        router.addMiddleware {
            PathGuardMiddleware()
            UndeployedFilesMiddleware(
                paths: [.headers, .redirects], dropsHiddenFiles: host?.deploysHiddenFiles == false)
            HeadersFileMiddleware()
            StaticHostMiddleware(typesClaimFiles: false, rulesBeforeFiles: host?.rulesBeforeFiles == true)
            PrettyURLMiddleware(files: files, redirect: host?.folderRedirect)
            fileServer(files)
        }
        return router
    }
}
