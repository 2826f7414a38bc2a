import HTTPTypes
import Hummingbird
import TrampolineSite

extension Response {
    /// A file served for another path than its own (a rewrite's page, the 404 page): its
    /// validators belong to that file, so a client's copy of the requested URL must not match them.
    mutating func dropValidators() {
        headers[.eTag] = nil
        headers[.lastModified] = nil
    }

    /// Sets each of a host's headers for the path (`_headers`, `firebase.json`) over the file's own.
    mutating func setHeaders(_ fields: [HeaderRule.Field]) {
        for field in fields {
            guard let name = HTTPField.Name(field.name) else { continue }
            headers[name] = field.value
        }
    }
}
