/// The templates compiled into the binary: the repository's `Templates/` folder, embedded at build
/// time. `trampoline init` copies them into a project so they can be edited; a build uses a
/// project's `Templates/<name>` in place of the built-in file of the same name.
package enum BuiltinTemplates {
    /// File name (`layout.html`, `interstitial.md`, …) → text.
    package static var files: [String: String] { EmbeddedTemplates.files }
}
