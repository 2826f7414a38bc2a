extension RoutePattern {
    /// The longest pattern accepted, in Unicode scalars.
    public static let maximumLength = 1024

    /// Characters of a literal segment: the catalog's path alphabet (RFC 3986 unreserved and a few
    /// sub-delimiters), without `/`. No `%`, `*`, `?`, `$`, `#`, quotes or spaces.
    static func isLiteralCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "&", "(", ")", "+", ",", ";", "=", "@", ":":
            return true
        default:
            return false
        }
    }

    static func parse(_ text: String) throws(RoutePatternError) -> [Segment] {
        let s = Array(text.unicodeScalars)
        guard !s.isEmpty else { throw RoutePatternError(.empty, column: 1) }
        guard s.count <= maximumLength else { throw RoutePatternError(.tooLong, column: maximumLength + 1) }
        guard s[0] == "/" else { throw RoutePatternError(.missingLeadingSlash, column: 1, detail: String(s[0])) }
        // Segment ranges (indices into s) after the leading slash.
        var ranges: [Range<Int>] = []
        var start = 1
        for i in 1...s.count where i == s.count || s[i] == "/" {
            ranges.append(start..<i)
            start = i + 1
        }
        if let last = ranges.last, last.isEmpty {
            if ranges.count == 1 { return [] }  // "/": the root
            ranges.removeLast()  // one trailing slash is ignored
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        for (index, range) in ranges.enumerated() {
            // Columns are 1-based: scalar i is column i + 1.
            guard !range.isEmpty else { throw RoutePatternError(.emptySegment, column: range.lowerBound + 1) }
            let first = s[range.lowerBound]
            if first == ":" || first == "*" {
                let segment = try parameter(s, range)
                if first == "*", index != ranges.count - 1 {
                    throw RoutePatternError(.restNotLast, column: range.lowerBound + 1)
                }
                let name: String
                switch segment {
                case .parameter(let n, _), .rest(let n): name = n
                case .literal(let n): name = n
                }
                guard names.insert(name).inserted else {
                    throw RoutePatternError(.duplicateParameter, column: range.lowerBound + 1, detail: name)
                }
                segments.append(segment)
            } else {
                if let bad = range.first(where: { !isLiteralCharacter(s[$0]) }) {
                    throw RoutePatternError(.invalidCharacter, column: bad + 1, detail: String(s[bad]))
                }
                var literal = String.UnicodeScalarView()
                literal.append(contentsOf: s[range])
                let text = String(literal)
                if text == "." || text == ".." {
                    throw RoutePatternError(.dotSegment, column: range.lowerBound + 1, detail: text)
                }
                segments.append(.literal(text))
            }
        }
        return segments
    }

    /// `:name`, `:name(constraint)` or `*name`, occupying `range` of `s`.
    private static func parameter(_ s: [Unicode.Scalar], _ range: Range<Int>) throws(RoutePatternError) -> Segment {
        let sigil = s[range.lowerBound]
        let nameStart = range.lowerBound + 1
        var nameEnd = nameStart
        while nameEnd < range.upperBound, sigil == ":" ? s[nameEnd] != "(" : true { nameEnd += 1 }
        let name = String(String.UnicodeScalarView(s[nameStart..<nameEnd]))
        guard nameEnd > nameStart else { throw RoutePatternError(.missingParameterName, column: range.lowerBound + 1) }
        for i in nameStart..<nameEnd {
            let c = s[i]
            let letter = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
            guard letter || (i > nameStart && ("0"..."9").contains(c)) else {
                throw RoutePatternError(.invalidParameterName, column: i + 1, detail: name)
            }
        }
        guard sigil == ":" else { return .rest(name: name) }
        guard nameEnd < range.upperBound else { return .parameter(name: name, constraint: nil) }
        // s[nameEnd] is "(": the constraint runs to a ")" that must end the segment.
        guard let close = (nameEnd + 1..<range.upperBound).first(where: { s[$0] == ")" }) else {
            throw RoutePatternError(.unterminatedConstraint, column: nameEnd + 1)
        }
        if close + 1 < range.upperBound {
            throw RoutePatternError(.invalidCharacter, column: close + 2, detail: String(s[close + 1]))
        }
        let word = String(String.UnicodeScalarView(s[nameEnd + 1..<close]))
        guard let constraint = RouteConstraint(rawValue: word) else {
            throw RoutePatternError(.unknownConstraint, column: nameEnd + 2, detail: word)
        }
        return .parameter(name: name, constraint: constraint)
    }
}
