/// What a `:name(constraint)` parameter accepts, beyond "one non-empty segment".
public enum RouteConstraint: String, Sendable, Hashable, CaseIterable {
    /// One or more ASCII digits `0`–`9` (no sign, no spaces): `:id(digits)`.
    case digits
    /// A UUID, `8-4-4-4-12` hexadecimal digits in either case: `:token(uuid)`.
    case uuid

    /// Whether the decoded segment `value` satisfies the constraint.
    public func accepts(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        switch self {
        case .digits:
            return !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        case .uuid:
            guard bytes.count == 36 else { return false }
            for (i, b) in bytes.enumerated() {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard b == UInt8(ascii: "-") else { return false }
                } else if !PercentDecoding.isHexDigit(b) {
                    return false
                }
            }
            return true
        }
    }
}
