import Mustache
import TrampolineModel

/// Escapes `{{values}}` in the layout with ``Escaping/html(_:)``: every `&`, `<`, `>`, `"` and `'`
/// scalar, including one a combining mark follows (swift-mustache's own HTML escaper compares
/// whole characters, so it would leave `"` + U+0301 as it is).
struct HTMLContentType: MustacheContentType {
    static let name = "TRAMPOLINE_HTML"

    /// swift-mustache keeps content types in a global table; registering twice is harmless.
    static func register() {
        _ = registration
    }

    private static let registration: Void = {
        MustacheContentTypes.register(HTMLContentType(), named: name)
    }()

    func escapeText(_ text: String) -> String {
        Escaping.html(text)
    }
}
