/// Where and why a document is not strict JSON: `line` and `column` are 1-based, the column
/// counting Unicode scalars as an editor does.
struct JSONSyntaxError: Error, Equatable, Sendable {
    var reason: String
    var line: Int
    var column: Int
}
