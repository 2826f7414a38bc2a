import Foundation
import Mustache
import TrampolineModel

/// A Mustache template rendered by splicing values into text that swift-mustache pre-rendered for
/// the same set of present keys: the same bytes as `template.render(values)`, without a context
/// lookup per tag on every page (which was most of a 100,000-page build).
///
/// Which keys are present (a "shape") is all a Mustache template can branch on when every value is
/// a non-empty string, so each shape is compiled once: rendered with sentinel values, twice
/// (different lengths, and once with characters the content type escapes), to find each value's
/// slot and whether it is escaped there. Anything the sentinels cannot explain (a transform such as
/// `uppercased(title)`, a value used inside another) leaves that shape to swift-mustache, and so
/// does a page with an empty value. The first page of each shape is also rendered both ways and
/// compared before the compiled form is trusted.
final class SplicingTemplate: @unchecked Sendable {
    let template: MustacheTemplate
    /// Every key a caller may pass, in the order of the values given to ``render(_:)``.
    let keys: [String]
    /// The template's content-type escaper (what `{{name}}` applies; `{{{name}}}` applies none).
    private let escaper: Escaping.Context
    /// Splicing is off for templates whose text contains the sentinel characters.
    private let splicable: Bool
    private let lock = NSLock()
    /// Shape (bit i set: keys[i] present) → its compiled form, or nil when the shape does not compile.
    private var shapes: [UInt64: Compiled?] = [:]

    enum Piece: Equatable {
        /// `text[start..<end]` of the shape's ``Compiled``.
        case literal(start: Int, end: Int)
        case value(Int, escaped: Bool)
    }

    /// One shape: its literal text in one buffer and the pieces that take ranges of it or values.
    /// Pieces hold no arrays of their own, so splicing a page retains nothing per piece (every
    /// page on every core had retained and released each literal of a shared template).
    struct Compiled: Equatable {
        var text: [UInt8] = []
        var pieces: [Piece] = []
    }

    init(_ template: MustacheTemplate, source: String, keys: [String], escaper: Escaping.Context) {
        precondition(keys.count <= 64, "a shape is a 64-bit mask")
        self.template = template
        self.keys = keys
        self.escaper = escaper
        splicable = !source.unicodeScalars.contains { $0 == Self.open || $0 == Self.close }
    }

    /// Appends the rendering to `out`; values are UTF-8 bytes, `values[i]` for `keys[i]` (nil: absent).
    func render(_ values: [[UInt8]?], into out: inout [UInt8]) {
        var shape: UInt64 = 0
        var anyEmpty = false
        for (i, value) in values.enumerated() {
            guard let value else { continue }
            shape |= 1 << UInt64(i)
            if value.isEmpty { anyEmpty = true }
        }
        guard splicable, !anyEmpty, FastPath.splicing.isOn, let shapeForm = compiled(for: shape, example: values) else {
            out.append(
                contentsOf: renderWithMustache(values.map { $0.map { String(decoding: $0, as: UTF8.self) } }).utf8)
            return
        }
        Self.splice(shapeForm, values, escaper, into: &out)
    }

    func renderWithMustache(_ values: [String?]) -> String {
        var dictionary: [String: String] = [:]
        for (i, value) in values.enumerated() {
            if let value { dictionary[keys[i]] = value }
        }
        return template.render(dictionary)
    }

    private func compiled(for shape: UInt64, example: [[UInt8]?]) -> Compiled? {
        if let known = lock.withLock({ shapes[shape] }) { return known }
        var compiled = compile(shape: shape)
        if let candidate = compiled {
            // The page at hand and made-up values the sentinels cannot stand for: a trailing line
            // break (an indented block re-indents after one) and escapable characters followed by
            // combining marks (an escaper comparing whole characters would leave them).
            for values in [example] + Self.hostileValues.map({ value in example.map { $0 == nil ? nil : value } }) {
                var spliced: [UInt8] = []
                Self.splice(candidate, values, escaper, into: &spliced)
                if spliced
                    != Array(renderWithMustache(values.map { $0.map { String(decoding: $0, as: UTF8.self) } }).utf8)
                {
                    compiled = nil
                    break
                }
            }
        }
        return lock.withLock {
            // A shape found not to splice stays that way, whichever thread finishes last.
            if case .some(.none) = shapes[shape] { compiled = nil }
            shapes[shape] = compiled
            return compiled
        }
    }

    private static let hostileValues = ["<\u{301}\"\u{301}&x\n", "\nline\n\n", "'\u{338} *_[a](b)\r\n"].map {
        Array($0.utf8)
    }

    /// One shape compiled, or nil if the sentinels show the template does more than place values.
    func compile(shape: UInt64) -> Compiled? {
        let probe = "&<'\"*_aZ"
        func values(_ middle: String) -> [String?] {
            keys.indices.map { shape & (1 << UInt64($0)) == 0 ? nil : "\(Self.open)\($0)\(middle)\(Self.close)" }
        }
        guard let plain = Self.parse(renderWithMustache(values(""))),
            let probed = Self.parse(renderWithMustache(values(probe))),
            plain.count == probed.count
        else { return nil }
        var compiled = Compiled()
        for (a, b) in zip(plain, probed) {
            switch (a, b) {
            case (.literal(let x), .literal(let y)) where x == y:
                let start = compiled.text.count
                compiled.text.append(contentsOf: x.utf8)
                compiled.pieces.append(.literal(start: start, end: compiled.text.count))
            case (.slot(let i, ""), .slot(let j, let middle)) where i == j && shape & (1 << UInt64(i)) != 0:
                if middle == probe {
                    compiled.pieces.append(.value(i, escaped: false))
                } else if middle == escaper.apply(probe) {
                    compiled.pieces.append(.value(i, escaped: true))
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return compiled
    }

    private static func splice(
        _ compiled: Compiled, _ values: [[UInt8]?], _ escaper: Escaping.Context, into out: inout [UInt8]
    ) {
        // Where each value's escaped form was first written in `out`: a value a layout shows
        // again (a page's title and description, three times each) is copied from there, not
        // escaped anew.
        withUnsafeTemporaryAllocation(of: Range<Int>?.self, capacity: values.count) { written in
            written.initialize(repeating: nil)
            compiled.text.withUnsafeBufferPointer { text in
                for piece in compiled.pieces {
                    switch piece {
                    case .literal(let start, let end):
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                    case .value(let i, let escaped):
                        guard escaped else {
                            out.append(contentsOf: values[i]!)
                            continue
                        }
                        if let range = written[i] {
                            appendCopy(of: range, in: &out)
                        } else {
                            let start = out.count
                            escaper.append(values[i]!, to: &out)
                            written[i] = start..<out.count
                        }
                    }
                }
            }
        }
    }

    /// Appends to `out` a copy of its own bytes in `range` (through a scratch buffer: a slice of
    /// `out` would share its storage and make the append copy the whole array).
    private static func appendCopy(of range: Range<Int>, in out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { scratch in
            out.withUnsafeBufferPointer { bytes in
                _ = scratch.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            }
            out.append(contentsOf: scratch)
        }
    }

    private static let open: Unicode.Scalar = "\u{E000}", close: Unicode.Scalar = "\u{E001}"

    private enum Part {
        case literal(String)
        case slot(Int, String)
    }

    /// Splits rendered text at the sentinels; nil if one is malformed (cut, reversed, transformed).
    private static func parse(_ text: String) -> [Part]? {
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == close { return nil }
            guard scalar == open else {
                literal.append(scalar)
                continue
            }
            if !literal.isEmpty { parts.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
            var digits = ""
            var middle = String.UnicodeScalarView()
            var closed = false
            while let next = scalars.next() {
                if next == close {
                    closed = true
                    break
                }
                if next == open { return nil }
                if middle.isEmpty, ("0"..."9").contains(next) {
                    digits.unicodeScalars.append(next)
                } else {
                    middle.append(next)
                }
            }
            guard closed, let index = Int(digits) else { return nil }
            parts.append(.slot(index, String(middle)))
        }
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        return parts
    }
}
