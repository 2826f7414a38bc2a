import ArgumentParser
import Dispatch

struct Trampoline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trampoline",
        abstract: "Deep links for iOS and Android apps from a static site you own.",
        discussion:
            "Reads a link catalog (site-config.yml) and writes a deployable folder: one page per link, loadCookie.html, apple-app-site-association and assetlinks.json.",
        version: TrampolineVersion.current,
        subcommands: [
            Build.self, Match.self, Check.self, Serve.self, Init.self, IntentFilterCommand.self, LinkTableCommand.self,
            ImportCommand.self, QRCommand.self, StatsCommand.self,
        ],
        defaultSubcommand: Build.self
    )
}

/// Runs a synchronous command on the main thread, not on a thread of the shared pool as an async
/// `main` would: a build waiting there for its workers (links read in batches, files written on
/// every core) held one of the pool's threads, so on two cores its workers had one. `serve`,
/// the one async command, runs as a task while the main thread serves the main queue.
@main
enum Main {
    static func main() {
        let command: ParsableCommand
        do {
            command = try Trampoline.parseAsRoot()
        } catch {
            Trampoline.exit(withError: error)
        }
        if let asynchronous = command as? AsyncParsableCommand {
            let box = UncheckedBox(asynchronous)
            Task {
                var running = box.value
                do { try await running.run() } catch { Trampoline.exit(withError: error) }
                Trampoline.exit()
            }
            // The main queue stays free for what the command schedules there (signal sources).
            dispatchMain()
        } else {
            var running = command
            do { try running.run() } catch { Trampoline.exit(withError: error) }
        }
    }
}

/// Hands the parsed command to the task that runs it (commands are plain values, never shared).
private struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
