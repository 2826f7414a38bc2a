import TrampolineModel

/// A value of a page's data block, the JSON object its script reads. Kept apart from its
/// encoding: a page writes it straight into its bytes, safe inside a `<script>` element
/// (``appendScriptSafe(to:)``), while the compact layout's link table compares and joins its
/// JSON text (``json``). `DataValueTests` hold the two to each other.
enum DataValue {
    case string(String)
    case strings([String])
    case int(Int)
    case bool(Bool)
    case null
    /// Already JSON (the app's store and Android values, a route's table).
    case json(String)

    /// `text`, or null.
    static func string(_ text: String?) -> DataValue {
        text.map { .string($0) } ?? .null
    }

    /// The JSON text.
    var json: String {
        switch self {
        case .string(let text): Escaping.jsonString(text)
        case .strings(let texts): "[" + texts.map(Escaping.jsonString).joined(separator: ",") + "]"
        case .int(let number): String(number)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .json(let json): json
        }
    }

    /// ``json`` made safe for a script element (``Escaping/scriptSafeJSON(_:)``), appended to `out`.
    func appendScriptSafe(to out: inout [UInt8]) {
        switch self {
        case .string(let text):
            Escaping.appendScriptSafeJSONString(text, to: &out)
        case .strings(let texts):
            out.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Escaping.appendScriptSafeJSONString(text, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .int, .bool, .null:
            out.append(contentsOf: json.utf8)
        case .json(let json):
            Escaping.appendScriptSafeJSON(json, to: &out)
        }
    }
}
