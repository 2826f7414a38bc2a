/// The files the binary carries: the built-in templates and the catalog's JSON Schema, embedded
/// as Swift source (`EmbeddedFiles.swift`, written by scripts/embed-templates.py, which `make`
/// runs before every build). A module of their own, so a template change recompiles this module
/// alone.
package enum Embedded {
    /// The built-in templates, file name → text.
    package static var templates: [String: String] { EmbeddedTemplates.files }

    /// The catalog's JSON Schema, file name → text.
    package static var schema: [String: String] { EmbeddedSchema.files }
}
