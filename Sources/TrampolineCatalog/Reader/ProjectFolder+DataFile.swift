import Foundation
import TrampolineModel

extension ProjectFolder {
    /// The bytes of a data file the catalog names under `key` (`links_file`, `items`), read from
    /// this folder (no path outside it, no symbolic link) within `limit` bytes, not yet checked as
    /// UTF-8 (``dataFileText(of:what:displayPath:engine:)`` does); nil after a refusal reported at
    /// `location` (the catalog's value).
    func dataFileBytes(
        _ name: String, key: String, limit: Int, location: SourceLocation?, engine: inout DiagnosticEngine
    ) -> [UInt8]? {
        do {
            return try read(name, limit: limit)
        } catch {
            engine.error(error.message(key, CatalogRules.quoted(name)), at: location, hint: error.hint)
            return nil
        }
    }

    /// The text of a data file's `bytes` (a byte-order mark dropped), or nil after reporting
    /// where they are not UTF-8; `what` names the file in the message ("the links file").
    static func dataFileText(of bytes: [UInt8], what: String, displayPath: String, engine: inout DiagnosticEngine)
        -> String?
    {
        CatalogLoader.text(
            of: bytes, what: what, displayPath: displayPath, hint: "save it as UTF-8 (spreadsheets: 'CSV UTF-8')",
            engine: &engine)
    }
}
