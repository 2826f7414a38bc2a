import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/` folder and the catalog schema into the target as Swift source.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        // Resolved: in Tool/ (the tool's package) Templates is a symbolic link to the root's folder,
        // and Linux Foundation lists a symbolic link to a folder as empty.
        let templates = try FileManager.default.contentsOfDirectory(
            at: root.appending(path: "Templates").resolvingSymlinksInPath(), includingPropertiesForKeys: nil
        ).filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
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
