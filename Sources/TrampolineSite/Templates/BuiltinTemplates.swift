import TrampolineEmbedded

/// The templates compiled into the binary: the repository's `Templates/` folder, embedded at build
/// time. `trampoline init` copies the editable ones into a project; a build uses a
/// project's `Templates/<name>` in place of the built-in file of the same name.
package enum BuiltinTemplates {
    /// File name (`layout.html`, `interstitial.md`, …) → text.
    package static var files: [String: String] { Embedded.templates }

    /// The ones `trampoline init` copies: the layout, the style and the pages, meant to be edited.
    /// The scripts stay built in, so a new version's fixes reach every project (a project's own
    /// copy still overrides, as any template does).
    package static var editableFiles: [String: String] {
        files.filter { !TemplateSet.scriptFiles.contains($0.key) }
    }
}
