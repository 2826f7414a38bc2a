import ArgumentParser
import Foundation
import TrampolineBuild
import TrampolineModel

/// `--config`, shared by every subcommand that reads the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The link catalog.")
    var config: String = "site-config.yml"

    var builder: SiteBuilder {
        SiteBuilder(configURL: URL(fileURLWithPath: config), configDisplayPath: config)
    }

    /// The catalog's build in memory, or its diagnostics reported and a failing exit.
    func build() throws -> SiteBuild {
        do {
            return try builder.build()
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// `bytes` to `output`, or to standard output without one; a file that cannot be written is
    /// an error that says so.
    static func write(_ bytes: [UInt8], to output: String?) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Console.report([
                Diagnostic(
                    .error, at: nil, "cannot write \(output): \(error.localizedDescription)",
                    hint: "check that its folder exists and is writable")
            ])
            throw ExitCode.failure
        }
    }
}
