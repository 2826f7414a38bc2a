import TrampolineModel

extension StrictCSV {
    /// The records of `text`, or nil after reporting its first problem in `engine` at
    /// `displayPath:row:column`.
    static func records(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> [Record]? {
        switch records(text) {
        case .success(let read):
            return read
        case .failure(let problem):
            engine.error(
                "malformed CSV: \(problem.message)",
                at: SourceLocation(file: displayPath, line: problem.row, column: problem.column), hint: problem.hint)
            return nil
        }
    }
}
