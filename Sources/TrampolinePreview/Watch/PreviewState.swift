import Foundation
import TrampolineModel

/// The server's view of the site: the last good build, the diagnostics of a broken one, and the
/// pages listening for reloads. Every rebuild, good or broken, bumps the generation.
package actor PreviewState {
    /// Bumped on every rebuild; pages carry the generation they were served at.
    package private(set) var generation = 1
    /// The last successful build: what is being served.
    package private(set) var snapshot: BuildSnapshot
    /// The errors of the latest rebuild while the catalog is broken; nil when it builds.
    package private(set) var failure: [Diagnostic]?
    /// The folder being served.
    package nonisolated let outputURL: URL

    private var subscribers: [UUID: AsyncStream<PreviewEvent>.Continuation] = [:]
    private var finished = false

    package init(snapshot: BuildSnapshot, outputURL: URL) {
        self.snapshot = snapshot
        self.outputURL = outputURL
    }

    func succeeded(_ snapshot: BuildSnapshot) {
        self.snapshot = snapshot
        failure = nil
        bump()
    }

    func failed(_ diagnostics: [Diagnostic]) {
        failure = diagnostics
        bump()
    }

    private func bump() {
        generation += 1
        broadcast(.reload(generation))
    }

    /// A stream of events for one open page, and the generation at the moment it subscribed.
    func subscribe() -> (events: AsyncStream<PreviewEvent>, generation: Int) {
        let (stream, continuation) = AsyncStream<PreviewEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
        if finished {
            continuation.finish()
            return (stream, generation)
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return (stream, generation)
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    func broadcast(_ event: PreviewEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// Ends every event stream, so open connections close and shutdown need not wait for them.
    func finishAll() {
        finished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    /// How many pages are listening (for tests and the dashboard).
    package var listenerCount: Int { subscribers.count }
}
