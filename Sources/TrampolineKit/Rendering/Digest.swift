import Crypto
import Foundation

/// SHA-256 in hex: stable across runs and machines (Swift's `Hasher` is seeded per process).
enum Digest {
    static func hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
