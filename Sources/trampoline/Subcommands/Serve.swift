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
            The dashboard at /_trampoline/ shows every link's flow. Stop with Ctrl-C.
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
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Access logs whose counts the dashboard shows at /_trampoline/counts (as trampoline stats reads them).",
            valueName: "log"))
    var logs: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        MemoryTuning.apply()
        var configuration = PreviewServer.Configuration(
            configURL: URL(fileURLWithPath: options.config), configDisplayPath: options.config, outputOverride: output
        )
        configuration.host = host
        configuration.port = port
        configuration.watch = !noWatch
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
                onBuilt: { snapshot in Console.report(snapshot.warnings) },
                onReady: { address in
                    Console.say(
                        "Serving \(Console.displayPath(address.outputURL)) at \(address.url) (dashboard: /_trampoline/)"
                    )
                    Console.say("Press Ctrl-C to stop.")
                }
            )
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
