import Foundation

extension Link {
    /// The deep link plus the campaign parameters, composed as the page's script composes it
    /// (URLSearchParams semantics). Keys already in the deep link's own query are kept as they are:
    /// they identify the screen, so neither the campaign nor a visitor's query may override them.
    public var deferredLink: String {
        guard !campaign.isEmpty else { return deepLink }
        var link = deepLink, fragment = ""
        if let hash = link.firstIndex(of: "#") {
            fragment = String(link[hash...])
            link = String(link[..<hash])
        }
        let fixed = Set(fixedQueryKeys)
        var added: [String] = []
        var seen = Set<String>()
        // URLSearchParams.set keeps the first position and the last value: mirror that.
        var values: [String: String] = [:]
        for parameter in campaign where !fixed.contains(parameter.name) {
            if seen.insert(parameter.name).inserted { added.append(parameter.name) }
            values[parameter.name] = parameter.value
        }
        guard !added.isEmpty else { return deepLink }
        let query = added.map { Escaping.formComponent($0) + "=" + Escaping.formComponent(values[$0] ?? "") }
            .joined(separator: "&")
        let separator = link.contains("?") ? (link.hasSuffix("?") || link.hasSuffix("&") ? "" : "&") : "?"
        return link + separator + query + fragment
    }

    /// Names of the deep link's own query parameters, decoded as URLSearchParams decodes them.
    public var fixedQueryKeys: [String] {
        var link = Substring(deepLink)
        if let hash = link.firstIndex(of: "#") { link = link[..<hash] }
        guard let question = link.firstIndex(of: "?") else { return [] }
        return link[link.index(after: question)...].split(separator: "&").compactMap { pair in
            let name = pair.prefix { $0 != "=" }
            // Decoding (and its Foundation call) only when there is something to decode.
            guard name.contains(where: { $0 == "+" || $0 == "%" }) else { return String(name) }
            return String(name).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }.filter { !$0.isEmpty }
    }
}
