/// One file for ``SiteWriter``: where it goes, the fingerprint of what it will hold, and how to
/// make its bytes. The writer calls `bytes` only when the file cannot be proven unchanged.
public struct OutputFile: Sendable {
    public var path: OutputPath
    public var fingerprint: Fingerprint
    public var bytes: @Sendable () -> [UInt8]

    public init(path: OutputPath, fingerprint: Fingerprint, bytes: @escaping @Sendable () -> [UInt8]) {
        self.path = path
        self.fingerprint = fingerprint
        self.bytes = bytes
    }
}
