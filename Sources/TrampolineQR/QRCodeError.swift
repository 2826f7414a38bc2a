/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input has more bytes than version 40 holds in byte mode at this level.
    case tooLong(byteCount: Int, errorCorrection: QRErrorCorrection, capacity: Int)
    /// A mask number outside 0...7.
    case invalidMask(Int)

    public var description: String {
        switch self {
        case .tooLong(let byteCount, let level, let capacity):
            "\(byteCount) bytes is too long for a QR code: version 40 at error correction \(level.rawValue) holds at most \(capacity) bytes"
        case .invalidMask(let mask):
            "mask \(mask) does not exist: QR masks are numbered 0 to 7"
        }
    }
}
