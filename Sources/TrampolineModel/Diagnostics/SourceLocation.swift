/// A position in an input file, 1-based, as editors and compilers count.
@usableFromInline package struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file as the user named it (relative paths stay relative, so messages match what they typed).
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    @usableFromInline package var description: String { "\(file):\(line):\(column)" }
}
