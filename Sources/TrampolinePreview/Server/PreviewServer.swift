import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TrampolineBuild
import TrampolineModel

/// `trampoline serve`: builds the site, serves the output folder as a static host would (through
/// Hummingbird's FileMiddleware), rebuilds when the catalog or its templates change and reloads
/// open pages; `/_trampoline/` shows every link's flow.
package struct PreviewServer: Sendable {
    /// What to build and where to listen.
    package struct Configuration: Sendable {
        package var configURL: URL
        /// How messages name the catalog (what the user typed).
        package var configDisplayPath: String
        /// `--output`, relative to the working directory; nil uses the catalog's own choice.
        package var outputOverride: String?
        /// Loopback by default: a preview is not for the network.
        package var host: String = "127.0.0.1"
        /// 0 picks a free port.
        package var port: Int = 4000
        package var watch: Bool = true
        /// `--force`: write into an output folder of files Trampoline did not write.
        package var forcesOutput = false
        package var pollInterval: Duration = .milliseconds(300)
        /// `--logs`: access logs whose counts the dashboard shows (`/_trampoline/counts`), read
        /// anew at each request against the last good build's catalog.
        package var logs: [String] = []
        /// `serve --as HOST`: the folder as that host serves it, over HTTPS, and nothing of the
        /// preview (``PreviewServer/hostRouter(outputURL:logger:siteHost:host:layout:)``).
        package var rehearsedHost: StaticHost?

        package init(configURL: URL, configDisplayPath: String, outputOverride: String? = nil) {
            self.configURL = configURL
            self.configDisplayPath = configDisplayPath
            self.outputOverride = outputOverride
        }
    }

    /// Where the site is being served, once the socket is bound.
    package struct Address: Sendable {
        package var outputURL: URL
        package var host: String
        /// The real port (the chosen one when asked for 0).
        package var port: Int
        /// `serve --as`: the local CA's certificate, which a client must trust.
        package var certificateAuthority: URL? = nil
        /// `serve --as`: the host name of the catalog's `site.url`.
        package var siteHost: String? = nil
        /// `http://host:port/`, or `https://` with `serve --as`.
        package var url: String {
            "\(certificateAuthority == nil ? "http" : "https")://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        }
    }

    package var configuration: Configuration
    package var reporter: PreviewReporter

    package init(configuration: Configuration, reporter: PreviewReporter = .silent) {
        self.configuration = configuration
        self.reporter = reporter
    }

    /// Builds once, then serves until SIGINT or SIGTERM.
    /// - Parameters:
    ///   - onBuilt: called after the first build, before the socket is bound.
    ///   - onReady: called once the server listens.
    /// - Throws: ``DiagnosticsError`` when the first build fails (nothing is served then).
    package func run(
        onBuilt: @escaping @Sendable (BuildSnapshot) -> Void = { _ in },
        onReady: @escaping @Sendable (Address) -> Void
    ) async throws {
        var builder = SiteBuilder(
            configURL: configuration.configURL, configDisplayPath: configuration.configDisplayPath)
        builder.forcesOutput = configuration.forcesOutput
        let rebuilder = SiteRebuilder(builder: builder, outputOverride: configuration.outputOverride)
        let (snapshot, outputURL) = try rebuilder.initialBuild()
        onBuilt(snapshot)
        if configuration.rehearsedHost != nil {
            return try await rehearse(snapshot: snapshot, outputURL: outputURL, onReady: onReady)
        }
        let state = PreviewState(snapshot: snapshot, outputURL: outputURL)

        var logger = Logger(label: "trampoline.serve")
        logger.logLevel = .warning
        let router = Self.router(
            state: state, outputURL: outputURL, logger: logger,
            guardsHost: HostGuardMiddleware<BasicRequestContext>.isLoopbackBinding(configuration.host),
            reloads: configuration.watch,
            logs: configuration.logs)
        let watcher = CatalogWatcher(
            rebuilder: rebuilder, state: state, interval: configuration.pollInterval,
            watch: configuration.watch, reporter: reporter
        )
        let host = configuration.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: configuration.port)),
            services: [watcher],
            onServerRunning: { channel in
                onReady(Address(outputURL: outputURL, host: host, port: channel.localAddress?.port ?? 0))
            },
            logger: logger
        )
        try await app.runService()
    }

    /// Outermost first: on loopback, refuse other hosts' names (DNS rebinding); refuse escaping
    /// paths, add the reload script to HTML, act as a static host (404 page, AASA type), map
    /// folders to their index.html, then FileMiddleware serves.
    static func router(
        state: PreviewState, outputURL: URL, logger: Logger, guardsHost: Bool, reloads: Bool = true,
        logs: [String] = []
    ) -> Router<BasicRequestContext> {
        let files = ContainedFileSystem(rootFolder: outputURL, logger: logger)
        let router = Router()
        if guardsHost { router.add(middleware: HostGuardMiddleware()) }
        router.addMiddleware {
            PathGuardMiddleware()
            LiveReloadMiddleware(state: state, enabled: reloads)
            StaticHostMiddleware()
            PrettyURLMiddleware(files: files)
            fileServer(files)
        }
        PreviewRoutes.add(to: router, state: state, logs: logs)
        return router
    }

    /// The files themselves, for the preview and the rehearsal alike. Text types say UTF-8 as
    /// static hosts do, so titles like "Sale — 20%" survive any browser.
    static func fileServer(_ files: ContainedFileSystem) -> some RouterMiddleware<BasicRequestContext> {
        FileMiddleware(fileProvider: files, searchForIndexHtml: true).withAdditionalMediaTypes(forFileExtensions: [
            "html": MediaType(type: .text, subType: "html", parameter: ("charset", "utf-8")),
            "css": MediaType(type: .text, subType: "css", parameter: ("charset", "utf-8")),
            "js": MediaType(type: .text, subType: "javascript", parameter: ("charset", "utf-8")),
        ])
    }
}
