import TrampolineKit

/// Where `serve` tells the person at the terminal what happened: the CLI prints these.
public struct PreviewReporter: Sendable {
    /// A rebuild succeeded.
    public var rebuilt: @Sendable (BuildSnapshot) -> Void
    /// A rebuild failed; the previous site is still served.
    public var failed: @Sendable ([Diagnostic]) -> Void

    public init(rebuilt: @escaping @Sendable (BuildSnapshot) -> Void, failed: @escaping @Sendable ([Diagnostic]) -> Void) {
        self.rebuilt = rebuilt
        self.failed = failed
    }

    /// Says nothing (tests).
    public static let silent = PreviewReporter(rebuilt: { _ in }, failed: { _ in })
}
