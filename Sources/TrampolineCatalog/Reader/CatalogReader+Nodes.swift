import Foundation
import TrampolineModel

/// Node helpers: typed reads of YAML nodes that report what is wrong at the node.
extension CatalogReader {
    struct Located {
        var text: String
        var location: SourceLocation
    }

    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        guard engine.errors.count < Self.errorLimit else { return }
        engine.error(message, at: location, hint: hint)
        if engine.errors.count == Self.errorLimit {
            engine.error("too many errors; stopping here", at: location, hint: "fix the ones above and run again")
        }
    }

    mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        engine.warning(message, at: location, hint: hint)
    }

    mutating func missing(_ key: String, in node: YAMLNode, what: String) {
        error("\(what) is missing the required key '\(key)'", at: location(of: node), hint: "add \(key): to \(what)")
    }

    mutating func unknownKey(_ key: YAMLNode, in what: String, known: [String]) {
        guard let name = key.text else {
            error(
                "\(what) has a key that is not text", at: location(of: key),
                hint: "keys are plain words such as \(known.first ?? "path")")
            return
        }
        let hint =
            Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'?" }
            ?? "known keys: \(known.joined(separator: ", "))"
        error("unknown key \(CatalogRules.quoted(name)) in \(what)", at: location(of: key), hint: hint)
    }

    /// The entries of a mapping by key, after reporting unknown and repeated keys.
    mutating func mapping(_ node: YAMLNode, what: String, known: [String]) -> MappingEntries? {
        guard case .mapping(let pairs) = node.kind else {
            error(
                "\(what) must be a mapping of keys to values, found \(kind(of: node))", at: location(of: node),
                hint: "indent its keys under it, one 'key: value' per line")
            return nil
        }
        // Sized for its keys: growing it as they came was a third of the cost.
        var result = MappingEntries(minimumCapacity: pairs.count)
        for (key, value) in pairs {
            guard let name = key.text, known.contains(name) else {
                unknownKey(key, in: what, known: known)
                continue
            }
            if let first = result[name] {
                error(
                    "duplicate key '\(name)' in \(what); first at \(location(of: first.key))", at: location(of: key),
                    hint: "each key may appear once; remove or rename the repeat")
                continue
            }
            result[name] = (key, value)
        }
        return result
    }

    func kind(of node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _): return node.isNull ? "nothing" : "'\(text.prefix(40))'"
        }
    }

    /// `what` names the value in the error, made only when there is one: it can cost more than
    /// the reading (a campaign parameter's name, printed safely).
    mutating func scalarText(_ node: YAMLNode, what: @autoclosure () -> String, allowEmpty: Bool = false) -> String? {
        guard case .scalar(let text, _) = node.kind, !node.isNull || allowEmpty else {
            error(
                "\(what()) must be text, found \(kind(of: node))", at: location(of: node),
                hint: "write a value after the colon; quote it if it contains ': ' or starts with a symbol")
            return nil
        }
        return text
    }

    mutating func required(_ key: String, in keys: MappingEntries, of node: YAMLNode, what: String) -> Located? {
        guard keys[key] != nil else {
            missing(key, in: node, what: what)
            return nil
        }
        return optionalText(key, in: keys)
    }

    mutating func optionalText(_ key: String, in keys: MappingEntries, multiline: Bool = false) -> Located? {
        guard let entry = keys[key], let text = scalarText(entry.value, what: key) else { return nil }
        let at = location(of: entry.value)
        if let bad = CatalogRules.controlCharacter(in: text, allowNewlines: multiline) {
            error("\(key) contains \(CatalogRules.describe(bad))", at: at, hint: "remove the control character")
            return nil
        }
        if !multiline, text.containsBytes("\n") {
            error("\(key) spans several lines", at: at, hint: "write it on one line")
            return nil
        }
        if text.utf8.count > 1_000_000 {
            error(
                "\(key) is \(text.utf8.count) bytes long", at: at,
                hint: "keep catalog values under 1 MB; pages must stay small")
            return nil
        }
        return Located(text: text, location: at)
    }

    mutating func integer(_ node: YAMLNode, what: String, range: ClosedRange<Int>, hint: String) -> Int? {
        guard let value = node.int else {
            error("\(what) must be a whole number, found \(kind(of: node))", at: location(of: node), hint: hint)
            return nil
        }
        guard range.contains(value) else {
            error(
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(value)",
                at: location(of: node), hint: hint)
            return nil
        }
        return value
    }

    mutating func boolean(_ node: YAMLNode, what: String) -> Bool? {
        guard let value = node.bool else {
            error(
                "\(what) must be true or false, found \(kind(of: node))", at: location(of: node),
                hint: "write true or false")
            return nil
        }
        return value
    }

    mutating func sequence(_ node: YAMLNode, what: String) -> [YAMLNode] {
        guard case .sequence(let items) = node.kind else {
            error(
                "\(what) must be a list, found \(kind(of: node))", at: location(of: node),
                hint: "write it as [a, b] or one '- item' per line")
            return []
        }
        return items
    }

    /// A key whose value must be one of `T`'s raw values (`site.layout`, `fallback`…): the value
    /// and where it is written, or nil (with "`rule`, found '…'" at the value when it is none of them).
    mutating func choice<T: RawRepresentable>(
        _ key: String, of type: T.Type, in keys: MappingEntries, rule: String, hint: String
    )
        -> (value: T, location: SourceLocation)?
    where T.RawValue == String {
        guard let given = optionalText(key, in: keys) else { return nil }
        guard let value = T(rawValue: given.text) else {
            error("\(rule), found \(CatalogRules.quoted(given.text))", at: given.location, hint: hint)
            return nil
        }
        return (value, given.location)
    }
}
