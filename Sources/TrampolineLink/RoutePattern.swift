/// A route: a path pattern that both the site generator and the app understand the same way.
///
/// The grammar (one definition, used by `trampoline` for catalog routes and by the app's router):
///
/// - A pattern starts with `/` and is a list of `/`-separated segments. `/` alone is the root.
///   One trailing slash is ignored (`/plan/` is `/plan`); an empty segment (`//`) is an error.
/// - A **literal** segment uses the catalog's path alphabet: letters, digits and
///   `- . _ ~ ! & ( ) + , ; = @ :` (a `:` anywhere but first). `.` and `..` are not segments.
///   Literals match case-sensitively.
/// - `:name` matches exactly one non-empty segment; `:name(digits)` or `:name(uuid)` constrains
///   it (see ``RouteConstraint``).
/// - `*name`, as the last segment only, matches the rest of the path: one or more segments,
///   given back joined with `/`.
/// - Names are `[A-Za-z_][A-Za-z0-9_]*` and unique within a pattern.
///
/// Matching works on percent-decoded segments (`/caf%C3%A9` is the segment `café`). A parameter
/// never takes a segment that decodes to `.`, `..` or to text containing `/` or a control
/// character, and a path with broken percent-encoding matches nothing.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The parsed segments, in order (empty for the root pattern `/`).
    public let segments: [Segment]

    /// Parses `text`, or throws an error that says what is wrong and at which column.
    public init(_ text: String) throws(RoutePatternError) {
        self.text = text
        self.segments = try Self.parse(text)
    }

    /// Names of the parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .literal: nil
            case .parameter(let name, _), .rest(let name): name
            }
        }
    }

    public var description: String { text }
}
