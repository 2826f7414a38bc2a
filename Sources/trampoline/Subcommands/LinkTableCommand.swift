import ArgumentParser
import Foundation
import TrampolineKit

struct LinkTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link-table",
        abstract: "Write the link table as one snapshot file for the app to ship.",
        discussion: """
        Every site publishes its link table under /.well-known/trampoline/v1/ (docs/link-table.md). \
        The snapshot is the same table in one file: add it to the app's bundle, and TrampolineLink \
        resolves the links it knows without asking the network. Regenerate it when links change; \
        links added later are still found in the live table.
        """
    )

    @OptionGroup var options: CatalogOptions

    @Option(name: .shortAndLong, help: "Write the snapshot to this file instead of standard output (keep it outside the deployed folder).")
    var output: String?

    func run() throws {
        let result: SiteBuild
        do {
            result = try options.builder.build()
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
        guard let bytes = result.resolutionSnapshot() else {
            Console.report([Diagnostic(.error, at: nil, "the site has no link table", hint: "this is a bug in Trampoline; please report it")])
            throw ExitCode.failure
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Console.report([Diagnostic(.error, at: nil, "cannot write \(output): \(error.localizedDescription)", hint: "check that its folder exists and is writable")])
            throw ExitCode.failure
        }
    }
}
