extension QRCode {
    /// The light border the standard requires around the symbol, in modules.
    public static let quietZone = 4

    /// A compact, deterministic SVG of the symbol: a white square with the 4-module quiet zone and
    /// one black `<path>` made of each row's dark runs, one unit per module (`viewBox`), drawn with
    /// crisp edges. `pixelsPerModule` sets the default `width`/`height`; the image scales freely.
    public func svg(pixelsPerModule: Int = 4) -> String {
        let side = size + 2 * QRCode.quietZone
        let pixels = side * pixelsPerModule
        var path = ""
        path.reserveCapacity(size * size)
        for row in 0..<size {
            var column = 0
            while column < size {
                guard modules[row * size + column] == 1 else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && modules[row * size + column] == 1 { column += 1 }
                let run = column - start
                // A run of `run` dark modules as a closed 1-high rectangle.
                path += "M\(start + QRCode.quietZone) \(row + QRCode.quietZone)h\(run)v1h-\(run)z"
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(pixels)\" height=\"\(pixels)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>\n"
    }
}
