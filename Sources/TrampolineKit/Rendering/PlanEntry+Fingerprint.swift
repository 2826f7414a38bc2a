/// The fast path of ``FingerprintEncoder`` for what a large plan holds most of: link pages and
/// their QR codes (two entries per link), written straight into the buffer instead of through
/// `Encodable`'s generic containers, which cost a metadata lookup and a box per container and
/// were most of a no-op rebuild's fingerprinting. The bytes are exactly those the encoder writes
/// for the same entry: `LinkFingerprintTests` holds the two to each other on entries with every
/// field set, so a field added to ``Link``, ``LinkOptions`` or these cases and not here fails it.
extension PlanEntry {
    /// What `FingerprintEncoder.encode(self)` returns, for the link page and QR code cases; nil
    /// for the others, which take the plain path.
    func fastFingerprintBytes() -> [UInt8]? {
        var writer = FingerprintBytes(out: [])
        writer.out.reserveCapacity(1024)
        // PlanEntry at depth 0: its keys at 1, the content's case key at 2, the case's values at 3.
        writer.out.append(UInt8(ascii: "{"))
        writer.string("path", path.value, depth: 1)
        writer.key("content", depth: 1)
        writer.out.append(UInt8(ascii: "{"))
        switch content {
        case .linkPage(let link, let template, let behaviour):
            writer.key("linkPage", depth: 2)
            writer.out.append(UInt8(ascii: "{"))
            writer.key("_0", depth: 3)
            writer.link(link, depth: 3)
            writer.string("template", template, depth: 3)
            writer.string("behaviour", behaviour.rawValue, depth: 3)
        case .qrCode(let url, let errorCorrection):
            writer.key("qrCode", depth: 2)
            writer.out.append(UInt8(ascii: "{"))
            writer.string("url", url, depth: 3)
            writer.string("errorCorrection", errorCorrection.rawValue, depth: 3)
        default:
            return nil
        }
        return writer.out
    }
}

extension Link {
    /// Appends what `FingerprintEncoder` writes for this link as a value nested at `depth`.
    func appendFingerprint(to out: inout [UInt8], depth: UInt8) {
        var writer = FingerprintBytes(out: out)
        out = []
        writer.link(self, depth: depth)
        out = writer.out
    }
}

/// The encoder's byte format, by hand (see ``FingerprintEncoder``): `{` opens a keyed value and
/// `[` a list, each key or element is preceded by its depth, strings are length-prefixed.
private struct FingerprintBytes {
    var out: [UInt8]

    mutating func key(_ name: StaticString, depth: UInt8) {
        out.append(depth)
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: "="))
    }

    mutating func string(_ text: String) {
        text.withUTF8Bytes { utf8 in
            DecimalText.append(utf8.count, to: &out)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: utf8)
        }
    }

    mutating func int(_ value: Int) {
        DecimalText.append(value, to: &out)
        out.append(UInt8(ascii: ";"))
    }

    mutating func bool(_ value: Bool) {
        out.append(UInt8(ascii: value ? "t" : "f"))
    }

    mutating func string(_ name: StaticString, _ value: String, depth: UInt8) {
        key(name, depth: depth)
        string(value)
    }

    mutating func optional(_ name: StaticString, _ value: String?, depth: UInt8) {
        if let value { string(name, value, depth: depth) }
    }

    mutating func link(_ link: Link, depth: UInt8) {
        out.append(UInt8(ascii: "{"))
        let d = depth &+ 1
        string("path", link.path, depth: d)
        string("deepLink", link.deepLink, depth: d)
        string("title", link.title, depth: d)
        optional("description", link.description, depth: d)
        optional("webURL", link.webURL, depth: d)
        key("campaign", depth: d)
        out.append(UInt8(ascii: "["))
        for parameter in link.campaign {
            out.append(d &+ 1)
            out.append(UInt8(ascii: ","))
            out.append(UInt8(ascii: "{"))
            string("name", parameter.name, depth: d &+ 2)
            string("value", parameter.value, depth: d &+ 2)
        }
        key("options", depth: d)
        options(link.options, depth: d)
        // location, webURLLocation and templateLocation: the encoder leaves source locations out.
        if let route = link.route { string("route", route.pattern.text, depth: d) }
    }

    mutating func options(_ options: LinkOptions, depth: UInt8) {
        out.append(UInt8(ascii: "{"))
        let d = depth &+ 1
        string("template", options.template, depth: d)
        string("fallback", options.fallback.rawValue, depth: d)
        optional("androidFallback", options.androidFallback?.rawValue, depth: d)
        key("fallbackDelayMs", depth: d)
        int(options.fallbackDelayMs)
        key("deferred", depth: d)
        out.append(UInt8(ascii: "["))
        for channel in options.deferred {
            out.append(d &+ 1)
            out.append(UInt8(ascii: ","))
            string(channel.rawValue)
        }
        string("cookieName", options.cookieName, depth: d)
        key("cookieDays", depth: d)
        int(options.cookieDays)
        key("forwardQuery", depth: d)
        bool(options.forwardQuery)
        optional("image", options.image, depth: d)
        string("inAppBrowsers", options.inAppBrowsers.rawValue, depth: d)
        optional("confirmStore", options.confirmStore, depth: d)
        key("qrCode", depth: d)
        bool(options.qrCode)
        string("qrErrorCorrection", options.qrErrorCorrection.rawValue, depth: d)
    }
}
