import TrampolineModel

/// A link an import adds: its `links_file` columns (`path`, `title`, …, `campaign.<name>`) and
/// where in the export each value came from, so the catalog's own checks report at the export's
/// row and column.
struct ImportedLink: Sendable {
    struct Value: Sendable {
        var key: String
        var text: String
        var location: SourceLocation
    }

    /// Where the row starts.
    var start: SourceLocation
    var values: [Value] = []

    mutating func set(_ key: String, _ text: String, at location: SourceLocation) {
        values.removeAll { $0.key == key }
        values.append(Value(key: key, text: text, location: location))
    }

    /// The links-file row: column → cell.
    var columns: [String: String] {
        Dictionary(values.map { ($0.key, $0.text) }, uniquingKeysWith: { _, last in last })
    }

    /// The link as the catalog reader sees a `links:` entry, positioned in the export.
    var node: YAMLNode {
        func scalar(_ text: String, _ at: SourceLocation) -> YAMLNode {
            YAMLNode(kind: .scalar(text, plain: false), line: at.line, column: at.column)
        }
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var campaign: [(key: YAMLNode, value: YAMLNode)] = []
        for value in values {
            if value.key.hasPrefix("campaign.") {
                campaign.append(
                    (
                        scalar(String(value.key.dropFirst("campaign.".count)), value.location),
                        scalar(value.text, value.location)
                    ))
            } else {
                pairs.append((scalar(value.key, value.location), scalar(value.text, value.location)))
            }
        }
        if let first = campaign.first {
            pairs.append(
                (
                    scalar(
                        "campaign", SourceLocation(file: start.file, line: first.key.line, column: first.key.column)),
                    YAMLNode(kind: .mapping(campaign), line: first.key.line, column: first.key.column)
                ))
        }
        return YAMLNode(kind: .mapping(pairs), line: start.line, column: start.column)
    }
}
