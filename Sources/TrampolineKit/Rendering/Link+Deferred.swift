import Foundation

extension Link {
    /// The deep link plus the campaign parameters, composed as the page's script composes it
    /// (URLSearchParams semantics). Keys already in the deep link's own query are kept as they are:
    /// they identify the screen, so neither the campaign nor a visitor's query may override them.
    public var deferredLink: String {
        guard !campaign.isEmpty else { return deepLink }
        let fixed = fixedQueryKeys
        // URLSearchParams.set keeps the first position and the last value: mirror that. Campaigns
        // are a handful of parameters, so arrays beat hashing here (this runs for every page).
        var names: [String] = [], values: [String] = []
        for parameter in campaign where !fixed.contains(parameter.name) {
            if let index = names.firstIndex(of: parameter.name) {
                values[index] = parameter.value
            } else {
                names.append(parameter.name)
                values.append(parameter.value)
            }
        }
        guard !names.isEmpty else { return deepLink }
        let utf8 = deepLink.utf8
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        let link = deepLink[..<hash]
        var result = String(link)
        if link.utf8.contains(UInt8(ascii: "?")) {
            if let last = link.utf8.last, last != UInt8(ascii: "?"), last != UInt8(ascii: "&") { result += "&" }
        } else {
            result += "?"
        }
        for (i, name) in names.enumerated() {
            if i > 0 { result += "&" }
            result += Escaping.formComponent(name)
            result += "="
            result += Escaping.formComponent(values[i])
        }
        result += deepLink[hash...]
        return result
    }

    /// Names of the deep link's own query parameters, decoded as URLSearchParams decodes them.
    public var fixedQueryKeys: [String] {
        let utf8 = deepLink.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        guard let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) else { return [] }
        return utf8[utf8.index(after: question)..<end].split(separator: UInt8(ascii: "&")).compactMap { pair in
            let name = pair.prefix { $0 != UInt8(ascii: "=") }
            // Decoding (and its Foundation call) only when there is something to decode.
            guard name.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(Substring(name)) }
            return String(Substring(name)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }.filter { !$0.isEmpty }
    }
}
