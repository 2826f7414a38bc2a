extension RoutePatternError {
    /// The kinds of mistake, with stable names (the shared test table refers to them by name).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case empty
        case missingLeadingSlash
        case tooLong
        case emptySegment
        case dotSegment
        case invalidCharacter
        case missingParameterName
        case invalidParameterName
        case duplicateParameter
        case unknownConstraint
        case unterminatedConstraint
        case restNotLast
    }
}
