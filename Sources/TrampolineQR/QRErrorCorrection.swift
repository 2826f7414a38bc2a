/// The four error-correction levels of ISO/IEC 18004: how much of the symbol may be damaged and
/// still decode (about 7 %, 15 %, 25 % and 30 %). The raw value is the level's letter.
public enum QRErrorCorrection: String, CaseIterable, Sendable, Equatable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"

    /// The two bits the format information carries for this level (ISO/IEC 18004 table 12):
    /// not in L, M, Q, H order, so spelled out.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The row of the block tables (QRBlockTable) for this level.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
