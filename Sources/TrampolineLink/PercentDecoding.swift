/// Strict percent-decoding: every `%` must start a `%XX` escape and the result must be valid UTF-8
/// without control characters. Anything else is malformed (nil), never repaired or guessed.
enum PercentDecoding {
    static func isHexDigit(_ b: UInt8) -> Bool { hexValue(b) != nil }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes `bytes`; with `plusIsSpace` (form encoding, as `URLSearchParams` writes queries)
    /// a `+` is a space. Nil for a broken escape, invalid UTF-8 or (unless `allowControls`, for
    /// query values the page forwards as they are) a control character.
    static func decode<C: Collection>(_ bytes: C, plusIsSpace: Bool = false, allowControls: Bool = false) -> String?
    where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                let h = bytes.index(after: i)
                guard h != bytes.endIndex, let high = hexValue(bytes[h]) else { return nil }
                let l = bytes.index(after: h)
                guard l != bytes.endIndex, let low = hexValue(bytes[l]) else { return nil }
                out.append(high << 4 | low)
                i = bytes.index(after: l)
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i = bytes.index(after: i)
            }
        }
        // Valid UTF-8 exactly when decoding needs no repair.
        let text = String(decoding: out, as: UTF8.self)
        guard text.utf8.elementsEqual(out), allowControls || !text.unicodeScalars.contains(where: isControl) else {
            return nil
        }
        return text
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value)
    }
}
