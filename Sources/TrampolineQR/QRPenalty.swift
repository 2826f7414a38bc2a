/// The penalty score of a masked symbol (ISO/IEC 18004 §7.8.3.1, table 11); the mask with the lowest
/// score is used. Scored as the standard orders the steps, before format and version information are
/// added (§7.8 precedes §7.9 and §7.10), so those areas count as light, the way segno scores them.
/// Outside the symbol is the light quiet zone.
enum QRPenalty {
    // Computed, not stored: a stored static is a lazy global, checked on every read in the hot loops.
    static var n1: Int { 3 }
    static var n2: Int { 3 }
    static var n3: Int { 40 }
    static var n4: Int { 10 }

    /// Reusable working memory: a transposed copy of the matrix, so columns are scanned like rows.
    struct Scratch {
        var transposed: [UInt8]

        init(size: Int) {
            transposed = [UInt8](repeating: 0, count: size * size)
        }
    }

    /// The total of the four rules for a `size`×`size` row-major matrix (1 = dark).
    static func score(_ m: [UInt8], size: Int, scratch: inout Scratch) -> Int {
        m.withUnsafeBufferPointer { m in
            scratch.transposed.withUnsafeMutableBufferPointer { t in
                for y in 0..<size {
                    for x in 0..<size { t[x * size + y] = m[y * size + x] }
                }
                var total = 0
                var dark = 0
                for y in 0..<size {
                    let row = UnsafeBufferPointer(rebasing: m[(y * size)..<(y * size + size)])
                    let column = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(t)[(y * size)..<(y * size + size)])
                    total += runs(row) + finderLike(row) + runs(column) + finderLike(column)
                    for x in 0..<size { dark &+= Int(row[x]) }
                    // Rule 2: every 2×2 block of one colour.
                    if y > 0 {
                        let above = UnsafeBufferPointer(rebasing: m[((y - 1) * size)..<(y * size)])
                        var blocks = 0
                        for x in 1..<size {
                            let c = row[x]
                            blocks &+= Int(((c ^ row[x - 1]) | (c ^ above[x]) | (c ^ above[x - 1])) == 0 ? 1 : 0)
                        }
                        total += n2 * blocks
                    }
                }
                // Rule 4: 10 points per full 5 % the dark share is away from 50 %: |dark/total − ½| · 20, floored.
                let modules = size * size
                total += n4 * (abs(dark * 20 - modules * 10) / modules)
                return total
            }
        }
    }

    // The scans below avoid branches on module colours: every symbol is different, so such
    // branches are mispredicted about half the time, which cost more than the arithmetic.

    /// Rule 1: a run of 5 + i modules of one colour costs N1 + i, i.e. 3 when a run reaches 5
    /// modules and 1 for each module after that.
    @inline(__always)
    static func runs(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var score = 0
        var run = 1
        for i in 1..<line.count {
            let same = line[i] == line[i - 1] ? 1 : 0
            run = run &* same &+ 1
            score &+= (run == 5 ? n1 : 0) &+ (run > 5 ? 1 : 0)
        }
        return score
    }

    /// Rule 3: dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light modules (or the
    /// quiet zone) before or after it. A pattern overlapping one already counted is not counted
    /// again (segno resumes its search after a counted pattern), so each counts once even when
    /// light on both sides.
    @inline(__always)
    static func finderLike(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        let size = line.count
        var score = 0
        var window = 0
        var nextAllowed = 0
        for i in 0..<size {
            // The last seven modules as bits, the oldest highest: 1011101 is the pattern.
            window = ((window << 1) | Int(line[i])) & 0x7F
            guard window == 0b1011101, i >= 6 else { continue }
            let start = i - 6
            if start >= nextAllowed
                && (isLight(line, from: start - 4, to: start) || isLight(line, from: start + 7, to: start + 11))
            {
                score += n3
                nextAllowed = start + 7
            }
        }
        return score
    }

    /// Whether the modules from..<to that lie inside the line are all light.
    @inline(__always)
    static func isLight(_ line: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var k = max(from, 0)
        let end = min(to, line.count)
        while k < end {
            if line[k] != 0 { return false }
            k += 1
        }
        return true
    }
}
