/// A position in an input file, 1-based, as editors and compilers count.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file as the user named it (relative paths stay relative, so messages match what they typed).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
