/// Douglas Crockford's JSMin over UTF-8 bytes: drops comments and the whitespace JavaScript does
/// not need, keeping strings, template literals and regular expression literals byte for byte,
/// and a line break wherever automatic semicolon insertion could depend on it. Every link page
/// carries the script inline, so this is about a third of a page.
///
/// JSMin's known limits hold here too: a regular expression literal is recognised only after one
/// of `(,=:[!&|?+-~*/{};` or a line break (not after `return`), and `a - -b` style runs keep their
/// space. The built-in templates are written within them, and the browser suite runs the result.
enum ScriptMinifier {
    /// The minified script, or nil if `source` ends inside a string, comment or regular expression
    /// (an override that does not parse: the caller reports it).
    static func minify(_ source: String) -> String? {
        var state = State(input: Array(source.utf8))
        guard state.run() else { return nil }
        // JSMin starts with a line break of its own.
        var output = state.output
        while output.first == UInt8(ascii: "\n") { output.removeFirst() }
        return String(decoding: output, as: UTF8.self)
    }

    private struct State {
        let input: [UInt8]
        var index = 0
        var output: [UInt8] = []
        var a: UInt8 = UInt8(ascii: "\n")
        var b: UInt8 = 0
        /// The last two bytes `next` returned (`x` the latest): JSMin keeps the space in `a + +b`.
        var x: UInt8 = 0
        var y: UInt8 = 0
        static let end: UInt8 = 0

        init(input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        static func isAlphanumeric(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "$")
                || c == UInt8(ascii: "\\") || c > 126
        }

        /// The next byte; carriage returns read as line breaks, other control bytes as spaces.
        mutating func get() -> UInt8 {
            guard index < input.count else { return Self.end }
            let c = input[index]
            index += 1
            if c >= UInt8(ascii: " ") || c == UInt8(ascii: "\n") { return c }
            return c == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : UInt8(ascii: " ")
        }

        func peek() -> UInt8 { index < input.count ? input[index] : Self.end }

        /// The next byte outside comments: a line comment reads as its line break, a block
        /// comment as a space. Nil for an unterminated comment.
        mutating func next() -> UInt8? {
            let c = nextSkippingComments()
            if let c {
                y = x
                x = c
            }
            return c
        }

        private mutating func nextSkippingComments() -> UInt8? {
            let c = get()
            guard c == UInt8(ascii: "/") else { return c }
            switch peek() {
            case UInt8(ascii: "/"):
                while true {
                    let d = get()
                    if d == UInt8(ascii: "\n") || d == Self.end { return d }
                }
            case UInt8(ascii: "*"):
                _ = get()
                while true {
                    switch get() {
                    case UInt8(ascii: "*") where peek() == UInt8(ascii: "/"):
                        _ = get()
                        return UInt8(ascii: " ")
                    case Self.end:
                        return nil
                    default:
                        continue
                    }
                }
            default:
                return c
            }
        }

        /// JSMin's `action`: 1 outputs `a` and copies `b` (a whole string if it starts one) to
        /// `a`; 2 copies `b` to `a`; 3 drops `b`. Each then reads the next `b`, copying a regular
        /// expression literal whole.
        mutating func action(_ d: Int) -> Bool {
            if d <= 1 {
                output.append(a)
                let operators: [UInt8] = [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/")]
                if (y == UInt8(ascii: "\n") || y == UInt8(ascii: " ")) && operators.contains(a) && operators.contains(b)
                {
                    output.append(y)
                }
            }
            if d <= 2 {
                a = b
                if a == UInt8(ascii: "'") || a == UInt8(ascii: "\"") || a == UInt8(ascii: "`") {
                    while true {
                        output.append(a)
                        a = get()
                        if a == b { break }
                        if a == Self.end { return false }
                        if a == UInt8(ascii: "\\") {
                            output.append(a)
                            a = get()
                            if a == Self.end { return false }
                        }
                    }
                }
            }
            guard let nextB = next() else { return false }
            b = nextB
            let regexPreceders = Array("(,=:[!&|?+-~*/{};\n".utf8)
            if b == UInt8(ascii: "/") && regexPreceders.contains(a) {
                output.append(a)
                if a == UInt8(ascii: "/") || a == UInt8(ascii: "*") { output.append(UInt8(ascii: " ")) }
                output.append(b)
                while true {
                    a = get()
                    if a == UInt8(ascii: "[") {
                        while true {
                            output.append(a)
                            a = get()
                            if a == UInt8(ascii: "]") { break }
                            if a == UInt8(ascii: "\\") {
                                output.append(a)
                                a = get()
                            }
                            if a == Self.end { return false }
                        }
                    } else if a == UInt8(ascii: "/") {
                        break
                    } else if a == UInt8(ascii: "\\") {
                        output.append(a)
                        a = get()
                    }
                    if a == Self.end { return false }
                    output.append(a)
                }
                guard let afterRegex = next() else { return false }
                b = afterRegex
            }
            return true
        }

        mutating func run() -> Bool {
            guard action(3) else { return false }
            let space = UInt8(ascii: " ")
            let newline = UInt8(ascii: "\n")
            while a != Self.end {
                let step: Int
                switch a {
                case space:
                    step = Self.isAlphanumeric(b) ? 1 : 2
                case newline:
                    switch b {
                    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "+"), UInt8(ascii: "-"),
                        UInt8(ascii: "!"), UInt8(ascii: "~"):
                        step = 1
                    case space:
                        step = 3
                    default:
                        step = Self.isAlphanumeric(b) ? 1 : 2
                    }
                default:
                    switch b {
                    case space:
                        step = Self.isAlphanumeric(a) ? 1 : 3
                    case newline:
                        switch a {
                        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "+"),
                            UInt8(ascii: "-"),
                            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                            step = 1
                        default:
                            step = Self.isAlphanumeric(a) ? 1 : 3
                        }
                    default:
                        step = 1
                    }
                }
                guard action(step) else { return false }
            }
            return true
        }
    }
}
