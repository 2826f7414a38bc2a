import TrampolineModel

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

    /// A link's own `language`: a BCP 47 tag; nil when it is absent or bad (an error).
    mutating func readLinkLanguage(_ keys: MappingEntries) -> String? {
        guard let given = optionalText("language", in: keys) else { return nil }
        guard CatalogRules.isLanguageTag(given.text) else {
            error(
                "language \(CatalogRules.quoted(given.text)) is not a language tag", at: given.location,
                hint: "use a BCP 47 tag such as en, fr or pt-BR")
            return nil
        }
        warnWithoutBuiltInStrings(given)
        return given.text
    }
}
