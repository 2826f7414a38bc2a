import Foundation

/// What the build's `cloudfront-function.js` does with a request's URI, read from the tables the
/// function holds (`files`, `extensions`, `cases`: JSON object literals) and its handler's steps
/// (``SiteRenderer/cloudFrontFunction(cases:)``): the association files as they are; a link
/// that differs from another only in case to its page under `_case/`; a slashed URI to its
/// `index.html`; a last segment without a known file extension to its folder's `index.html`.
/// `CloudFrontFunctionModelTests` run the function under node on the same URIs and compare.
struct CloudFrontFunctionModel: Sendable, Equatable {
    var files: Set<String>
    var extensions: Set<String>
    var cases: [String: String]

    /// Nil unless `source` holds the three tables as the build writes them.
    init?(source: String) {
        guard let files = Self.table("files", in: source), let extensions = Self.table("extensions", in: source),
            let cases = Self.table("cases", in: source)
        else { return nil }
        self.files = Set(files.keys)
        self.extensions = Set(extensions.keys)
        self.cases = cases.compactMapValues { $0 as? String }
    }

    /// The object key the function sends `uri` to.
    func uri(for uri: String) -> String {
        if files.contains(uri) { return uri }
        let unslashed = uri.count > 1 && uri.hasSuffix("/") ? String(uri.dropLast()) : uri
        if let page = cases[unslashed] { return page }
        if uri.hasSuffix("/") { return uri + "index.html" }
        let name = uri[(uri.lastIndex(of: "/").map { uri.index(after: $0) } ?? uri.startIndex)...]
        guard let dot = name.lastIndex(of: ".") else { return uri + "/index.html" }
        return extensions.contains(name[name.index(after: dot)...].lowercased()) ? uri : uri + "/index.html"
    }

    /// The object literal after `var NAME = `, up to its `};`.
    static func table(_ name: String, in source: String) -> [String: Any]? {
        guard let start = source.range(of: "var \(name) = "),
            let end = source[start.upperBound...].range(of: "};")
        else { return nil }
        let literal = source[start.upperBound..<end.lowerBound] + "}"
        return (try? JSONSerialization.jsonObject(with: Data(literal.utf8))) as? [String: Any]
    }
}
