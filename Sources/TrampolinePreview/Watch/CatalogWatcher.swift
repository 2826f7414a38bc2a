import Foundation
import ServiceLifecycle
import TrampolineModel

/// Polls the catalog, the files its links come from and the Templates folder beside it; when they change (and have stopped
/// changing for one poll, so a save in several writes builds once), rebuilds and tells open pages.
/// Polling keeps it portable: no inotify/FSEvents, and a few stats every 300 ms cost nothing.
/// With watching off it only waits for shutdown, then closes the event streams.
struct CatalogWatcher: Service {
    let rebuilder: SiteRebuilder
    let state: PreviewState
    let interval: Duration
    let watch: Bool
    let reporter: PreviewReporter
    /// Heartbeats every this many polls keep event streams alive and reap closed ones.
    let heartbeatEvery = 50

    func run() async throws {
        if watch {
            try? await cancelWhenGracefulShutdown { try await poll() }
        } else {
            try? await gracefulShutdown()
        }
        await state.finishAll()
    }

    private func poll() async throws {
        let config = rebuilder.builder.configURL
        let templates = rebuilder.builder.templatesURL
        var data = await state.snapshot.catalog.dataFiles
        var seen = WatchFingerprint.take(config: config, templates: templates, data: data)
        var pending: WatchFingerprint?
        var ticks = 0
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            ticks += 1
            if ticks % heartbeatEvery == 0 { await state.broadcast(.heartbeat) }
            let now = WatchFingerprint.take(config: config, templates: templates, data: data)
            if now == seen {
                pending = nil
                continue
            }
            // Debounce: build once the files look the same on two polls in a row.
            guard now == pending else {
                pending = now
                continue
            }
            seen = now
            pending = nil
            let started = Date().timeIntervalSince1970
            await rebuild()
            // The catalog may name other files now: watch those from here on. One saved while the
            // build ran may hold other bytes than the build read, so it counts as unseen (as in
            // git's racy-clean check) and is built once more when it settles.
            let named = await state.snapshot.catalog.dataFiles
            if named != data {
                let added = Set(named).subtracting(data)
                data = named
                seen = WatchFingerprint.take(config: config, templates: templates, data: data)
                    .forgetting(data: added, in: config, modifiedSince: started - WatchFingerprint.clockSlack)
            }
        }
    }

    func rebuild() async {
        do {
            let snapshot = try rebuilder.rebuild(into: state.outputURL)
            await state.succeeded(snapshot)
            reporter.rebuilt(snapshot)
        } catch let error as DiagnosticsError {
            await state.failed(error.diagnostics)
            reporter.failed(error.diagnostics)
        } catch {
            let diagnostics = [Diagnostic(.error, at: nil, "\(error)")]
            await state.failed(diagnostics)
            reporter.failed(diagnostics)
        }
    }
}
