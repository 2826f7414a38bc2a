import Foundation

/// A part of an apple-app-site-association file that iOS reads without error but ignores, such
/// as a `details` entry that names no app, or an `appID` beside an `appIDs` array. It does not
/// stop the file from being evaluated: the rest decides as it would on a device.
package struct AASAMatcherNote: Sendable, Equatable, CustomStringConvertible {
    /// Where in the file, as a key path such as `applinks.details[1].appID`.
    package let location: String
    /// What iOS does with it, in one sentence.
    package let message: String
    /// The app whose claims the note explains, when it is about one app: an app named only in an
    /// ignored place, or named again by a later entry.
    package let appID: String?

    package init(location: String, message: String, appID: String? = nil) {
        self.location = location
        self.message = message
        self.appID = appID
    }

    package var description: String { "\(location): \(message)" }
}
