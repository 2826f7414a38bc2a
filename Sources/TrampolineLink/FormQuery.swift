/// A query as `URLSearchParams` holds it: name–value pairs, parsed and written the way the
/// pages' script does (the WHATWG `application/x-www-form-urlencoded` parser and serializer), so
/// the app composes the same deep link the page attempts.
struct FormQuery: Sendable, Hashable {
    var pairs: [(name: String, value: String)]

    static func == (lhs: FormQuery, rhs: FormQuery) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }

    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// Parses `text` (without its `?`): pairs split on `&`, empty ones skipped, name and value
    /// split at the first `=`, `+` as a space, then percent-decoded. Nil when an escape is broken
    /// or decodes to text that is not UTF-8 (the browser would repair it; the app refuses).
    init?<S: StringProtocol>(parsing text: S) {
        pairs = []
        for pair in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let name = equals.map { pair[..<$0] } ?? pair[...]
            let value = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            guard let decodedName = PercentDecoding.decode(name, plusIsSpace: true, allowControls: true),
                let decodedValue = PercentDecoding.decode(value, plusIsSpace: true, allowControls: true)
            else { return nil }
            pairs.append((decodedName, decodedValue))
        }
    }

    /// `URLSearchParams.set`: the first pair named `name` takes `value` and later ones go; with
    /// none, the pair is appended.
    mutating func set(_ name: String, _ value: String) {
        guard let first = pairs.firstIndex(where: { $0.name == name }) else {
            pairs.append((name, value))
            return
        }
        pairs[first].value = value
        var index = pairs.index(after: first)
        while index < pairs.endIndex {
            if pairs[index].name == name { pairs.remove(at: index) } else { index += 1 }
        }
    }

    /// `URLSearchParams.toString()`.
    var serialized: String {
        var out: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            Self.appendEncoded(pair.name, to: &out)
            out.append(UInt8(ascii: "="))
            Self.appendEncoded(pair.value, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The form serializer: ASCII alphanumerics and `*-._` kept, a space as `+`, every other
    /// byte of the UTF-8 as `%XX` in upper case.
    static func appendEncoded(_ text: String, to out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
                UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
