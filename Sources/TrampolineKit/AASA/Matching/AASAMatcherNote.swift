import Foundation

/// A part of an apple-app-site-association file that iOS reads without error but ignores, such
/// as a `details` entry that names no app, or an `appID` beside an `appIDs` array. It does not
/// stop the file from being evaluated: the rest decides as it would on a device.
public struct AASAMatcherNote: Sendable, Equatable, CustomStringConvertible {
    /// Where in the file, as a key path such as `applinks.details[1].appID`.
    public let location: String
    /// What iOS does with it, in one sentence.
    public let message: String
    /// The app whose claims the note explains, when it is about one app: an app named only in an
    /// ignored place, or named again by a later entry.
    public let appID: String?

    public init(location: String, message: String, appID: String? = nil) {
        self.location = location
        self.message = message
        self.appID = appID
    }

    public var description: String { "\(location): \(message)" }
}
