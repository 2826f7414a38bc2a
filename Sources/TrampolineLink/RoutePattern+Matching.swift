extension RoutePattern {
    /// Matches a percent-encoded path such as `/plan/42` (no query or fragment). Returns the
    /// decoded parameters, or nil when the path does not match or is malformed.
    public func match(path: String) -> [String: String]? {
        guard let segments = Self.decodedSegments(ofPath: path) else { return nil }
        return match(segments: segments)
    }

    /// Matches already percent-decoded path segments.
    public func match(segments path: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (i, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal):
                // Scalar by scalar: String's == is canonical equivalence, which would let the
                // Kelvin sign (U+212A) stand for "K"; the pages' script compares code units.
                guard i < path.count, path[i].unicodeScalars.elementsEqual(literal.unicodeScalars) else { return nil }
            case .parameter(let name, let constraint):
                guard i < path.count, Self.isParameterValue(path[i]) else { return nil }
                if let constraint, !constraint.accepts(path[i]) { return nil }
                parameters[name] = path[i]
            case .rest(let name):
                let rest = path.dropFirst(i)
                guard !rest.isEmpty, rest.allSatisfy(Self.isParameterValue) else { return nil }
                parameters[name] = rest.joined(separator: "/")
                return parameters
            }
        }
        return path.count == segments.count ? parameters : nil
    }

    /// The decoded segments of a percent-encoded path: `/` is none, one trailing slash is
    /// ignored, `//` gives an empty segment (which nothing matches). Nil when the path does not
    /// start with `/` or a segment is malformed, or holds a direction control once decoded
    /// (U+202E and friends would make a parameter display as one thing and be another).
    @_spi(Generator) public static func decodedSegments(ofPath path: String) -> [String]? {
        var bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        if bytes.count == 1 { return [] }
        var segments: [String] = []
        for raw in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let decoded = PercentDecoding.decode(raw), !decoded.unicodeScalars.contains(where: isBidiControl)
            else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    /// LRM, RLM, ALM, the embeddings, overrides and isolates (RFC 3987 forbids them in IRIs).
    @_spi(Generator) public static func isBidiControl(_ c: Unicode.Scalar) -> Bool {
        c.value == 0x200E || c.value == 0x200F || c.value == 0x061C || (0x202A...0x202E).contains(c.value)
            || (0x2066...0x2069).contains(c.value)
    }

    /// A parameter takes a non-empty segment that is not `.` or `..` and holds no `/` (an encoded
    /// `%2F`): a value can never climb out of its folder or stand for several segments.
    static func isParameterValue(_ value: String) -> Bool {
        !value.isEmpty && value != "." && value != ".." && !value.utf8.contains(UInt8(ascii: "/"))
    }
}
