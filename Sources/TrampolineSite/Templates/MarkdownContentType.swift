import Mustache
import TrampolineModel

/// Escapes `{{values}}` for a Markdown body: every ASCII punctuation character is backslash-escaped
/// (CommonMark allows that for all of them) and line breaks become spaces, so a catalog value is
/// always literal text — never emphasis, a heading, a link or raw HTML.
struct MarkdownContentType: MustacheContentType {
    static let name = "TRAMPOLINE_MARKDOWN"

    /// swift-mustache keeps content types in a global table; registering twice is harmless.
    static func register() {
        _ = registration
    }

    private static let registration: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: name)
    }()

    func escapeText(_ text: String) -> String {
        Escaping.markdown(text)
    }
}
