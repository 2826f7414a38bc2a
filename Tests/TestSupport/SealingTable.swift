import Foundation

/// Tests/Fixtures/link-table-v2.json: link ids, shards, keys and sealed entries of link table
/// format version 2, written by Python's hashlib (link_table_v2.py), which every implementation
/// (the build, TrampolineLink, the Android library) is checked against.
public struct SealingTable: Decodable {
    public struct Case: Decodable {
        public var host: String
        public var path: String
        public var id: String
        /// Shard count → shard.
        public var shards: [String: Int]
        public var key: String
        public var entry: String
        public var sealed: String
    }
    public var cases: [Case]

    public static func load() throws -> SealingTable {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/link-table-v2.json").standardizedFileURL
        return try JSONDecoder().decode(SealingTable.self, from: Data(contentsOf: url))
    }
}
