import Crypto
import Foundation
@_spi(Generator) import TrampolineLink

/// The build's sealing of table entries (docs/link-table.md, "Sealed entries"): what
/// ``LinkSealing/seal(_:host:path:hash:)`` does, with swift-crypto's SHA-256 straight over one
/// buffer instead of an array per keystream block. A compact site seals every link's page data
/// (a dozen blocks each) on every build, to measure its shards; through the general path that
/// was most of its planning. `EntrySealerTests` holds the two to the same bytes.
enum EntrySealer {
    static func seal(_ entry: [UInt8], host: String, path: String) -> String {
        var input = [UInt8](repeating: 0, count: 36)
        SHA256.hash(data: LinkSealing.input("key", host: host, path: path)).withUnsafeBytes { key in
            input.replaceSubrange(0..<32, with: key)
        }
        var out = entry
        var block: UInt32 = 0
        var at = 0
        while at < out.count {
            input[32] = UInt8(truncatingIfNeeded: block >> 24)
            input[33] = UInt8(truncatingIfNeeded: block >> 16)
            input[34] = UInt8(truncatingIfNeeded: block >> 8)
            input[35] = UInt8(truncatingIfNeeded: block)
            let end = min(at + 32, out.count)
            SHA256.hash(data: input).withUnsafeBytes { stream in
                for index in at..<end { out[index] ^= stream[index - at] }
            }
            at = end
            block += 1
        }
        return Data(out).base64EncodedString()
    }
}
