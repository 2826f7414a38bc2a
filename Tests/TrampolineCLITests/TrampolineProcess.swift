import Foundation
import XCTest

/// Runs the built `trampoline` binary as a separate process, as a user's shell would.
struct TrampolineProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/<config>/trampoline`, next to the test bundle.
    static var binary: URL {
        var url = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            url = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = url.appendingPathComponent("trampoline")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return Bundle.main.bundleURL.appendingPathComponent("trampoline")
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
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
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A fresh temporary folder per test, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trampoline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Every regular file under `folder` (relative path → bytes): a snapshot to compare before/after.
    func contents(of folder: String) -> [String: Data] {
        let root = url.appendingPathComponent(folder)
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            result[relative] = try? Data(contentsOf: file)
        }
        return result
    }
}
