import Foundation

/// A problem that stops an apple-app-site-association file from being evaluated:
/// invalid JSON, or a key whose value has the wrong shape.
package struct AASAMatcherError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where in the file the problem is, as a key path such as `applinks.details[0].components[2]`;
    /// empty for problems with the file as a whole.
    package let location: String
    /// What is wrong, in one sentence.
    package let message: String

    /// Creates an error for the value at `location`.
    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    package var description: String {
        location.isEmpty
            ? "malformed apple-app-site-association: \(message)"
            : "malformed apple-app-site-association at \(location): \(message)"
    }
}
