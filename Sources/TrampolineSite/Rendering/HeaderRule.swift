/// One rule of the `_headers` file Netlify and Cloudflare Pages read: a path (exact, or a prefix
/// ending in `*`) and the headers the host adds to what it serves there. The renderer writes the
/// file from these, and `check --live` asks the deployed host for the same headers.
package struct HeaderRule: Sendable, Equatable {
    package var path: String
    package var fields: [Field]

    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String
    }

    package init(_ path: String, _ fields: [(String, String)]) {
        self.path = path
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// Whether the rule applies to `urlPath` (`/.well-known/trampoline/v2/links/0.json`).
    package func matches(_ urlPath: String) -> Bool {
        path.hasSuffix("*") ? urlPath.hasPrefix(path.dropLast()) : urlPath == path
    }

    /// The rule as `_headers` writes it.
    var text: String {
        path + "\n" + fields.map { "  \($0.name): \($0.value)\n" }.joined()
    }
}
