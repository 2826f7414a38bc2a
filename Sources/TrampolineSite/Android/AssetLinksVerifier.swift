import Foundation
import TrampolineModel

/// Reads a planned `assetlinks.json` back with the Digital Asset Links parsing rules
/// (``AssetLinks/parse(_:)``, independent of the generator) and checks that it grants the
/// catalog's Android app `handle_all_urls` with every fingerprint. `build` runs it on every plan,
/// so a file Android would reject is never written; `check` reports the same.
package enum AssetLinksVerifier {
    package static func verify(_ data: Data, catalog: Catalog, engine: inout DiagnosticEngine) {
        guard let android = catalog.app.android else { return }
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        let bug = "this is a bug in Trampoline; please report it with the app.android section"
        let result: AssetLinks.ParseResult
        do {
            result = try AssetLinks.parse(data)
        } catch {
            engine.error("assetlinks.json would be rejected by Android: \(error)", at: top, hint: bug)
            return
        }
        for problem in result.problems {
            engine.error("assetlinks.json has a statement Android would skip: \(problem)", at: top, hint: bug)
        }
        let granted = result.statements.contains { statement in
            guard statement.relations.contains(AssetLinks.relation),
                case .androidApp(let package, let fingerprints) = statement.target
            else { return false }
            return package == android.package && Set(fingerprints) == Set(android.sha256CertFingerprints)
        }
        if !granted {
            engine.error(
                "assetlinks.json does not grant \(android.package) \(AssetLinks.relation) with its fingerprints; App Links would not verify",
                at: top, hint: bug)
        }
    }
}
