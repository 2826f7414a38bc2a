import ArgumentParser
import Foundation
import TrampolineModel
import TrampolinePreview

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site and preview it locally, rebuilding on every change.",
        discussion: """
            Serves the output folder as a static host would (pretty URLs, 404.html, the AASA as JSON), \
            watches the catalog and the Templates folder beside it, rebuilds on change and reloads open \
            pages. While the catalog is broken the last good site stays up with the errors over it. \
            The dashboard at /_trampoline/ shows every link's flow. Stop with Ctrl-C. \
            With --as HOST it rehearses the deployment instead: the built folder exactly as that host \
            serves it (its _headers and _redirects, its status codes, no script added, no dashboard, \
            no rebuilds), over HTTPS with a local CA it keeps in .trampoline/.local-ca/, so \
            `check --live --resolve` can be pointed at it before DNS moves.
            """
    )

    @OptionGroup var options: CatalogOptions

    @Option(name: .shortAndLong, help: "Output folder (default: the catalog's site.output, else _site beside it).")
    var output: String?

    @Flag(help: "Write into an output folder that holds files Trampoline did not write (no .trampoline-manifest.json).")
    var force = false

    @Option(help: "Address to listen on; keep it on loopback unless you mean to share the preview.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 4000

    @Flag(name: .customLong("no-watch"), help: "Build once and serve; don't rebuild on changes.")
    var noWatch = false

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp(
            "Serve the built folder as this host would, over HTTPS (\(PreviewServer.rehearsableHosts.map(\.rawValue).joined(separator: ", "))).",
            valueName: "host"))
    var rehearsedHost: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Access logs whose counts the dashboard shows at /_trampoline/counts (as trampoline stats reads them).",
            valueName: "log"))
    var logs: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let rehearsedHost, rehearsedHostValue == nil {
            let known = PreviewServer.rehearsableHosts.map(\.rawValue).joined(separator: ", ")
            let modelled =
                // Every host but nginx is rehearsed (PreviewServer.rehearsableHosts).
                StaticHost(rawValue: rehearsedHost) == nil
                ? "is not a host Trampoline knows"
                : "is not modelled: rehearse with nginx itself and the nginx.conf the build writes (docs/deploy.md, \"nginx\")"
            throw ValidationError("--as \(rehearsedHost) \(modelled); use one of: \(known)")
        }
        if rehearsedHost != nil, !logs.isEmpty {
            throw ValidationError(
                "--logs feeds the preview's dashboard, which serve --as does not have; drop one of them")
        }
    }

    var rehearsedHostValue: StaticHost? {
        rehearsedHost.flatMap(StaticHost.init(rawValue:)).flatMap {
            PreviewServer.rehearsableHosts.contains($0) ? $0 : nil
        }
    }

    func run() async throws {
        MemoryTuning.apply()
        var configuration = PreviewServer.Configuration(
            configURL: URL(fileURLWithPath: options.config), configDisplayPath: options.config, outputOverride: output
        )
        configuration.host = host
        configuration.port = port
        configuration.watch = !noWatch && rehearsedHost == nil
        configuration.rehearsedHost = rehearsedHostValue
        configuration.forcesOutput = force
        configuration.logs = logs
        let reporter = PreviewReporter(
            rebuilt: { snapshot in
                Console.report(snapshot.warnings)
                Console.say(
                    "Rebuilt \(snapshot.catalog.links.count) links: \(snapshot.summary.written.count) written, \(snapshot.summary.unchanged.count) unchanged, \(snapshot.summary.removed.count) removed in \(Console.duration(snapshot.duration))"
                )
            },
            failed: { diagnostics in
                Console.report(diagnostics)
                Console.say(
                    "The catalog has errors; still serving the last good build (see the page overlay or /_trampoline/)."
                )
            }
        )
        do {
            try await PreviewServer(configuration: configuration, reporter: reporter).run(
                onBuilt: { snapshot in
                    Console.report(snapshot.warnings)
                    if let host = rehearsedHostValue, snapshot.catalog.site.hosting != host {
                        let named =
                            snapshot.catalog.site.hosting.map { "site.host is \($0.rawValue)" }
                            ?? "site.host is not set"
                        Console.say(
                            "Note: \(named), and this rehearses \(host.rawValue); set site.host: \(host.rawValue) so the build and check --live know the host"
                        )
                    }
                },
                onReady: { address in
                    if let authority = address.certificateAuthority, let host = rehearsedHostValue {
                        Self.sayRehearsal(address, authority: authority, host: host, config: options.config)
                    } else {
                        Console.say(
                            "Serving \(Console.displayPath(address.outputURL)) at \(address.url) (dashboard: /_trampoline/)"
                        )
                    }
                    Console.say("Press Ctrl-C to stop.")
                }
            )
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// What a rehearsal serves, and the two commands that use it.
    static func sayRehearsal(_ address: PreviewServer.Address, authority: URL, host: StaticHost, config: String) {
        let ca = Console.displayPath(authority)
        Console.say("Serving \(Console.displayPath(address.outputURL)) as \(host.rawValue) would at \(address.url)")
        Console.say("TLS: a certificate from this project's local CA, \(ca) (trust it in a browser to open pages)")
        if let site = address.siteHost {
            Console.say(
                "Check it: trampoline check -c \(config) --live --no-services --resolve \(site):\(address.port):\(address.host) --ca-file \(ca)"
            )
        }
    }
}
