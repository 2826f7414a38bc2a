/// `site.language` beyond its grammar: whether Trampoline has the pages' texts in it.
extension CatalogReader {
    /// A warning when the built-in templates have no strings in `language`: the pages then show
    /// English beside `<html lang>` of another language, unless the project's templates say otherwise.
    mutating func warnWithoutBuiltInStrings(_ language: Located) {
        guard PageStrings.builtInTag(for: language.text) == nil else { return }
        let tags = PageStrings.builtIn.map(\.tag).joined(separator: ", ")
        warning(
            "the built-in pages have no texts in \(CatalogRules.quoted(language.text)); they show English",
            at: language.location,
            hint:
                "use one of \(tags), or write the texts in your own Templates/ (trampoline init copies them; see docs/templates.md)"
        )
    }
}
