/// `:name` placeholders in a route's own texts (its title, description and image), which the
/// build fills in for an item's page and the route's page script fills in for people.
package enum RouteText {
    /// `text` with each `:name` for which `value` gives a value replaced by it; other colons stay.
    package static func fill(_ text: String, value: (String) -> String?) -> String {
        var out = ""
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let nameStart = rest.index(after: colon)
            let name = rest[nameStart...].prefix { isNameCharacter($0) }
            if let first = name.unicodeScalars.first, !("0"..."9").contains(first), let filled = value(String(name)) {
                out += filled
                rest = rest[name.endIndex...]
            } else {
                out += ":"
                rest = rest[nameStart...]
            }
        }
        return out + rest
    }

    /// The names of `names` that `text` uses as `:name`, in `names`' order.
    package static func placeholders(in text: String, names: [String]) -> [String] {
        var used = Set<String>()
        _ = fill(text) { name in
            if names.contains(name) { used.insert(name) }
            return nil
        }
        return names.filter(used.contains)
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_")
    }
}
