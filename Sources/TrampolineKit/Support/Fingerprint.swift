/// A digest of everything one output file's bytes are rendered from. Equal fingerprints mean
/// equal bytes, so a rebuild may skip rendering a file whose fingerprint it has seen written.
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    /// SHA-256 in lower-case hex.
    public let hex: String

    init(hex: String) {
        self.hex = hex
    }

    public var description: String { hex }
}
