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
        // length, each number under 1000), and 8 for a run's 8-byte store (``SVGBytes/appendRelativeRun(gap:length:)``).
        let capacity = 300 + 6 * 20 + size * ((size + 1) / 2) * 16 + 8
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            modules.withUnsafeBufferPointer { modules in
                // Debug builds check every write against the bound (the tests encode every version).
                // A local value, not a parameter or a capture, so its count stays in a register.
                var out = SVGBytes(buffer)
                QRCode.write(modules, size: size, to: &out, side: side, pixelsPerModule: pixelsPerModule)
                count = out.count
            }
        }
    }

    @inline(__always)
    private static func write(
        _ m: UnsafeBufferPointer<UInt8>, size: Int, to out: inout SVGBytes, side: Int, pixelsPerModule: Int
    ) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        out.append(side)
        out.append(" ")
        out.append(side)
        out.append("\" width=\"")
        out.append(side * pixelsPerModule)
        out.append("\" height=\"")
        out.append(side * pixelsPerModule)
        out.append("\" shape-rendering=\"crispEdges\"><rect width=\"")
        out.append(side)
        out.append("\" height=\"")
        out.append(side)
        // Each run is a 1-wide horizontal stroke along the middle of its row: `M x y.5 h len` for
        // a row's first run, `m gap 0 h len` (relative to the previous run's end) for the next.
        out.append("\" fill=\"#fff\"/><path stroke=\"#000\" d=\"")
        // Each row's modules as bits (bit c of word c / 64 is column c), and runs found by
        // counting zeros: testing module by module mispredicted a branch at every change of
        // colour, which made this loop the costliest part of a link's QR code.
        let wordCount = (size + 63) / 64
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCount) { bits in
            for row in 0..<size {
                bits.initialize(repeating: 0)
                let rowStart = UnsafeRawPointer(m.baseAddress! + row * size)
                var column = 0
                // Eight modules (bytes of 0 or 1) at a time: one multiply gathers their low bits
                // into one byte, module k at bit k. Chunks start at multiples of 8, so none
                // straddles two words.
                while column + 8 <= size {
                    let eight =
                        UInt64(littleEndian: rowStart.loadUnaligned(fromByteOffset: column, as: UInt64.self))
                        & 0x0101_0101_0101_0101
                    bits[column >> 6] |= ((eight &* 0x0102_0408_1020_4080) >> 56) << UInt64(column & 63)
                    column += 8
                }
                while column < size {
                    bits[column >> 6] |= UInt64(m[row * size + column] & 1) << UInt64(column & 63)
                    column += 1
                }
                var penX = -1
                if wordCount == 1, size < 64 {
                    // One word with a light bit above the row (versions 1–11, nearly every
                    // link's): a bit set at each change of colour, so the runs' starts and ends
                    // come in pairs, lowest first, with no search word by word.
                    var edges = bits[0] ^ (bits[0] << 1)
                    while edges != 0 {
                        let start = edges.trailingZeroBitCount
                        edges &= edges &- 1
                        let end = edges.trailingZeroBitCount
                        edges &= edges &- 1
                        QRCode.appendRun(start: start, end: end, row: row, penX: &penX, to: &out)
                    }
                    continue
                }
                var start = nextColumn(in: bits, from: 0, dark: true, size: size)
                while start < size {
                    let end = nextColumn(in: bits, from: start, dark: false, size: size)
                    QRCode.appendRun(start: start, end: end, row: row, penX: &penX, to: &out)
                    start = nextColumn(in: bits, from: end, dark: true, size: size)
                }
            }
        }
        out.append("\"/></svg>\n")
    }

    /// The dark run of columns `start..<end` of `row`: absolute for a row's first run (`penX` < 0),
    /// else relative to the end of the one before.
    @inline(__always)
    private static func appendRun(start: Int, end: Int, row: Int, penX: inout Int, to out: inout SVGBytes) {
        if penX < 0 {
            out.append("M")
            out.append(start + QRCode.quietZone)
            out.append(" ")
            out.append(row + QRCode.quietZone)
            out.append(".5h")
            out.append(end - start)
        } else {
            out.appendRelativeRun(gap: start - penX, length: end - start)
        }
        penX = end
    }

    /// The first column at or after `start` whose module is dark (`dark`) or light; `size` if none.
    @inline(__always)
    private static func nextColumn(in bits: UnsafeMutableBufferPointer<UInt64>, from start: Int, dark: Bool, size: Int)
        -> Int
    {
        var word = start >> 6
        guard word < bits.count else { return size }
        // Bits past `size` are light: a search for light stops there, one for dark runs out.
        var current = (dark ? bits[word] : ~bits[word]) & (UInt64.max << UInt64(start & 63))
        while current == 0 {
            word += 1
            if word == bits.count { return size }
            current = dark ? bits[word] : ~bits[word]
        }
        return min(word * 64 + current.trailingZeroBitCount, size)
    }
}
