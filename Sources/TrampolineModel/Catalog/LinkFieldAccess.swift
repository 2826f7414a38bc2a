/// How a ``LinkField`` is read and written, one case per shape of value (``LinkFieldValue``).
///
/// The functions are the table's own closure literals, thin (no context: a literal that captured
/// anything would not compile), so an access is plain data: the codec and the fingerprint take
/// one for every field of every link on both cores, and a closure's context (or a class entry)
/// was a reference count that both cores kept changing, a copy through a value witness each time.
/// A value of an enum is written as its raw value (``LinkFieldText``).
package enum LinkFieldAccess: Sendable {
    case text(get: @convention(thin) (Link) -> String, set: @convention(thin) (inout Link, String) -> Bool)
    case optionalText(get: @convention(thin) (Link) -> String?, set: @convention(thin) (inout Link, String?) -> Bool)
    case number(get: @convention(thin) (Link) -> Int, set: @convention(thin) (inout Link, Int) -> Void)
    case flag(get: @convention(thin) (Link) -> Bool, set: @convention(thin) (inout Link, Bool) -> Void)
    case texts(get: @convention(thin) (Link) -> [String], set: @convention(thin) (inout Link, [String]) -> Bool)
    case parameters(
        get: @convention(thin) (Link) -> [CampaignParameter],
        set: @convention(thin) (inout Link, [CampaignParameter]) -> Void)

    /// The value in `link`.
    package func read(_ link: Link) -> LinkFieldValue {
        switch self {
        case .text(let get, _): .text(get(link))
        case .optionalText(let get, _): .optionalText(get(link))
        case .number(let get, _): .number(get(link))
        case .flag(let get, _): .flag(get(link))
        case .texts(let get, _): .texts(get(link))
        case .parameters(let get, _): .parameters(get(link))
        }
    }

    /// Sets the value from `value`; false when it is of another shape or names no case.
    package func write(_ link: inout Link, _ value: LinkFieldValue) -> Bool {
        switch (self, value) {
        case (.text(_, let set), .text(let text)): return set(&link, text)
        case (.optionalText(_, let set), .optionalText(let text)): return set(&link, text)
        case (.number(_, let set), .number(let number)):
            set(&link, number)
            return true
        case (.flag(_, let set), .flag(let flag)):
            set(&link, flag)
            return true
        case (.texts(_, let set), .texts(let texts)): return set(&link, texts)
        case (.parameters(_, let set), .parameters(let parameters)):
            set(&link, parameters)
            return true
        default: return false
        }
    }
}
