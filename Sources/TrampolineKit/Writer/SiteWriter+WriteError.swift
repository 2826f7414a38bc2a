extension SiteWriter {
    /// A file that could not be put in place, and why.
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }
}
