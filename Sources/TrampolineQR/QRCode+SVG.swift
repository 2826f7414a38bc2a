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
        // The most it can take: the fixed text (under 300 bytes), six header numbers of at most 20
        // digits, and per row at most (size + 1) / 2 runs of at most 14 bytes ("M" x " " y ".5h"
        // length, each number under 1000).
        let capacity = 300 + 6 * 20 + size * ((size + 1) / 2) * 16
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            // Debug builds check every write against the bound (the tests encode every version).
            var out = SVGBytes(buffer)
            write(to: &out, side: side, pixelsPerModule: pixelsPerModule)
            count = out.count
        }
    }

    private func write(to out: inout SVGBytes, side: Int, pixelsPerModule: Int) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        out.append(side); out.append(" "); out.append(side)
        out.append("\" width=\""); out.append(side * pixelsPerModule)
        out.append("\" height=\""); out.append(side * pixelsPerModule)
        out.append("\" shape-rendering=\"crispEdges\"><rect width=\""); out.append(side)
        out.append("\" height=\""); out.append(side)
        // Each run is a 1-wide horizontal stroke along the middle of its row: `M x y.5 h len` for
        // a row's first run, `m gap 0 h len` (relative to the previous run's end) for the next.
        out.append("\" fill=\"#fff\"/><path stroke=\"#000\" d=\"")
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
                        out.append("M"); out.append(start + QRCode.quietZone)
                        out.append(" "); out.append(row + QRCode.quietZone); out.append(".5h")
                    } else {
                        out.append("m"); out.append(start - penX); out.append(" 0h")
                    }
                    out.append(column - start)
                    penX = column
                }
            }
        }
        out.append("\"/></svg>\n")
    }
}
