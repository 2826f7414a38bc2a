import ArgumentParser
import Foundation
import TrampolineModel
import TrampolineSite

struct IntentFilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intent-filter",
        abstract: "Print the Android manifest's <intent-filter> elements for the catalog.",
        discussion:
            "Android decides which https URLs open the app from its manifest, and verifies them against /.well-known/assetlinks.json. Paste the output inside the <activity> that handles deep links; regenerate it when links change. It claims exactly the link pages, never /, index.html, 404.html or loadCookie.html."
    )

    @OptionGroup var options: CatalogOptions

    @Option(
        name: .shortAndLong,
        help: "Write the XML to this file instead of standard output (keep it outside the deployed folder).")
    var output: String?

    func run() throws {
        let result = try options.build()
        guard let xml = IntentFilter.xml(for: result.catalog) else {
            Console.report([
                Diagnostic(
                    .error, at: SourceLocation(file: options.config, line: 1, column: 1),
                    "the catalog has no app.android section",
                    hint: "add app.android with package and sha256_cert_fingerprints")
            ])
            throw ExitCode.failure
        }
        try CatalogOptions.write(Array(xml.utf8), to: output)
    }
}
