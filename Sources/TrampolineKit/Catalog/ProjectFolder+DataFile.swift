import Foundation

extension ProjectFolder {
    /// The text of a data file the catalog names under `key` (`links_file`, `items`), read from
    /// this folder (no path outside it, no symbolic link) within `limit` bytes; nil after an error
    /// at `location` (the catalog's value) or in the file (`what` is not UTF-8).
    func dataFileText(
        _ name: String, key: String, what: String, limit: Int, location: SourceLocation?, displayPath: String,
        engine: inout DiagnosticEngine
    ) -> String? {
        let data: Data
        do {
            data = Data(try read(name, limit: limit))
        } catch {
            engine.error(error.message(key, CatalogRules.quoted(name)), at: location, hint: error.hint)
            return nil
        }
        return CatalogLoader.text(
            of: data, what: what, displayPath: displayPath, hint: "save it as UTF-8 (spreadsheets: 'CSV UTF-8')",
            engine: &engine)
    }
}
