import TrampolineQR

/// A value a ``LinkField`` writes as text: a string, or an enum by its raw value. A table's
/// closures read it as ``fieldText`` and set it with ``assign(_:)``, so that the conversion is
/// in the closure itself and the closure captures nothing (``LinkFieldAccess``).
package protocol LinkFieldText: Sendable {
    var fieldText: String { get }
    init?(fieldText: String)
}

extension LinkFieldText {
    /// Sets the value `text` names; false, and nothing changed, when it names none.
    package mutating func assign(_ text: String) -> Bool {
        guard let value = Self(fieldText: text) else { return false }
        self = value
        return true
    }
}

extension LinkFieldText where Self: RawRepresentable, RawValue == String {
    package var fieldText: String { rawValue }
    package init?(fieldText: String) { self.init(rawValue: fieldText) }
}

extension String: LinkFieldText {
    package var fieldText: String { self }
    package init?(fieldText: String) { self = fieldText }
}

extension Optional where Wrapped: LinkFieldText {
    package var fieldText: String? { self?.fieldText }

    /// Sets the value `text` names, or none for nil; false, and nothing changed, when it names none.
    package mutating func assign(_ text: String?) -> Bool {
        guard let text else {
            self = .none
            return true
        }
        guard let value = Wrapped(fieldText: text) else { return false }
        self = .some(value)
        return true
    }
}

extension Array where Element: LinkFieldText {
    package var fieldTexts: [String] { map(\.fieldText) }

    /// Sets the values `texts` name; false, and nothing changed, when one names none.
    package mutating func assign(_ texts: [String]) -> Bool {
        var values: [Element] = []
        values.reserveCapacity(texts.count)
        for text in texts {
            guard let value = Element(fieldText: text) else { return false }
            values.append(value)
        }
        self = values
        return true
    }
}

extension LinkOptions.Fallback: LinkFieldText {}
extension LinkOptions.DeferredChannel: LinkFieldText {}
extension LinkOptions.InAppBrowsers: LinkFieldText {}
extension LinkOptions.Desktop: LinkFieldText {}
extension QRErrorCorrection: LinkFieldText {}
