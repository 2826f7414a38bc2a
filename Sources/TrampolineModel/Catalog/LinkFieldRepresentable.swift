import TrampolineQR

/// A type a ``LinkField`` can hold: it says which ``LinkFieldValue`` shape it is, and is read
/// back from one (nil for a value of another shape or an unknown name).
package protocol LinkFieldRepresentable: Sendable, Equatable {
    var fieldValue: LinkFieldValue { get }
    init?(fieldValue: LinkFieldValue)
}

/// A value written as text: a string, or an enum by its raw value.
package protocol LinkFieldText: LinkFieldRepresentable {
    var fieldText: String { get }
    init?(fieldText: String)
}

extension LinkFieldText {
    package var fieldValue: LinkFieldValue { .text(fieldText) }

    package init?(fieldValue: LinkFieldValue) {
        guard case .text(let text) = fieldValue else { return nil }
        self.init(fieldText: text)
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

extension Int: LinkFieldRepresentable {
    package var fieldValue: LinkFieldValue { .number(self) }

    package init?(fieldValue: LinkFieldValue) {
        guard case .number(let number) = fieldValue else { return nil }
        self = number
    }
}

extension Bool: LinkFieldRepresentable {
    package var fieldValue: LinkFieldValue { .flag(self) }

    package init?(fieldValue: LinkFieldValue) {
        guard case .flag(let flag) = fieldValue else { return nil }
        self = flag
    }
}

extension Optional: LinkFieldRepresentable where Wrapped: LinkFieldText {
    package var fieldValue: LinkFieldValue { .optionalText(self?.fieldText) }

    package init?(fieldValue: LinkFieldValue) {
        guard case .optionalText(let text) = fieldValue else { return nil }
        guard let text else {
            self = .none
            return
        }
        guard let value = Wrapped(fieldText: text) else { return nil }
        self = .some(value)
    }
}

extension Array: LinkFieldRepresentable where Element: LinkFieldText {
    package var fieldValue: LinkFieldValue { .texts(map(\.fieldText)) }

    package init?(fieldValue: LinkFieldValue) {
        guard case .texts(let texts) = fieldValue else { return nil }
        var values: [Element] = []
        values.reserveCapacity(texts.count)
        for text in texts {
            guard let value = Element(fieldText: text) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension LinkOptions.Fallback: LinkFieldText {}
extension LinkOptions.DeferredChannel: LinkFieldText {}
extension LinkOptions.InAppBrowsers: LinkFieldText {}
extension LinkOptions.Desktop: LinkFieldText {}
extension QRErrorCorrection: LinkFieldText {}
