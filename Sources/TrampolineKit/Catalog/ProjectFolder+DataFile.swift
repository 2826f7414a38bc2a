import Foundation

extension ProjectFolder {
    /// The text of a data file the catalog names under `key` (`links_file`, `items`), read from
    /// this folder (no path outside it, no symbolic link) within `limit` bytes; nil after an error
    /// at `location` (the catalog's value) or in the file (`what` is not UTF-8).
    func dataFileText(
        _ name: String, key: String, what: String, limit: Int, location: SourceLocation?, displayPath: String,
        engine: inout DiagnosticEngine
    ) -> String? {
        guard let bytes = dataFileBytes(name, key: key, limit: limit, location: location, engine: &engine) else {
            return nil
        }
        return CatalogLoader.text(
            of: bytes, what: what, displayPath: displayPath, hint: "save it as UTF-8 (spreadsheets: 'CSV UTF-8')",
            engine: &engine)
    }

    /// The bytes of that data file, not yet checked as UTF-8 (``CatalogLoader/text(of:what:displayPath:hint:engine:)``
    /// does); nil after a refusal reported at `location`.
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
}
