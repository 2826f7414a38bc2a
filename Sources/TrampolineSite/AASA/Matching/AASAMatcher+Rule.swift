import Foundation
import TrampolineModel

extension AASAMatcher {
    /// One compiled rule: a `components` entry, or a legacy `paths` entry, with the `defaults`
    /// it inherits already folded in. A class: the claims check tries a few rules for every URL
    /// of every link, and each try of a struct copied it, retaining each of its patterns' arrays.
    final class Rule: Sendable {
        /// How a rule constrains the query.
        enum QueryConstraint: Sendable {
            /// No `?` key (or one the system ignores): any query, or none, is fine.
            case any
            /// `"?": "pattern"`: the pattern must cover the whole query string.
            case whole(Pattern)
            /// `"?": {"name": "pattern", ...}`: every named item must match; others are ignored.
            case items([QueryItemConstraint])
        }

        struct QueryItemConstraint: Sendable {
            let name: String
            let pattern: Pattern
            /// ``name``'s bytes when it is ASCII, lowercased when the rule is not case-sensitive:
            /// what ``Rule/itemMatch(_:in:)`` compares an ASCII query's names with.
            let asciiName: [UInt8]?

            init(name: String, pattern: Pattern, caseSensitive: Bool) {
                self.name = name
                self.pattern = pattern
                let bytes = Array(name.utf8)
                asciiName = bytes.allSatisfy { $0 < 0x80 } ? bytes.map { caseSensitive ? $0 : $0.asciiLowercased } : nil
            }
        }

        /// The keys a rule (and a `defaults` object, which Apple calls a subclass of components)
        /// may carry. Anything else, including misspellings such as `casesensitive`, is ignored,
        /// as swcutil does.
        static let ruleKeys: Set<String> = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded"]

        let path: Pattern?
        let query: QueryConstraint
        let fragment: Pattern?
        let exclude: Bool
        let caseSensitive: Bool
        let percentEncoded: Bool
        /// The rule as it reads in the file, for reports.
        let text: String

        /// Builds a rule from its effective settings: the component's own keys laid over the
        /// detail's `defaults`, laid over the file's `defaults`. Types must already be validated.
        init(settings: [String: JSONValue], variables: [String: [String]], text: String) {
            let caseSensitive = settings["caseSensitive"].flatMap(Self.bool) ?? true
            self.caseSensitive = caseSensitive
            percentEncoded = settings["percentEncoded"].flatMap(Self.bool) ?? true
            exclude = settings["exclude"].flatMap(Self.bool) ?? false
            self.text = text

            if case .string(let source)? = settings["/"] {
                path = Pattern(
                    Self.normalizedPath(source), caseSensitive: caseSensitive, variables: variables,
                    parentMatchesTrailingSlashStar: true)
            } else {
                path = nil
            }
            if case .string(let source)? = settings["#"] {
                fragment = Pattern(source, caseSensitive: caseSensitive, variables: variables)
            } else {
                fragment = nil
            }
            switch settings["?"] {
            case .string(let source)?:
                query = .whole(Pattern(source, caseSensitive: caseSensitive, variables: variables))
            case .object(let pairs)?:
                let members = JSONValue.dictionary(pairs)
                var constraints: [QueryItemConstraint] = []
                var allStrings = true
                for name in members.keys.sorted() {
                    guard case .string(let source)? = members[name] else {
                        allStrings = false
                        break
                    }
                    constraints.append(
                        QueryItemConstraint(
                            name: name, pattern: Pattern(source, caseSensitive: caseSensitive, variables: variables),
                            caseSensitive: caseSensitive))
                }
                // swcutil drops the whole dictionary when any value is not a string, taking the
                // valid constraints beside it along: {"a": "1", "flag": true} matches ?a=2.
                query = allStrings ? .items(constraints) : .any
            default:
                query = .any
            }
        }

        /// Whether every component the rule specifies matches `url`.
        func matches(_ url: URLParts) -> Bool {
            if let path {
                let text = percentEncoded ? url.normalizedPath : url.decodedNormalizedPath
                guard path.matches(text) else { return false }
            }
            return accepts(query: url.query, fragment: url.fragment)
        }

        /// Whether the rule's query and fragment parts (if any) match a URL with this query and
        /// fragment (as written, without `?` and `#`; nil when the URL has none).
        func accepts(query urlQuery: String?, fragment urlFragment: String?) -> Bool {
            switch query {
            case .any:
                break
            case .whole(let pattern):
                // An absent query reads as the empty string: "*" and "" accept it, "?*" does not.
                let raw = urlQuery ?? ""
                guard pattern.matches(percentEncoded ? raw : URLParts.percentDecoded(raw)) else { return false }
            case .items(let constraints):
                for constraint in constraints {
                    // A missing item counts as present with an empty value, and every occurrence
                    // of a repeated name must match (both settled against swcutil).
                    let (present, allMatch) = itemMatch(constraint, in: urlQuery)
                    guard present ? allMatch : constraint.pattern.matches("") else { return false }
                }
            }
            if let fragment {
                let raw = urlFragment ?? ""
                guard fragment.matches(percentEncoded ? raw : URLParts.percentDecoded(raw)) else { return false }
            }
            return true
        }

        /// Leading and trailing runs of slashes are insignificant on both sides of a path
        /// comparison: `abc` matches `/abc`, `/buy/` matches `/buy` and `/buy//`.
        static func normalizedPath(_ path: String) -> String {
            // ASCII paths (nearly all) by bytes, where a byte is a character: the claims check
            // normalises three paths of every link. Other text by Character: a combining mark
            // after a slash makes one character that is no slash.
            let ascii = path.withUTF8Bytes { bytes -> String?? in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
                let (first, end) = trimmedSlashes(bytes)
                if first == end { return "" }
                // Already normal: the same string, not a copy.
                if first == 1 && end == bytes.count { return .some(nil) }
                return "/" + String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
            }
            switch ascii {
            case .some(.some(let normalized)): return normalized
            case .some(.none): return path
            case .none:
                var trimmed = Substring(path)
                while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
                while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
                return trimmed.isEmpty ? "" : "/" + trimmed
            }
        }

        /// The bytes of an ASCII path between its leading and trailing runs of slashes, as
        /// `first..<end` (empty when it is all slashes): what ``normalizedPath(_:)`` keeps, after
        /// one slash.
        static func trimmedSlashes(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, end: Int) {
            var first = 0
            var end = bytes.count
            while first < end && bytes[first] == UInt8(ascii: "/") { first += 1 }
            while end > first && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            return (first, end)
        }

        /// Whether every character of `text` is one byte (CR LF aside), so bytes can stand for characters.
        private static func isASCII(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 < 0x80 }
        }

        /// Whether `query` has an item named as `constraint` says, and whether every such item's
        /// value matches its pattern.
        func itemMatch(_ constraint: QueryItemConstraint, in query: String?) -> (present: Bool, allMatch: Bool) {
            if percentEncoded, let name = constraint.asciiName, let query,
                let fast = Self.asciiItemMatch(name, constraint.pattern, in: query, caseSensitive: caseSensitive)
            {
                return fast
            }
            var present = false
            var allMatch = true
            forEachQueryItem(query) { itemName, value in
                guard allMatch, namesEqual(itemName, constraint.name) else { return }
                present = true
                allMatch = constraint.pattern.matches(value)
            }
            return (present, allMatch)
        }

        /// ``itemMatch(_:in:)`` for a rule that does not decode, an ASCII name and an ASCII query
        /// (the claims check's probes): names compared as bytes, and a String made only for the
        /// values of items so named. Nil when the query is not ASCII. The claims check matched
        /// every probe of every link against the `?debug=1` exclusion, a String per name and
        /// value; `URLPartsTests` hold this to ``forEachQueryItem(_:_:)``.
        static func asciiItemMatch(_ name: [UInt8], _ pattern: Pattern, in query: String, caseSensitive: Bool) -> (
            present: Bool, allMatch: Bool
        )? {
            query.withUTF8Bytes { bytes -> (Bool, Bool)? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                var present = false
                var start = 0
                // Items as forEachQueryItem cuts them: split at `&`, empty ones skipped, the name
                // up to the first `=` (all of it when there is none, with an empty value).
                while start < bytes.count {
                    var end = start
                    while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
                    if start < end {
                        var equals = start
                        while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                        if equals - start == name.count
                            && (0..<name.count).allSatisfy({ i in
                                (caseSensitive ? bytes[start + i] : bytes[start + i].asciiLowercased) == name[i]
                            })
                        {
                            present = true
                            let value =
                                equals < end
                                ? String(
                                    decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]), as: UTF8.self)
                                : ""
                            if !pattern.matches(value) { return (true, false) }
                        }
                    }
                    start = end + 1
                }
                return (present, true)
            }
        }

        func queryItems(_ query: String?) -> [(name: String, value: String)] {
            var items: [(name: String, value: String)] = []
            forEachQueryItem(query) { items.append(($0, $1)) }
            return items
        }

        /// Calls `body` with each item of `query` in order, names and values decoded unless the
        /// rule is `percentEncoded`. The claims check matches every link's probes against the
        /// `?debug=1` exclusion, so no array is made here.
        func forEachQueryItem(_ query: String?, _ body: (_ name: String, _ value: String) -> Void) {
            guard let query, !query.isEmpty else { return }
            // An ASCII query (nearly every one) is split by bytes: there each character is one
            // byte but CR LF, which holds neither `&` nor `=`. Other text is split by Character,
            // as a combining mark after `&` or `=` makes a character that is neither.
            if Self.isASCII(query) {
                // Index by index, as `split` would cut them (empty items skipped), without its array.
                let utf8 = query.utf8
                var start = utf8.startIndex
                while start < utf8.endIndex {
                    let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
                    if start < end {
                        let item = query[start..<end]
                        if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                            yield(item[..<equals], item[utf8.index(after: equals)...], to: body)
                        } else {
                            yield(item, "", to: body)
                        }
                    }
                    start = end < utf8.endIndex ? utf8.index(after: end) : end
                }
            } else {
                for item in query.split(separator: "&") {
                    if let equals = item.firstIndex(of: "=") {
                        yield(item[..<equals], item[item.index(after: equals)...], to: body)
                    } else {
                        // `?flag` is an item with an empty value.
                        yield(item, "", to: body)
                    }
                }
            }
        }

        /// Decoding happens per name and value, after splitting, so an encoded %26 or %3D cannot
        /// create or merge items.
        private func yield(_ name: Substring, _ value: Substring, to body: (String, String) -> Void) {
            percentEncoded
                ? body(String(name), String(value))
                : body(URLParts.percentDecoded(String(name)), URLParts.percentDecoded(String(value)))
        }

        private func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
            caseSensitive ? lhs == rhs : lhs.lowercased() == rhs.lowercased()
        }

        private static func bool(_ value: JSONValue) -> Bool? {
            if case .bool(let bool) = value { return bool }
            return nil
        }
    }
}
