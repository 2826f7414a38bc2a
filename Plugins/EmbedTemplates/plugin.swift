import Foundation
import PackagePlugin

/// Embeds every file of the package's top-level `Templates/` folder into the target as Swift source.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let files = try FileManager.default.contentsOfDirectory(
            at: templates, includingPropertiesForKeys: nil
        ).filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
