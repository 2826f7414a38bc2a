import Foundation
import TrampolineSite

/// The `hosting` settings of a `firebase.json` that `serve --as firebase-hosting` applies, read
/// as Firebase Hosting reads them (firebase.google.com/docs/hosting/full-config): `ignore` (files
/// not deployed; a pattern that takes a folder takes what is in it), `headers` (every entry whose
/// `source` takes the path adds its headers), `rewrites` to a file (the first whose `source` takes
/// a path no file answers), and `appAssociation`. The file is read on each request, as the
/// deployed one would be; an unreadable one is nil, and the rehearsal then serves what Firebase
/// serves without one: nothing.
struct FirebaseHostingConfig: Sendable {
    var ignore: [HostGlob] = []
    /// Each `headers` entry: its glob, and its headers as the `_headers` rule they would be.
    var headers: [(source: HostGlob, rule: HeaderRule)] = []
    var rewrites: [(source: HostGlob, destination: String)] = []
    /// Whether Firebase answers for the association files itself (`AUTO`, the default).
    var answersAssociationFiles = true

    init?(json data: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let hosting = root["hosting"] as? [String: Any]
        else { return nil }
        ignore = (hosting["ignore"] as? [String] ?? []).compactMap(HostGlob.init)
        for entry in hosting["headers"] as? [[String: Any]] ?? [] {
            guard let source = (entry["source"] ?? entry["glob"]) as? String, let glob = HostGlob(source) else {
                continue
            }
            let fields = (entry["headers"] as? [[String: String]] ?? []).compactMap { field in
                field["key"].flatMap { key in field["value"].map { (key, $0) } }
            }
            headers.append((glob, HeaderRule(source, fields)))
        }
        for entry in hosting["rewrites"] as? [[String: Any]] ?? [] {
            guard let source = (entry["source"] ?? entry["glob"]) as? String, let glob = HostGlob(source),
                let destination = entry["destination"] as? String
            else { continue }
            rewrites.append((glob, destination))
        }
        answersAssociationFiles = (hosting["appAssociation"] as? String) != "NONE"
    }

    /// Whether the file at `urlPath` (`/.well-known/x`) was left out of the deploy: a pattern
    /// takes it or one of its folders, relative to the folder (`**/.*` takes `.well-known/`).
    func ignores(_ urlPath: String) -> Bool {
        let segments = urlPath.split(separator: "/")
        for count in segments.indices.map({ $0 + 1 }) {
            let prefix = segments.prefix(count).joined(separator: "/")
            if ignore.contains(where: { $0.matches(prefix) || $0.matches("/" + prefix) }) { return true }
        }
        return false
    }

    /// The file a rewrite serves for `urlPath`, if one takes it.
    func rewrite(_ urlPath: String) -> String? {
        rewrites.first { $0.source.matches(urlPath) }?.destination
    }
}
