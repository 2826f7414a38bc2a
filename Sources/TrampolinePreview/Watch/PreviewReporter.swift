import TrampolineModel

/// Where `serve` tells the person at the terminal what happened: the CLI prints these.
package struct PreviewReporter: Sendable {
    /// A rebuild succeeded.
    package var rebuilt: @Sendable (BuildSnapshot) -> Void
    /// A rebuild failed; the previous site is still served.
    package var failed: @Sendable ([Diagnostic]) -> Void

    package init(
        rebuilt: @escaping @Sendable (BuildSnapshot) -> Void, failed: @escaping @Sendable ([Diagnostic]) -> Void
    ) {
        self.rebuilt = rebuilt
        self.failed = failed
    }

    /// Says nothing (tests).
    package static let silent = PreviewReporter(rebuilt: { _ in }, failed: { _ in })
}
