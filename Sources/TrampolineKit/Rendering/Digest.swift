import Crypto
import Foundation

/// SHA-256 in hex: stable across runs and machines (Swift's `Hasher` is seeded per process).
enum Digest {
    static func hex(_ text: String) -> String {
        var text = text
        let digest = text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        var hex: [UInt8] = []
        hex.reserveCapacity(SHA256.byteCount * 2)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 15)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
