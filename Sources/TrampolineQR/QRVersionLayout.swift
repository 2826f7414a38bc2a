/// The fixed part of one version's symbol, computed once per version: the function patterns (finders
/// with their separators, timing, alignment), which modules are reserved for format and version
/// information, and the order in which data bits fill the rest (ISO/IEC 18004 §6.3, §7.7.3).
struct QRVersionLayout: Sendable {
    let version: Int
    /// Modules per side: 17 + 4 · version.
    let size: Int
    /// Row-major, 1 = dark. Function patterns drawn; format and version areas (and the always-dark
    /// module beside them) left light: they are drawn once the mask is chosen.
    let base: [UInt8]
    /// Indices into `base` of the modules data fills, in placement order: two-module columns from
    /// the right, zigzagging up and down, skipping the vertical timing column.
    let dataOrder: [Int32]
    /// For each mask 0...7, `size`·`size` bytes: 1 where the mask inverts a data module, 0 elsewhere
    /// (function patterns are never masked). Masking is then one XOR per module.
    let maskPatterns: [[UInt8]]
    /// The mask patterns' rows and columns as ``QRBitPenalty`` words (versions up to 9, else empty).
    let maskRowWords: [[UInt64]]
    let maskColumnWords: [[UInt64]]

    /// The layout of `version` (1...40), built on first use: versions 1...9, where most links'
    /// URLs land, together, and 10...40 together only once one of them is needed. Building all
    /// forty cost as much as encoding a few thousand small codes, in every process that made one.
    static func of(version: Int) -> QRVersionLayout {
        version <= smallVersions.count ? smallVersions[version - 1] : largeVersions[version - smallVersions.count - 1]
    }

    private static let smallVersions: [QRVersionLayout] = (1...9).map(QRVersionLayout.init)
    private static let largeVersions: [QRVersionLayout] = (10...40).map(QRVersionLayout.init)

    init(version: Int) {
        self.version = version
        let size = 17 + 4 * version
        self.size = size
        let (modules, reserved) = Self.functionPatterns(version: version, size: size)
        let order = Self.dataOrder(size: size, reserved: reserved)
        self.base = modules
        self.dataOrder = order
        self.maskPatterns = (0..<8).map { mask in
            var pattern = [UInt8](repeating: 0, count: size * size)
            for index in order {
                let i = Int(index)
                if QRMaskPattern.inverts(mask, row: i / size, column: i % size) { pattern[i] = 1 }
            }
            return pattern
        }
        let words = size <= QRBitPenalty.maxSize ? maskPatterns.map { QRBitPenalty.words(of: $0, size: size) } : []
        self.maskRowWords = words.map(\.rows)
        self.maskColumnWords = words.map(\.columns)
    }

    /// The function patterns (finders, timing, alignment) drawn, and every module they and the
    /// format and version areas take marked reserved.
    static func functionPatterns(version: Int, size: Int) -> (modules: [UInt8], reserved: [Bool]) {
        var modules = [UInt8](repeating: 0, count: size * size)
        var reserved = [Bool](repeating: false, count: size * size)

        func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y * size + x] = dark ? 1 : 0
            reserved[y * size + x] = true
        }

        // Timing patterns first: finders and alignment patterns then overwrite where they cross.
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        // Finder patterns with their light separators: concentric squares by Chebyshev distance.
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx
                    let y = cy + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    set(x, y, distance != 2 && distance != 4)
                }
            }
        }
        // Alignment patterns at every pair of centre coordinates except the three finder corners.
        let centres = QRVersionLayout.alignmentCentres(version: version)
        let last = centres.count - 1
        for i in centres.indices {
            for j in centres.indices {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        set(centres[i] + dx, centres[j] + dy, max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
        // Format information areas and the dark module: reserved, light for now.
        for i in 0..<9 {
            set(8, i, false)
            set(i, 8, false)
        }
        for i in 0..<8 {
            set(size - 1 - i, 8, false)
            set(8, size - 1 - i, false)
        }
        // Version information (versions 7 and up): two 6×3 blocks.
        if version >= 7 {
            for i in 0..<18 {
                set(size - 11 + i % 3, i / 3, false)
                set(i / 3, size - 11 + i % 3, false)
            }
        }
        // The timing pattern cells the loops above re-set keep their timing colour.
        for i in 8..<(size - 8) {
            modules[6 * size + i] = i % 2 == 0 ? 1 : 0
            modules[i * size + 6] = i % 2 == 0 ? 1 : 0
        }
        return (modules, reserved)
    }

    /// The data modules in placement order: two columns at a time from the right, upwards and
    /// downwards in turn, skipping the vertical timing column and the reserved modules.
    static func dataOrder(size: Int, reserved: [Bool]) -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(size * size)
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in [right, right - 1] where !reserved[y * size + x] {
                    order.append(Int32(y * size + x))
                }
            }
            right -= 2
        }
        return order
    }

    /// The row/column coordinates of the alignment pattern centres (ISO/IEC 18004 annex E): 6, then
    /// evenly spaced (by an even step) down to size − 7.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var centres = [Int](repeating: 6, count: count)
        var position = 17 + 4 * version - 7
        for i in stride(from: count - 1, to: 0, by: -1) {
            centres[i] = position
            position -= step
        }
        return centres
    }
}
