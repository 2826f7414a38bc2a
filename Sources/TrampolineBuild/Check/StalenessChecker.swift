import Foundation
import TrampolineModel

/// Compares a plan with an output folder, through the same renderer `build` uses: is what is on
/// disk what `build` would write now?
package struct StalenessChecker: Sendable {
    /// The output folder.
    package var outputURL: URL

    package init(outputURL: URL) {
        self.outputURL = outputURL
    }

    /// The differences between a plan and the folder, each list sorted.
    package struct Differences: Sendable, Equatable {
        /// Planned files that are not on disk.
        package var missing: [String] = []
        /// Planned files whose bytes on disk differ.
        package var changed: [String] = []
        /// Files an earlier build wrote (listed in its manifest) that the plan no longer has.
        package var extra: [String] = []

        package init(missing: [String] = [], changed: [String] = [], extra: [String] = []) {
            self.missing = missing
            self.changed = changed
            self.extra = extra
        }

        package var isEmpty: Bool { missing.isEmpty && changed.isEmpty && extra.isEmpty }
    }

    /// Whether the folder exists at all (a site that was never built here is not "stale").
    package var outputExists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: outputURL.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// What differs between `plan` and the folder, file by file.
    package func differences(from site: SiteBuild) -> Differences {
        differences(from: site, states: CheckPass(site: site, outputURL: outputURL).states ?? [])
    }

    /// The differences, from each planned file's state (``CheckPass``, by plan index).
    package func differences(from site: SiteBuild, states: [CheckPass.FileState]) -> Differences {
        differences(from: site, states: states, extra: extraFiles(of: site))
    }

    /// The differences, from each planned file's state and the extra files (``extraFiles(of:)``).
    package func differences(from site: SiteBuild, states: [CheckPass.FileState], extra: [String]) -> Differences {
        var result = Differences(extra: extra)
        for (entry, state) in zip(site.plan.entries, states) {
            switch state {
            case .same: continue
            case .missing: result.missing.append(entry.path.value)
            case .changed: result.changed.append(entry.path.value)
            }
        }
        result.missing.sort()
        result.changed.sort()
        return result
    }

    /// Files an earlier build wrote (its manifest lists them) that the plan no longer has, sorted.
    /// Only files Trampoline wrote count as extra: a file the team put there by hand is theirs.
    package func extraFiles(of site: SiteBuild) -> [String] {
        let planned = Set(site.plan.paths.map(\.value))
        return Manifest.paths(in: outputURL, notIn: planned).sorted().filter { path in
            let url = outputURL.appendingPathComponent(path)
            return (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// One error per kind of difference, naming the files (the first few, then a count).
    /// `displayPath` is how messages name the output folder.
    package func diagnostics(for differences: Differences, displayPath: String) -> [Diagnostic] {
        let hint = "run trampoline build"
        var result: [Diagnostic] = []
        if !differences.missing.isEmpty {
            result.append(
                Diagnostic(
                    .error, at: nil,
                    "\(displayPath) is stale: \(Self.count(differences.missing.count)) missing (\(Self.summarize(differences.missing)))",
                    hint: hint))
        }
        if !differences.changed.isEmpty {
            result.append(
                Diagnostic(
                    .error, at: nil,
                    "\(displayPath) is stale: \(Self.count(differences.changed.count)) out of date (\(Self.summarize(differences.changed)))",
                    hint: hint))
        }
        if !differences.extra.isEmpty {
            result.append(
                Diagnostic(
                    .error, at: nil,
                    "\(displayPath) is stale: \(Self.count(differences.extra.count)) no longer in the catalog (\(Self.summarize(differences.extra)))",
                    hint: hint + ", which removes them"))
        }
        return result
    }

    /// How many names a message lists before saying "and N more".
    static let listedNames = 5

    static func summarize(_ paths: [String]) -> String {
        guard paths.count > listedNames else { return paths.joined(separator: ", ") }
        return paths.prefix(listedNames).joined(separator: ", ") + " and \(paths.count - listedNames) more"
    }

    static func count(_ n: Int) -> String { n == 1 ? "1 file" : "\(n) files" }
}
