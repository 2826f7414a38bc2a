import TrampolineModel

/// One file for ``SiteWriter``: where it goes, the fingerprint of what it will hold, and how to
/// make its bytes. The writer calls ``bytes()`` only when the file cannot be proven unchanged.
package struct OutputFile: Sendable {
    package var path: OutputPath
    package var fingerprint: Fingerprint
    private let producer: Producer

    /// What makes the bytes: a closure, or file `index` of a source shared by every file of a
    /// build (no closure per file: a build's 200k closures were 200k allocations on one core).
    private enum Producer: Sendable {
        case closure(@Sendable () -> [UInt8])
        case shared(any Source, index: Int)
    }

    /// Makes the bytes of many files, each by its index.
    protocol Source: AnyObject, Sendable {
        func bytes(ofFile index: Int) -> [UInt8]
    }

    package init(path: OutputPath, fingerprint: Fingerprint, bytes: @escaping @Sendable () -> [UInt8]) {
        self.path = path
        self.fingerprint = fingerprint
        producer = .closure(bytes)
    }

    /// File `index` of `source`.
    init(path: OutputPath, fingerprint: Fingerprint, index: Int, of source: any Source) {
        self.path = path
        self.fingerprint = fingerprint
        producer = .shared(source, index: index)
    }

    /// The file's bytes, made now.
    package func bytes() -> [UInt8] {
        switch producer {
        case .closure(let make): return make()
        case .shared(let source, let index): return source.bytes(ofFile: index)
        }
    }
}
