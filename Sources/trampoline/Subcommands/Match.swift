import ArgumentParser
import Foundation
import TrampolineBuild
import TrampolineModel

struct Match: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Show what an apple-app-site-association file decides for URLs.",
        discussion: """
            Prints, for each URL and each app ID, match, exclude or no_match and the rule that decided it, \
            using Apple's matching rules. By default the AASA is the one build would write from the catalog, \
            served by the catalog's host; with --aasa it is that file, served by --domain or by each URL's host. \
            A URL may be a path (/topic/1) when the domain is known.
            With --jsonl, reads conformance cases ({"id", "aasa", "domain", "appId", "url"}) one per line on \
            standard input and answers each with {"id", "decision"} or {"id", "error"} on standard output.
            """
    )

    @Option(name: .shortAndLong, help: "The link catalog whose AASA to use (default: site-config.yml).")
    var config: String?

    @Option(
        help: ArgumentHelp("An apple-app-site-association file to use instead of the catalog's.", valueName: "file"))
    var aasa: String?

    @Option(help: ArgumentHelp("The host serving the --aasa file (default: each URL's host).", valueName: "host"))
    var domain: String?

    @Option(help: "text, or json: one object per URL and line, with app_receives and reason.")
    var format: MatchFormat = .text

    @Flag(help: "Answer conformance cases, one JSON object per line, from standard input.")
    var jsonl = false

    @Argument(help: "URLs (or paths) to match.")
    var urls: [String] = []

    func validate() throws {
        if jsonl {
            guard config == nil, aasa == nil, domain == nil, urls.isEmpty else {
                throw ValidationError(
                    "--jsonl reads everything from standard input; it takes no other options or URLs.")
            }
            return
        }
        if config != nil, aasa != nil { throw ValidationError("Pass --config or --aasa, not both.") }
        if domain != nil, aasa == nil {
            throw ValidationError("--domain applies to --aasa; with a catalog the domain is its site host.")
        }
        if urls.isEmpty { throw ValidationError("Give at least one URL to match.") }
    }

    func run() throws {
        if jsonl { return runCases() }
        do {
            let (query, build) = try makeQuery()
            // Judge every URL before printing, so an invalid one fails the run with no half-output.
            let table = build?.linkTable()
            let scheme = build.map { $0.catalog.app.ios?.scheme ?? $0.catalog.app.android?.scheme ?? "" } ?? ""
            let answers = try urls.map { input in
                var answer = try query.answer(for: input, pagesOf: build?.catalog)
                if let build {
                    // What TrampolineLink delivers for this universal link: the library's resolver
                    // on the table the build makes.
                    answer.resolved = true
                    // A long link (site.long_links) is read where it is, by the page and by the
                    // libraries alike, with no link table.
                    if let long = build.catalog.longLinkAnswer(for: answer.url) {
                        answer.page = long.page
                        answer.appReceives = long.appReceives
                        answer.appReason = long.appReceives == nil ? "long_link_refused" : nil
                        return answer
                    }
                    // A URL no app ID claims opens the page, not the app.
                    guard answer.verdicts.contains(where: { $0.decision == .match }) else {
                        answer.appReason = "not_claimed"
                        return answer
                    }
                    switch table?.resolve(answer.url, scheme: scheme) ?? .failure(.malformedTable) {
                    case .success(let link): answer.appReceives = link
                    case .failure(let reason): answer.appReason = reason.code
                    }
                }
                return answer
            }
            switch format {
            case .text: print(answers.map(\.text).joined(separator: "\n"), terminator: "")
            case .json: print(answers.map(\.json).joined(separator: "\n"))
            }
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// The query, and the build it comes from (nil with --aasa).
    private func makeQuery() throws -> (AASAQuery, SiteBuild?) {
        if let aasa {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: aasa))
            } catch {
                throw DiagnosticsError([
                    Diagnostic(
                        .error, at: nil, "cannot read \(aasa): \(error.localizedDescription)", hint: "check the path")
                ])
            }
            return (try AASAQuery(aasa: data, domain: domain, displayName: aasa), nil)
        }
        let path = config ?? "site-config.yml"
        let result = try SiteBuilder(configURL: URL(fileURLWithPath: path), configDisplayPath: path).build()
        guard let data = result[.rootAppSiteAssociation] else {
            throw DiagnosticsError([
                Diagnostic(
                    .error, at: SourceLocation(file: path, line: 1, column: 1),
                    "the catalog has no iOS app, so the site has no apple-app-site-association file to match against",
                    hint: "add app.ios to the catalog, or pass --aasa FILE")
            ])
        }
        return (try AASAQuery(aasa: data, appIDs: result.catalog.app.appIDs, domain: result.catalog.site.host), result)
    }

    /// The runner contract: never stops on a bad case; answers go to standard output as they are made.
    private func runCases() {
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            guard let answer = ConformanceRunner.answer(line: line, lineNumber: lineNumber) else { continue }
            // Unbuffered, so a runner feeding cases one at a time gets each answer at once.
            FileHandle.standardOutput.write(Data((answer + "\n").utf8))
        }
    }
}

/// `match --format`.
enum MatchFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
