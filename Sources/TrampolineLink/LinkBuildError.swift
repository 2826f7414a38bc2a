/// Why ``LinkBuilder`` made no link: the input, never a malformed URL.
public enum LinkBuildError: Error, Sendable, Equatable {
    /// The pattern names a parameter the call gave no value for.
    case missingParameter(String)
    /// A value was given for a name the pattern does not have (a typo, most often).
    case unknownParameter(String)
    /// The value cannot stand in its segment: empty, `.` or `..`, a `/` in a `:name` value, an
    /// empty segment of a `*name` value, or a control or direction character (the app's router
    /// would match nothing).
    case invalidValue(name: String, value: String)
    /// The value fails the parameter's constraint (`:id(digits)` given `abc`).
    case constraintFailed(name: String, constraint: RouteConstraint)
    /// A plain path that is not one of the site's: not starting with one `/`, or with `?`, `#`,
    /// `%`, `\`, a space, `.`/`..` segments or an empty segment.
    case invalidPath(String)
    /// A campaign name that is empty, has a control character, or is one the pages keep for
    /// themselves (`tl_t`, `debug`, `openExternalBrowser`).
    case invalidCampaignName(String)
    /// A campaign value with a control character, which the app's own parser would refuse.
    case invalidCampaignValue(name: String, value: String)
    /// The link would pass ``LinkConfiguration/maximumLength`` bytes, 64 path segments or 64 query
    /// parameters (what the app's own parser takes).
    case tooLong
    /// The link table has no route written this way (``LinkBuilder/url(route:in:parameters:campaign:)``).
    case unknownRoute(String)
}
