import Foundation

/// Shared by the test targets. Runs the built `trampoline` binary as a separate process, as a user's shell would.
public struct TrampolineProcess {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `.build/<config>/trampoline`, next to the test bundle; or the binary named by
    /// `TRAMPOLINE_TEST_BINARY` (`make test` names the release binary of `make dist`, which runs the
    /// large builds of these tests many times faster than a debug build, and is what users run).
    public static var binary: URL {
        if let named = ProcessInfo.processInfo.environment["TRAMPOLINE_TEST_BINARY"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        var url = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            url = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = url.appendingPathComponent("trampoline")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return Bundle.main.bundleURL.appendingPathComponent("trampoline")
    }

    @discardableResult
    public static func run(
        _ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String] = [:]
    ) throws -> Output {
        let program = binary
        guard FileManager.default.isExecutableFile(atPath: program.path) else { throw MissingBinary(url: program) }
        return try run(program: program, arguments, in: directory, stdin: stdin, environment: environment)
    }

    /// The binary to test is not there: a launch error would not say which file or why.
    public struct MissingBinary: Error, CustomStringConvertible {
        public var url: URL
        public var description: String {
            "no executable trampoline at \(url.path): build it first (`make build`, or `make dist` for "
                + "TRAMPOLINE_TEST_BINARY), or unset TRAMPOLINE_TEST_BINARY to test the debug build"
        }
    }

    /// Runs any program to completion and collects its output.
    @discardableResult
    public static func run(
        program: URL, _ arguments: [String], in directory: URL, stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read before waiting so a large output cannot fill the pipe and stall the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
