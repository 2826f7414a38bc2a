/// The fast path of ``FingerprintEncoder`` for the value a large plan holds most of: a ``Link``
/// (one per page), written straight into the buffer instead of through `Encodable`'s generic
/// containers, which cost a metadata lookup and a box per container and were most of a no-op
/// rebuild's fingerprinting. The bytes are exactly those the encoder writes for the same link:
/// `LinkFingerprintTests` holds the two to each other on links with every field set, so a field
/// added to ``Link`` or ``LinkOptions`` and not here fails that test.
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
        var text = text
        text.withUTF8 { utf8 in
            out.append(contentsOf: String(utf8.count).utf8)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: utf8)
        }
    }

    mutating func int(_ value: Int) {
        out.append(contentsOf: String(value).utf8)
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
