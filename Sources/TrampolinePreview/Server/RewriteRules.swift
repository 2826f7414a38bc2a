/// The 200 rules of a site's `_redirects`, read as Netlify reads them, so `serve` answers a route's
/// URLs with the route's page exactly as the host will: in order, the first rule whose source
/// takes the path wins; `:name` takes one non-empty segment, `*` the rest; one trailing slash and
/// the query are ignored. Only consulted for paths no file answers (Netlify serves files first).
struct RewriteRules: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        /// The source's segments (`["restaurant", ":id"]`).
        var source: [Substring]
        /// The path served instead (`/_routes/restaurant/_id/`).
        var target: String
    }

    var rules: [Rule]

    /// Reads `text`; comments, blank lines and rules other than `source target 200` are skipped
    /// (the build writes only those).
    init(_ text: String) {
        rules = text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 3, fields[2] == "200", fields[0].hasPrefix("/"), !line.hasPrefix("#") else {
                return nil
            }
            return Rule(source: fields[0].split(separator: "/"), target: String(fields[1]))
        }
    }

    /// The target of the first rule that takes the raw (still percent-encoded) `path`.
    func target(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let parts = Array(segments.last == "" ? segments.dropLast() : segments)
        return rules.first { rule in
            for (i, source) in rule.source.enumerated() {
                if source == "*" { return true }
                guard i < parts.count, !parts[i].isEmpty, source.hasPrefix(":") || source == parts[i] else {
                    return false
                }
            }
            return parts.count == rule.source.count
        }?.target
    }
}
