import ArgumentParser
import Foundation
import TrampolineModel

struct LinkTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link-table",
        abstract: "Write the link table as one snapshot file for the app to ship.",
        discussion: """
            Every site publishes its link table under /.well-known/trampoline/v2/ (docs/link-table.md). \
            The snapshot is the same table in one file: add it to the app's bundle, and TrampolineLink \
            resolves the links it knows without asking the network. Regenerate it when links change; \
            links added later are still found in the live table.
            """
    )

    @OptionGroup var options: CatalogOptions

    @Option(
        name: .shortAndLong,
        help: "Write the snapshot to this file instead of standard output (keep it outside the deployed folder).")
    var output: String?

    func run() throws {
        guard let bytes = try options.build().linkTableSnapshot() else {
            Console.report([
                Diagnostic(
                    .error, at: nil, "the site has no link table", hint: "this is a bug in Trampoline; please report it"
                )
            ])
            throw ExitCode.failure
        }
        try CatalogOptions.write(bytes, to: output)
    }
}
