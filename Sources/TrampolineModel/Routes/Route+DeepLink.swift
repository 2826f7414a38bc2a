@_spi(Generator) import TrampolineLink

extension Route {
    /// A parameter named in a route's deep link (``DeepLinkTemplate/Placeholder``).
    package typealias Placeholder = DeepLinkTemplate.Placeholder

    /// The placeholders of `deepLink`, in order (``DeepLinkTemplate/placeholders(in:)``).
    package static func placeholders(in deepLink: String) -> [Placeholder] {
        DeepLinkTemplate.placeholders(in: deepLink)
    }

    /// `link` with the matched parameters filled in (``DeepLinkTemplate/fill(_:parameters:restNames:)``).
    package static func fill(_ link: String, parameters: [String: String], restNames: Set<String>) -> String {
        DeepLinkTemplate.fill(link, parameters: parameters, restNames: restNames)
    }

    /// Names of the pattern's `*rest` parameters (at most one).
    package var restNames: Set<String> {
        Set(pattern.segments.compactMap { if case .rest(let name) = $0 { name } else { nil } })
    }
}
