import Foundation
import TrampolineModel

extension AASAMatcher {
    /// One compiled AASA pattern: `*` (zero or more characters, slashes included), `?` (exactly one
    /// character) and `$(name)` substitution variables; everything else is literal. A pattern
    /// must cover the whole text it is compared with.
    ///
    /// Matching tracks the set of text positions reachable after each pattern element, so
    /// alternation (substitution variables) and stars never backtrack exponentially:
    /// the cost is bounded by pattern length x text length.
    ///
    /// A class, as ``Rule`` is: a rule binding its pattern to match a URL copied a struct's
    /// arrays, a retain and a release each, for every rule tried on every URL of the claims check.
    final class Pattern: Sendable {
        indirect enum Element: Sendable {
            case literal(Character, folded: String)
            case anyCharacter
            case star
            case characterClass(CharacterClass)
            case codes(CodeList)
            /// A custom substitution variable: any one of its values, each a wildcard pattern.
            case alternatives([[Element]])
            /// An undefined variable, or one with no values: nothing can match it.
            case never
        }

        /// The single-character built-in variables. Apple documents each as a list of ASCII
        /// characters, so each matches exactly one character.
        enum CharacterClass: Sendable {
            case alpha, upper, lower, alnum, digit, xdigit

            func contains(_ character: Character, caseSensitive: Bool) -> Bool {
                if containsExactly(character) { return true }
                guard !caseSensitive else { return false }
                // The built-ins are lists of alternatives like any other variable, so case folding
                // applies to them too: with caseSensitive false, $(upper) accepts "a".
                for variant in [String(character).lowercased(), String(character).uppercased()] where variant.count == 1
                {
                    if containsExactly(Character(variant)) { return true }
                }
                return false
            }

            private func containsExactly(_ character: Character) -> Bool {
                guard let ascii = character.asciiValue else { return false }
                let isUpper = (65...90).contains(ascii)
                let isLower = (97...122).contains(ascii)
                let isDigit = (48...57).contains(ascii)
                switch self {
                case .alpha: return isUpper || isLower
                case .upper: return isUpper
                case .lower: return isLower
                case .alnum: return isUpper || isLower || isDigit
                case .digit: return isDigit
                case .xdigit: return isDigit || (65...70).contains(ascii) || (97...102).contains(ascii)
                }
            }
        }

        /// The built-in variables backed by Foundation's ISO lists.
        enum CodeList: Sendable {
            case region, language

            var codes: Set<String> {
                self == .region ? AASAMatcher.ISOCodes.regionSet : AASAMatcher.ISOCodes.languageSet
            }
            var foldedCodes: Set<String> {
                self == .region ? AASAMatcher.ISOCodes.regionFoldedSet : AASAMatcher.ISOCodes.languageFoldedSet
            }
            var lengths: [Int] {
                self == .region ? AASAMatcher.ISOCodes.regionLengths : AASAMatcher.ISOCodes.languageLengths
            }
        }

        /// Element sequences, any of which may match. Usually one; path patterns ending in `/*`
        /// get a second one without that suffix.
        let variants: [[Element]]
        let caseSensitive: Bool
        /// The same pattern for short ASCII text, matched byte by byte; nil when a literal is not ASCII.
        let ascii: ASCIIPattern?

        /// Compiles `source`. `variables` are the file's custom substitution variables.
        /// With `parentMatchesTrailingSlashStar`, a pattern ending in `/*` also matches the text
        /// without that final segment (`/buy/*` matches `/buy`), as swcutil does for paths.
        init(
            _ source: String, caseSensitive: Bool, variables: [String: [String]],
            parentMatchesTrailingSlashStar: Bool = false
        ) {
            self.caseSensitive = caseSensitive
            let elements = Self.parse(source, caseSensitive: caseSensitive, variables: variables)
            var variants = [elements]
            if parentMatchesTrailingSlashStar, elements.count >= 2,
                case .star = elements[elements.count - 1],
                case .literal("/", _) = elements[elements.count - 2]
            {
                variants.append(Array(elements.dropLast(2)))
            }
            self.variants = variants
            ascii =
                FastPath.aasaBytePatterns.isOn ? ASCIIPattern(variants: variants, caseSensitive: caseSensitive) : nil
        }

        /// True when the pattern covers all of `text`.
        func matches(_ text: String) -> Bool {
            if let ascii, let matched = ascii.matches(text) { return matched }
            return matchesByCharacter(text)
        }

        /// ``matches(_:)`` for any text, by `Character`: the plain path ``ASCIIPattern`` is held to.
        func matchesByCharacter(_ text: String) -> Bool {
            let characters = Array(text)
            let folded = caseSensitive ? [] : characters.map { String($0).lowercased() }
            var start = [Bool](repeating: false, count: characters.count + 1)
            start[0] = true
            for elements in variants {
                let end = Self.advance(
                    elements[...], from: start, characters: characters, folded: folded, caseSensitive: caseSensitive)
                if end[characters.count] { return true }
            }
            return false
        }

        // MARK: - Compilation

        /// Turns pattern text into elements. `variables` nil means substitution is off, which is
        /// the case inside a variable's own values (Apple: values may not contain variables).
        private static func parse(_ source: String, caseSensitive: Bool, variables: [String: [String]]?) -> [Element] {
            let characters = Array(source)
            var elements: [Element] = []
            var index = 0
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "*":
                    // Consecutive stars mean the same as one; keeping one keeps matching linear.
                    if case .star? = elements.last {} else { elements.append(.star) }
                    index += 1
                case "?":
                    elements.append(.anyCharacter)
                    index += 1
                case "$" where variables != nil && index + 1 < characters.count && characters[index + 1] == "(":
                    if let close = characters[(index + 2)...].firstIndex(of: ")") {
                        let name = String(characters[(index + 2)..<close])
                        elements.append(
                            variable(named: name, caseSensitive: caseSensitive, variables: variables ?? [:]))
                        index = close + 1
                    } else {
                        // No closing parenthesis: not a variable reference, so the text is literal.
                        elements.append(.literal(character, folded: String(character).lowercased()))
                        index += 1
                    }
                default:
                    elements.append(.literal(character, folded: String(character).lowercased()))
                    index += 1
                }
            }
            return elements
        }

        private static func variable(named name: String, caseSensitive: Bool, variables: [String: [String]]) -> Element
        {
            // A custom variable with a built-in's name shadows the built-in: the file author's
            // definition is the more specific one.
            if let values = variables[name] {
                guard !values.isEmpty else { return .never }
                return .alternatives(values.map { parse($0, caseSensitive: caseSensitive, variables: nil) })
            }
            switch name {
            case "alpha": return .characterClass(.alpha)
            case "upper": return .characterClass(.upper)
            case "lower": return .characterClass(.lower)
            case "alnum": return .characterClass(.alnum)
            case "digit": return .characterClass(.digit)
            case "xdigit": return .characterClass(.xdigit)
            case "region": return .codes(.region)
            case "lang": return .codes(.language)
            default: return .never
            }
        }

        // MARK: - Matching

        private static func advance(
            _ elements: ArraySlice<Element>, from start: [Bool], characters: [Character], folded: [String],
            caseSensitive: Bool
        ) -> [Bool] {
            let count = characters.count
            var current = start
            for element in elements {
                guard current.contains(true) else { return current }
                var next = [Bool](repeating: false, count: count + 1)
                switch element {
                case .literal(let literal, let foldedLiteral):
                    for position in 0..<count where current[position] {
                        if caseSensitive ? characters[position] == literal : folded[position] == foldedLiteral {
                            next[position + 1] = true
                        }
                    }
                case .anyCharacter:
                    for position in 0..<count where current[position] { next[position + 1] = true }
                case .star:
                    if let first = current.firstIndex(of: true) {
                        for position in first...count { next[position] = true }
                    }
                case .characterClass(let characterClass):
                    for position in 0..<count where current[position] {
                        if characterClass.contains(characters[position], caseSensitive: caseSensitive) {
                            next[position + 1] = true
                        }
                    }
                case .codes(let list):
                    let codes = caseSensitive ? list.codes : list.foldedCodes
                    for position in 0..<count where current[position] {
                        for length in list.lengths where position + length <= count {
                            let candidate =
                                caseSensitive
                                ? String(characters[position..<(position + length)])
                                : folded[position..<(position + length)].joined()
                            if codes.contains(candidate) { next[position + length] = true }
                        }
                    }
                case .alternatives(let alternatives):
                    for alternative in alternatives {
                        let reached = advance(
                            alternative[...], from: current, characters: characters, folded: folded,
                            caseSensitive: caseSensitive)
                        for position in 0...count where reached[position] { next[position] = true }
                    }
                case .never:
                    break
                }
                current = next
            }
            return current
        }
    }
}
