import Foundation

/// Tests/Fixtures/deep-link-composition.json, the deep-link composition cases every
/// implementation runs (the build, TrampolineLink, the page script, the Android library).
public struct CompositionTable: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public var deep_link: String
        public var fixed: [String]?
        public var forward_query: Bool?
    }
    public struct Link: Decodable, Sendable {
        public var path: String
        public var deep_link: String
        public var campaign: [[String]]?
        public var forward_query: Bool?
        /// Whether the path is a route's pattern.
        public var isRoute: Bool { path.contains(":") || path.contains("*") }
    }
    public struct Visit: Decodable, Sendable {
        public var url: String
        public var expected: String?
    }
    public struct Case: Decodable, Sendable {
        public var name: String
        public var link: Link?
        public var entry: Entry?
        public var visits: [Visit]
    }
    public var cases: [Case]

    public static func load() throws -> CompositionTable {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/deep-link-composition.json").standardizedFileURL
        return try JSONDecoder().decode(CompositionTable.self, from: Data(contentsOf: url))
    }
}
