/// Why a route pattern is malformed, and where: `column` is 1-based, counted in Unicode scalars
/// from the start of the pattern, so a tool can report `file:line:col` by adding it to the column
/// where the pattern's value starts.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: Kind
    /// 1-based column in the pattern text.
    public let column: Int
    /// The offending text (a character, a name or a constraint), when there is one.
    public let detail: String?

    public init(_ kind: Kind, column: Int, detail: String? = nil) {
        self.kind = kind
        self.column = column
        self.detail = detail
    }

    /// A one-line explanation, the same in the generator's diagnostics and in the app.
    public var description: String {
        let shown = detail.map { "'\($0)'" } ?? ""
        switch kind {
        case .empty: return "a route pattern cannot be empty; write it as /segment"
        case .missingLeadingSlash: return "a route pattern must start with '/'"
        case .tooLong: return "a route pattern is limited to \(RoutePattern.maximumLength) characters"
        case .emptySegment: return "empty segment ('//') in the route pattern"
        case .dotSegment: return "'.' and '..' cannot be segments of a route pattern"
        case .invalidCharacter:
            return
                "\(shown) is not allowed in a route pattern; literals use letters, digits and - . _ ~ ! & ( ) + , ; = @ :"
        case .missingParameterName: return "a parameter needs a name after ':' or '*', such as :id"
        case .invalidParameterName:
            return "\(shown) is not a parameter name; names are letters, digits and _, not starting with a digit"
        case .duplicateParameter: return "the parameter name \(shown) is used twice in the route pattern"
        case .unknownConstraint:
            return
                "unknown constraint \(shown); use one of \(RouteConstraint.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unterminatedConstraint: return "the constraint is missing its closing ')'"
        case .restNotLast: return "a *rest parameter must be the last segment of the route pattern"
        }
    }
}
