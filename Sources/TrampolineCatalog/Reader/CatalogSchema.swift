import TrampolineEmbedded

/// The JSON Schema (draft 2020-12) of `site-config.yml` (a test keeps it in step with the reader's keys).
/// `trampoline init` writes it beside the starter catalog so editors validate without a network.
package enum CatalogSchema {
    /// Where `init` writes the schema, beside the catalog; the catalog's first line points at it.
    package static let fileName = "site-config.schema.json"

    /// The schema's text: the repository's `schema/site-config.schema.json`, embedded at build time.
    package static var json: String { Embedded.schema[fileName] ?? "" }
}
