import Foundation

extension HeaderRule {
    /// The rules of a `_headers` file, as Netlify and Cloudflare Pages read it (docs.netlify.com,
    /// "Custom headers"; developers.cloudflare.com, "Pages > Headers"): a path line (a trailing `*`
    /// takes every path below), then its indented `Name: value` lines; `#` lines are comments.
    /// What `serve --as` applies, read from the folder as the host reads it, so a file that is
    /// missing or wrong shows in the rehearsal too.
    package static func rules(inHeadersFile text: String) -> [HeaderRule] {
        var rules: [HeaderRule] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.first == " " || line.first == "\t" {
                guard !rules.isEmpty, let colon = trimmed.firstIndex(of: ":") else { continue }
                let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
                let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                rules[rules.count - 1].fields.append(Field(name: name, value: value))
            } else {
                rules.append(HeaderRule(trimmed, []))
            }
        }
        return rules
    }
}
