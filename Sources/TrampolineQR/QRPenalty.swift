/// The penalty score of a masked symbol (ISO/IEC 18004 §7.8.3.1, table 11); the mask with the lowest
/// score is used. Scored as the standard orders the steps, before format and version information are
/// added (§7.8 precedes §7.9 and §7.10), so those areas count as light, the way segno scores them.
/// Outside the symbol is the light quiet zone.
enum QRPenalty {
    static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    /// The total of the four rules for a `size`×`size` row-major matrix (1 = dark). `line` is scratch
    /// space of at least `size` elements, reused so scoring eight masks allocates nothing.
    static func score(_ m: [UInt8], size: Int, line: inout [UInt8]) -> Int {
        var total = 0
        var dark = 0
        for y in 0..<size {
            // Rule 1 and 3 along the row.
            let row = y * size
            for x in 0..<size { line[x] = m[row + x] }
            total += runs(line, size) + finderLike(line, size)
            // Rule 1 and 3 down the column (column y).
            for x in 0..<size { line[x] = m[x * size + y] }
            total += runs(line, size) + finderLike(line, size)
            for x in 0..<size { dark += Int(m[row + x]) }
            // Rule 2: every 2×2 block of one colour.
            if y > 0 {
                let above = row - size
                for x in 1..<size {
                    let c = m[row + x]
                    if c == m[row + x - 1] && c == m[above + x] && c == m[above + x - 1] { total += n2 }
                }
            }
        }
        // Rule 4: 10 points per full 5 % the dark share is away from 50 %: |dark/total − ½| · 20, floored.
        let modules = size * size
        total += n4 * (abs(dark * 20 - modules * 10) / modules)
        return total
    }

    /// Rule 1: a run of 5 + i modules of one colour costs N1 + i.
    @inline(__always)
    static func runs(_ line: [UInt8], _ size: Int) -> Int {
        var score = 0
        var run = 1
        for i in 1..<size {
            if line[i] == line[i - 1] {
                run += 1
            } else {
                if run >= 5 { score += n1 + run - 5 }
                run = 1
            }
        }
        if run >= 5 { score += n1 + run - 5 }
        return score
    }

    /// Rule 3: dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light modules (or the
    /// quiet zone) before or after it. After a counted pattern the search resumes past it, so one
    /// pattern is counted once even when light on both sides.
    @inline(__always)
    static func finderLike(_ line: [UInt8], _ size: Int) -> Int {
        var score = 0
        var i = 0
        while i + 7 <= size {
            guard line[i] == 1, line[i + 1] == 0, line[i + 2] == 1, line[i + 3] == 1, line[i + 4] == 1,
                  line[i + 5] == 0, line[i + 6] == 1 else {
                i += 1
                continue
            }
            if isLight(line, from: i - 4, to: i, size) || isLight(line, from: i + 7, to: i + 11, size) {
                score += n3
                i += 7
            } else {
                i += 4
            }
        }
        return score
    }

    /// Whether the modules from..<to that lie inside the symbol are all light.
    @inline(__always)
    static func isLight(_ line: [UInt8], from: Int, to: Int, _ size: Int) -> Bool {
        var k = max(from, 0)
        let end = min(to, size)
        while k < end {
            if line[k] != 0 { return false }
            k += 1
        }
        return true
    }
}
