extension QRCode {
    /// The light border the standard requires around the symbol, in modules.
    public static let quietZone = 4

    /// A compact, deterministic SVG of the symbol: a white square with the 4-module quiet zone and
    /// one black `<path>` stroking each row's dark runs (one unit per module, `viewBox`), drawn with
    /// crisp edges. `pixelsPerModule` sets the default `width`/`height`; the image scales freely.
    public func svg(pixelsPerModule: Int = 4) -> String {
        String(decoding: svgBytes(pixelsPerModule: pixelsPerModule), as: UTF8.self)
    }

    /// ``svg(pixelsPerModule:)`` as UTF-8 bytes, built without intermediate strings.
    public func svgBytes(pixelsPerModule: Int = 4) -> [UInt8] {
        let side = size + 2 * QRCode.quietZone
        var out: [UInt8] = []
        out.reserveCapacity(400 + size * size / 2)
        @inline(__always) func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        @inline(__always) func append(_ number: Int) {
            guard number < 10000 else {
                out.append(contentsOf: String(number).utf8)
                return
            }
            if number >= 1000 { out.append(UInt8(ascii: "0") &+ UInt8(number / 1000 % 10)) }
            if number >= 100 { out.append(UInt8(ascii: "0") &+ UInt8(number / 100 % 10)) }
            if number >= 10 { out.append(UInt8(ascii: "0") &+ UInt8(number / 10 % 10)) }
            out.append(UInt8(ascii: "0") &+ UInt8(number % 10))
        }
        append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        append(side); append(" "); append(side)
        append("\" width=\""); append(side * pixelsPerModule)
        append("\" height=\""); append(side * pixelsPerModule)
        append("\" shape-rendering=\"crispEdges\"><rect width=\""); append(side)
        append("\" height=\""); append(side)
        // Each run is a 1-wide horizontal stroke along the middle of its row: `M x y.5 h len` for
        // a row's first run, `m gap 0 h len` (relative to the previous run's end) for the next.
        append("\" fill=\"#fff\"/><path stroke=\"#000\" d=\"")
        modules.withUnsafeBufferPointer { m in
            for row in 0..<size {
                var column = 0
                var penX = -1
                while column < size {
                    guard m[row * size + column] == 1 else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < size && m[row * size + column] == 1 { column += 1 }
                    if penX < 0 {
                        append("M"); append(start + QRCode.quietZone)
                        append(" "); append(row + QRCode.quietZone); append(".5h")
                    } else {
                        append("m"); append(start - penX); append(" 0h")
                    }
                    append(column - start)
                    penX = column
                }
            }
        }
        append("\"/></svg>\n")
        return out
    }
}
