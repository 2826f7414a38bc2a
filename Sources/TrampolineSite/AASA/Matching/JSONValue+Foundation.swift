import Foundation
import TrampolineModel

/// Apple's side of ``JSONValue``: the AASA is read as iOS reads it, through `JSONSerialization`.
/// It hands back `NSNumber` for both numbers and booleans; the file format cares about the
/// difference (`"exclude": 1` is not `true`), so values are classified once, here.
extension JSONValue {
    /// Converts the output of `JSONSerialization` (or an equivalent Swift literal) into a value.
    /// `location` is only worked out for an error: building it for every value was a third of
    /// reading a 70 KB file.
    init(any value: Any, at location: @autoclosure () -> String) throws(AASAMatcherError) {
        if let string = value as? String {
            self = .string(string)
        } else if type(of: value) == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if let number = value as? NSNumber {
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" {
                // JSONSerialization's booleans report the C `char` type on every platform.
                self = .bool(number.boolValue)
            } else if kind == "d" || kind == "f" {
                let double = number.doubleValue
                self = .number(
                    double == double.rounded() && abs(double) < 1e15
                        ? String(Int64(double)) : String(double))
            } else {
                self = .number(number.stringValue)
            }
        } else if value is NSNull {
            self = .null
        } else if let array = value as? [Any] {
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for (index, item) in array.enumerated() {
                items.append(try JSONValue(any: item, at: "\(location())[\(index)]"))
            }
            self = .array(items)
        } else if let dictionary = value as? [String: Any] {
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(dictionary.count)
            // JSONSerialization keeps no order: keys sorted, so every reading is the same value.
            for (key, item) in dictionary.sorted(by: { $0.key < $1.key }) {
                let value = try JSONValue(
                    any: item,
                    at: {
                        let parent = location()
                        return parent.isEmpty ? key : parent + "." + key
                    }())
                members.append((key, value))
            }
            self = .object(members)
        } else {
            throw AASAMatcherError(location: location(), message: "unsupported value of type \(type(of: value))")
        }
    }

    /// Compact JSON text, with object keys in the order a reader expects for AASA rules
    /// (`/`, `?`, `#`, flags, `comment`, then the rest alphabetically). JSONSerialization does
    /// not preserve the file's key order, so a stable order is the next best thing.
    var rendered: String {
        switch self {
        case .string(let string): return Self.quote(string)
        case .number(let text): return text
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.rendered).joined(separator: ", ") + "]"
        case .object(let pairs):
            let members = Self.dictionary(pairs)
            let keys = members.keys.sorted {
                Self.keyRank($0) < Self.keyRank($1) || (Self.keyRank($0) == Self.keyRank($1) && $0 < $1)
            }
            return "{" + keys.map { "\(Self.quote($0)): \(members[$0]!.rendered)" }.joined(separator: ", ") + "}"
        }
    }

    /// An object's members by key (the last of a repeated key, as `JSONSerialization` keeps); nil
    /// for other values.
    var dictionary: [String: JSONValue]? {
        guard case .object(let pairs) = self else { return nil }
        return Self.dictionary(pairs)
    }

    static func dictionary(_ pairs: [(key: String, value: JSONValue)]) -> [String: JSONValue] {
        Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }

    private static let keyOrder = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]

    private static func keyRank(_ key: String) -> Int {
        keyOrder.firstIndex(of: key) ?? keyOrder.count
    }

    /// JSON string literal, the same escaping the generated AASA uses.
    private static func quote(_ string: String) -> String {
        Escaping.jsonString(string)
    }
}
