extension SiteWriter {
    /// A file that could not be put in place, and why.
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        /// How to fix it, when it is not the usual "make the folder writable".
        package var hint: String?

        package init(path: String, reason: String, hint: String? = nil) {
            self.path = path
            self.reason = reason
            self.hint = hint
        }

        package var description: String { "cannot write \(path): \(reason)" }
    }
}
