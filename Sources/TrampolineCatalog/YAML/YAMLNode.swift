/// A YAML value with its position: the small tree the catalog reader works on. Built from libyaml's
/// events one catalog entry at a time, so a 100,000-link catalog never exists as one big tree.
package struct YAMLNode: Sendable {
    package enum Kind: Sendable {
        /// `plain` is false for quoted and block scalars, whose text is never null, a number or a bool.
        case scalar(String, plain: Bool)
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case sequence([YAMLNode])
    }

    package var kind: Kind
    /// 1-based, as editors count; columns in Unicode scalars, as libyaml counts them.
    package var line: Int
    package var column: Int

    /// The text of a scalar.
    package var text: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// YAML 1.1's null: an empty, `~` or `null` plain scalar.
    var isNull: Bool {
        guard case .scalar(let text, true) = kind else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A plain whole number (`1500`, `1_500`); a quoted `"1500"` is text.
    var int: Int? {
        guard case .scalar(let text, true) = kind else { return nil }
        return Int(text.replacingOccurrences(of: "_", with: ""))
    }

    /// YAML 1.1's booleans: true/false, yes/no, on/off, in any of their usual cases.
    var bool: Bool? {
        guard case .scalar(let text, true) = kind else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N": return false
        default: return nil
        }
    }

    /// Moves the node and everything in it `delta` lines down: a document read on its own that
    /// stands at that line of a file (a JSON Lines row).
    mutating func shiftLines(by delta: Int) {
        guard delta != 0 else { return }
        line += delta
        switch kind {
        case .scalar: break
        case .mapping(var pairs):
            for index in pairs.indices {
                pairs[index].key.shiftLines(by: delta)
                pairs[index].value.shiftLines(by: delta)
            }
            kind = .mapping(pairs)
        case .sequence(var items):
            for index in items.indices { items[index].shiftLines(by: delta) }
            kind = .sequence(items)
        }
    }
}
