import Foundation
import TrampolineTestSupport
import XCTest

/// `trampoline serve --port 0` running as a separate process, as a user would start it. The port
/// is read from the line it prints (`Serving … at http://127.0.0.1:PORT/ …`).
final class ServeProcess {
    let process = Process()
    let port: Int
    /// The whole standard output and error so far.
    private let output = OutputCollector()

    init(arguments: [String], in directory: URL, timeout: TimeInterval = 30) throws {
        process.executableURL = TrampolineProcess.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let output = self.output
        out.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData, stderr: false) }
        err.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData, stderr: true) }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var found: Int?
        while Date() < deadline, process.isRunning {
            if let port = Self.port(in: output.stdout) {
                found = port
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let found else {
            process.terminate()
            throw RawHTTP.Failure(
                description:
                    "serve printed no address within \(timeout) s.\nstdout: \(output.stdout)\nstderr: \(output.stderr)")
        }
        port = found
    }

    var stdout: String { output.stdout }
    var stderr: String { output.stderr }
    var http: RawHTTP { RawHTTP(port: port) }

    static func port(in text: String) -> Int? {
        guard
            let range = text.range(
                of: #"at https?://127\.0\.0\.1:(\d+)/"#, options: .regularExpression)
        else { return nil }
        let match = text[range]
        let digits = match.drop { $0 != ":" }.dropFirst().drop { $0 != ":" }.dropFirst().prefix { $0.isNumber }
        return Int(digits)
    }

    /// Sends SIGINT and waits; returns the exit status, or nil if it did not stop in time.
    func interrupt(timeout: TimeInterval = 10) -> Int32? {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { return nil }
        return process.terminationStatus
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` passes.
    static func wait(timeout: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return try condition()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
