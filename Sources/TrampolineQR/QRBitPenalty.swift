/// ``QRPenalty``'s four rules computed 64 modules at a time, for symbols up to version 9 (53
/// modules, which fit in one `UInt64` with the 4-module light quiet zone on each side). Most links'
/// URLs land there, and the byte-by-byte scan branches on every module's colour, which costs most
/// of an encode. Tests compare the two on random matrices; segno's mask choice is checked on both.
///
/// A line is a word whose bit `x + 4` is the module at `x` (1 = dark); bits outside are light.
enum QRBitPenalty {
    /// The largest symbol the words hold.
    static let maxSize = 53
    static let padding = 4

    /// The rows and columns of a row-major `size`×`size` matrix (modules 0 or 1) as words. A row's
    /// modules are gathered eight at a time by one multiply, and the columns are the rows' 64×64
    /// bit matrix transposed: setting two bits per module had been a sixth of choosing a mask.
    /// `PenaltyTests` hold it to the module-by-module way on random matrices of every size.
    static func words(of m: [UInt8], size: Int) -> (rows: [UInt64], columns: [UInt64]) {
        precondition(size <= maxSize && m.count >= size * size)
        // Line i at index i + padding, so that the transpose puts column x at index x + padding.
        var matrix = [UInt64](repeating: 0, count: 64)
        m.withUnsafeBufferPointer { m in
            let base = UnsafeRawPointer(m.baseAddress!)
            for y in 0..<size {
                var row: UInt64 = 0
                var x = 0
                let start = y * size
                // Eight bytes at a time while they lie inside the matrix; the rest one by one.
                while x + 8 <= size {
                    // Module x + k is byte k (0 or 1): the multiply brings byte k's bit to bit 56 + k.
                    let eight = base.loadUnaligned(fromByteOffset: start + x, as: UInt64.self)
                    row |= ((UInt64(littleEndian: eight) &* 0x0102_0408_1020_4080) >> 56) << UInt64(x + padding)
                    x += 8
                }
                while x < size {
                    row |= UInt64(m[start + x]) << UInt64(x + padding)
                    x += 1
                }
                matrix[y + padding] = row
            }
        }
        let rows = Array(matrix[padding..<(padding + size)])
        transpose(&matrix)
        return (rows, Array(matrix[padding..<(padding + size)]))
    }

    /// Transposes a 64×64 bit matrix in place: bit j of word i becomes bit i of word j (Hacker's
    /// Delight's recursive block swap, on halves, quarters, … of the words).
    static func transpose(_ a: inout [UInt64]) {
        a.withUnsafeMutableBufferPointer { a in
            var j = 32
            var mask: UInt64 = 0x0000_0000_FFFF_FFFF
            while j != 0 {
                var k = 0
                while k < 64 {
                    // Swap the upper j bits of word k with the lower j bits of word k + j.
                    let t = ((a[k] >> UInt64(j)) ^ a[k + j]) & mask
                    a[k] ^= t << UInt64(j)
                    a[k + j] ^= t
                    k = (k + j + 1) & ~j
                }
                j >>= 1
                mask ^= mask << UInt64(j)
            }
        }
    }

    /// The total penalty of the matrix whose rows and columns are given as words; or, once the
    /// lines scored so far reach `limit`, that partial sum (every rule adds, so the whole is no
    /// lower): a mask that cannot beat the best so far is not scored to the end.
    static func score(
        rows: UnsafeBufferPointer<UInt64>, columns: UnsafeBufferPointer<UInt64>, size: Int, limit: Int = .max
    ) -> Int {
        let valid: UInt64 = ((1 << UInt64(size)) - 1) << UInt64(padding)
        var total = 0
        var dark = 0
        for i in 0..<size {
            let row = rows[i]
            let column = columns[i]
            total += runs(row, valid: valid) + runs(column, valid: valid)
            total += finderLike(row, size: size) + finderLike(column, size: size)
            dark += row.nonzeroBitCount
            if i > 0 {
                // Rule 2: bit p set when modules p and p+1 of this row and the row above are one colour.
                let above = rows[i - 1]
                let block = ~(row ^ (row >> 1)) & ~(above ^ (above >> 1)) & ~(row ^ above) & valid & (valid >> 1)
                total += QRPenalty.n2 * block.nonzeroBitCount
            }
            if total >= limit { return total }
        }
        let modules = size * size
        total += QRPenalty.n4 * (abs(dark * 20 - modules * 10) / modules)
        return total
    }

    /// Rule 1 for dark and light runs: a run of L ≥ 5 costs L − 2, which is the number of places a
    /// run of five starts in it (L − 4) plus 2 for each such run.
    @inline(__always)
    static func runs(_ line: UInt64, valid: UInt64) -> Int {
        runs(ofColour: line & valid) + runs(ofColour: ~line & valid)
    }

    @inline(__always)
    private static func runs(ofColour colour: UInt64) -> Int {
        let five = colour & (colour >> 1) & (colour >> 2) & (colour >> 3) & (colour >> 4)
        let starts = five & ~(five << 1)
        return five.nonzeroBitCount + (QRPenalty.n1 - 1) * starts.nonzeroBitCount
    }

    /// Rule 3, with ``QRPenalty/finderLike(_:)``'s rule for overlapping patterns.
    @inline(__always)
    static func finderLike(_ line: UInt64, size: Int) -> Int {
        // 1011101 is a palindrome, so bit order does not matter: bit p is set where it starts.
        var matches = line & ~(line >> 1) & (line >> 2) & (line >> 3) & (line >> 4) & ~(line >> 5) & (line >> 6)
        guard matches != 0 else { return 0 }
        var score = 0
        var nextAllowed = 0
        while matches != 0 {
            let p = matches.trailingZeroBitCount
            matches &= matches - 1
            // Four light modules before (bits p−4...p−1) or after (p+7...p+10); the padding is light.
            if p >= nextAllowed && ((line >> UInt64(p - 4)) & 0xF == 0 || (line >> UInt64(p + 7)) & 0xF == 0) {
                score += QRPenalty.n3
                nextAllowed = p + 7
            }
        }
        return score
    }
}
