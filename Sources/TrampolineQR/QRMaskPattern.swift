/// The eight data mask patterns (ISO/IEC 18004 table 10): whether mask `number` inverts the
/// module at row `i`, column `j`.
enum QRMaskPattern {
    @inline(__always)
    static func inverts(_ number: Int, row i: Int, column j: Int) -> Bool {
        switch number {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
