/// A path glob as Firebase Hosting reads `firebase.json`'s `source` and `ignore` patterns
/// (firebase.google.com/docs/hosting/full-config, "Glob pattern matching"): `**` any number of
/// segments, `*` any characters of one segment, `?` one, `\` escapes the next character. What the
/// build writes uses only these; extended globs (`@(a|b)`) and braces are not modelled and match
/// nothing, so a hand-written rule using them shows as not applied.
struct HostGlob: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal(Character)
        /// `**`: any characters, slashes included.
        case anything
        /// `*`: any characters but a slash.
        case segmentRun
        /// `?`: one character but a slash.
        case one
    }

    let tokens: [Token]

    /// nil for a pattern with what is not modelled (`@(`, `{`, `[`).
    init?(_ pattern: String) {
        var tokens: [Token] = []
        var characters = pattern.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            switch character {
            case "\\":
                guard let escaped = pending else { return nil }
                tokens.append(.literal(escaped))
                pending = characters.next()
            case "*":
                if pending == "*" {
                    tokens.append(.anything)
                    pending = characters.next()
                } else {
                    tokens.append(.segmentRun)
                }
            case "?": tokens.append(.one)
            case "[", "{": return nil
            case "@", "!", "+":
                // An extended glob, `@(a|b)`: not modelled.
                if pending == "(" { return nil }
                tokens.append(.literal(character))
            default: tokens.append(.literal(character))
            }
        }
        self.tokens = tokens
    }

    /// Whether the glob takes all of `path`.
    func matches(_ path: String) -> Bool {
        Self.match(tokens[...], Array(path)[...])
    }

    private static func match(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Character>) -> Bool {
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .literal(let character):
            return text.first == character && match(rest, text.dropFirst())
        case .one:
            guard let first = text.first, first != "/" else { return false }
            return match(rest, text.dropFirst())
        case .segmentRun, .anything:
            // `**/` may also take nothing, slash included.
            if token == .anything, rest.first == .literal("/"), match(rest.dropFirst(), text) { return true }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, token == .anything || text[index] != "/" else { return false }
                index += 1
            }
        }
    }
}
