import TrampolineModel

/// A page's language as the layout and templates take it: `<html lang>`, `dir` (only for right to
/// left, HTML's default being left to right) and the built-in texts, as bytes once.
struct PageLanguage: Sendable {
    var tag: [UInt8]
    var direction: [UInt8]?
    var strings: PageStrings
    /// ``strings`` as the templates' values, in the order of ``PageStrings/valueKeys``.
    var values: [[UInt8]?]

    init(_ language: String, app: AppSettings) {
        tag = Array(language.utf8)
        direction = PageStrings.isRightToLeft(language) ? Array("rtl".utf8) : nil
        strings = PageStrings.forLanguage(language, app: app.name)
        values = strings.values(hasIOSApp: app.ios != nil).map { Array($0.utf8) }
    }
}
