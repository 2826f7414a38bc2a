import ArgumentParser
import Foundation
import TrampolineCatalog
import TrampolineModel

/// `trampoline import firebase FILE…`: Firebase Dynamic Links into the catalog's links file.
struct ImportFirebaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import Firebase Dynamic Links: the CSV export (one file per domain) or FDL long links.",
        discussion: """
            Each link keeps its short link's suffix as its path (case and all: /abc and /ABC stay two \
            links), so printed links on a custom domain keep working once that domain serves the new \
            site. Links on *.page.link cannot: Google owns those domains and no longer serves them; \
            re-share those links from the new domain. Long links may be given as arguments (an https \
            URL), as files of one per line, or on standard input (-). The links go into the catalog's links_file (default \
            firebase-links.csv, added to the catalog when it names none); a missing catalog is created. \
            Nothing is written unless every row is valid (or --skip-invalid leaves the bad ones out); \
            importing the same export twice changes nothing.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Firebase export CSV files, files of FDL long links, long links themselves, or - for standard input.",
            valueName: "file|url|-"))
    var files: [String]

    @OptionGroup var options: CatalogOptions

    @Option(help: ArgumentHelp("The links file to write when the catalog names none.", valueName: "name.csv"))
    var linksFile: String?

    @Flag(help: "Import archived links too.")
    var includeArchived = false

    @Flag(help: "Leave out invalid rows (each reported) instead of importing nothing.")
    var skipInvalid = false

    @Option(help: ArgumentHelp("The only host link may have (default: the host most rows use).", valueName: "host"))
    var webHost: String?

    @Option(
        help: ArgumentHelp("New catalog: site.url (default: https:// and the short links' domain).", valueName: "url"))
    var siteURL: String?

    @Option(help: ArgumentHelp("New catalog: the iOS app's team ID.", valueName: "id"))
    var teamID: String?

    @Option(
        help: ArgumentHelp("New catalog: the Android app's SHA-256 signing fingerprint (repeatable).", valueName: "hex")
    )
    var sha256CertFingerprint: [String] = []

    @Option(
        help: ArgumentHelp(
            "New catalog: the app's custom URL scheme (default: ius, else the bundle ID).", valueName: "scheme"))
    var scheme: String?

    @Option(help: ArgumentHelp("New catalog: app.name (default: the bundle ID's last part).", valueName: "name"))
    var appName: String?

    @Option(
        help: ArgumentHelp(
            "New catalog: site.claims, what the app claims: domain (the default: the whole host) or links (each link's path).",
            valueName: "claims"))
    var claims: SiteClaims?

    @Option(help: ArgumentHelp("Report format: text, json or github (workflow annotations).", valueName: "format"))
    var format: DiagnosticFormat = .text

    func run() throws {
        var settings = FirebaseImportOptions()
        settings.includeArchived = includeArchived
        settings.skipInvalid = skipInvalid
        settings.webHost = webHost
        settings.linksFile = linksFile
        settings.siteURL = siteURL
        settings.teamID = teamID
        settings.fingerprints = sha256CertFingerprint
        settings.scheme = scheme
        settings.appName = appName
        settings.claims = claims
        let inputs = Self.inputs(files)
        let result = FirebaseImport(options: settings).run(
            inputs, catalogURL: URL(fileURLWithPath: options.config), catalogDisplayPath: options.config)
        Console.report(result.diagnostics, format: format)
        if result.hasErrors {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            let counted = "\(errors) error\(errors == 1 ? "" : "s")"
            // With --skip-invalid, what is left is not a row that can be left out (a broken file,
            // the catalog): suggesting the flag again would send the user round in a circle.
            Console.note(
                skipInvalid
                    ? "Nothing imported: \(counted) that --skip-invalid cannot leave out (it skips only rows); fix \(errors == 1 ? "it" : "them")."
                    : "Nothing imported: \(counted); fix \(errors == 1 ? "it" : "them"), or pass --skip-invalid to leave those rows out."
            )
            throw ExitCode.failure
        }
        for file in result.files {
            do {
                try Data(file.text.utf8).write(to: file.url, options: .atomic)
            } catch {
                Console.report(
                    [
                        Diagnostic(
                            .error, at: nil,
                            "cannot write \(Console.displayPath(file.url)): \(error.localizedDescription)",
                            hint: "check that the folder is writable")
                    ], format: format)
                throw ExitCode.failure
            }
        }
        let written =
            result.files.isEmpty
            ? "nothing changed" : "wrote " + result.files.map { Console.displayPath($0.url) }.joined(separator: " and ")
        print(
            "Imported \(result.imported) link\(result.imported == 1 ? "" : "s") into \(result.linksFile) (\(result.createsCatalog ? "new catalog " : "")\(options.config)): \(result.unchanged) unchanged, \(result.skippedArchived) archived skipped, \(result.skippedInvalid) invalid skipped, \(result.warningCount) warnings; \(written)."
        )
    }

    /// Files as they are; `-` as standard input; long links given as arguments, one input with
    /// one per line (they are read as a file of long links would be).
    static func inputs(_ arguments: [String]) -> [FirebaseImport.Input] {
        var inputs: [FirebaseImport.Input] = []
        var links: [String] = []
        for argument in arguments {
            let lowered = argument.lowercased()
            if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
                links.append(argument)
            } else if argument == "-" {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                inputs.append(
                    FirebaseImport.Input(url: URL(fileURLWithPath: "/dev/stdin"), displayPath: "<stdin>", data: data))
            } else {
                inputs.append(FirebaseImport.Input(url: URL(fileURLWithPath: argument), displayPath: argument))
            }
        }
        if !links.isEmpty {
            let text = links.joined(separator: "\n") + "\n"
            inputs.append(
                FirebaseImport.Input(
                    url: URL(fileURLWithPath: "/dev/null"), displayPath: "<arguments>", data: Data(text.utf8)))
        }
        return inputs
    }
}
