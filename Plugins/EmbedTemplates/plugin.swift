import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/` folder and the catalog schema into the target as Swift source.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        // Listed by path: in Tool/ (the tool's package) Templates is a symbolic link to the root's
        // folder, and Linux Foundation's URL listing finds nothing in a symbolic link to a folder.
        let folder = root.appending(path: "Templates")
        let templates = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { folder.appending(path: $0) }
        // The catalog's JSON Schema ships the same way, so `init` writes the repository's file.
        let schema = root.appending(path: "schema/site-config.schema.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) templates and the catalog schema",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path, "--group", "EmbeddedTemplates"] + templates.map(\.path)
                    + ["--group", "EmbeddedSchema", schema.path],
                inputFiles: templates + [schema],
                outputFiles: [output]
            )
        ]
    }
}
