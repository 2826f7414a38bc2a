@_spi(Generator) import TrampolineLink

/// Text made safe to print: every C0 and C1 control character (ESC, CSI, BEL, line breaks) and
/// every bidirectional formatting character written as `\u{…}`. Diagnostics quote catalogs,
/// links files, fetched bodies and headers; none of it may clear a terminal, forge a line,
/// draw a hyperlink (OSC 8) or reorder what is shown.
package enum InertText {
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0, DEL, C1, and the bidirectional controls.
    package static func isUnsafe(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value) || isBidiControl(c)
    }

    /// Bidirectional formatting characters (LRM, RLM, ALM, the embeddings, overrides and
    /// isolates): RFC 3987 forbids them in IRIs, because they can make one URL look like another.
    /// The app library's list, so the build, the printers and the apps refuse the same ones.
    package static func isBidiControl(_ c: Unicode.Scalar) -> Bool { RoutePattern.isBidiControl(c) }
}

extension Diagnostic {
    /// This diagnostic with every text field made inert (``InertText``): what the printers print.
    package var inert: Diagnostic {
        var copy = self
        copy.message = InertText.escape(message)
        copy.hint = hint.map(InertText.escape)
        if var location = copy.location {
            location.file = InertText.escape(location.file)
            copy.location = location
        }
        if var detail = copy.detail {
            detail.code = InertText.escape(detail.code)
            detail.url = InertText.escape(detail.url)
            detail.expected = InertText.escape(detail.expected)
            detail.seen = InertText.escape(detail.seen)
            copy.detail = detail
        }
        return copy
    }
}
