import ArgumentParser
import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineSite

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: a commented site-config.yml, its JSON Schema and a copy of the templates.",
        discussion:
            "Writes into DIR (default: the current folder). Never overwrites: if any of the files exists, nothing is written."
    )

    @Argument(help: "The folder to write into; created if missing.")
    var directory: String = "."

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        var files: [(path: String, text: String)] = [
            (StarterCatalog.fileName, StarterCatalog.text),
            (CatalogSchema.fileName, CatalogSchema.json),
        ]
        for (name, text) in BuiltinTemplates.editableFiles.sorted(by: { $0.key < $1.key }) {
            files.append(("Templates/\(name)", text))
        }
        // Check everything first: a half-written project is worse than none.
        let existing = files.map(\.path).filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        if !existing.isEmpty {
            let shown = existing.map { Console.displayPath(folder.appendingPathComponent($0).standardizedFileURL) }
            Console.report([
                Diagnostic(
                    .error, at: nil,
                    "\(shown.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); nothing was written",
                    hint:
                        "init never overwrites; move the file\(existing.count == 1 ? "" : "s") away or pick another folder"
                )
            ])
            throw ExitCode.failure
        }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            Console.report([
                Diagnostic(
                    .error, at: nil, "cannot write the starter files: \(error.localizedDescription)",
                    hint: "check that \(directory) is writable")
            ])
            throw ExitCode.failure
        }
        let config = Console.displayPath(folder.appendingPathComponent(StarterCatalog.fileName).standardizedFileURL)
        print(
            "Wrote \(config), \(CatalogSchema.fileName) and \(BuiltinTemplates.editableFiles.count) templates in Templates/ (the page scripts stay built in)."
        )
        print(
            "Next: edit \(config), then run 'trampoline serve --config \(config)' to preview or 'trampoline build --config \(config)'."
        )
    }
}
