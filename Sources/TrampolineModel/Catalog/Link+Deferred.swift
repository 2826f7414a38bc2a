import Foundation

extension Link {
    /// The deep link plus the campaign parameters, composed as the page's script composes it
    /// (URLSearchParams semantics). Keys already in the deep link's own query are kept as they are:
    /// they identify the screen, so neither the campaign nor a visitor's query may override them.
    package var deferredLink: String {
        deferredLink(fixed: fixedQueryKeys)
    }

    /// ``deferredLink`` given ``fixedQueryKeys`` (a page needs both: worked out once).
    package func deferredLink(fixed: [String]) -> String {
        guard !campaign.isEmpty else { return deepLink }
        // URLSearchParams.set keeps the first position and the last value: mirror that. Campaigns
        // are a handful of parameters, so indices on the stack beat hashing or copying the strings
        // here (this runs for every page and table row).
        return withUnsafeTemporaryAllocation(of: (name: Int, value: Int).self, capacity: campaign.count) { kept in
            var count = 0
            for (index, parameter) in campaign.enumerated() where !fixed.contains(parameter.name) {
                if let slot = kept[..<count].firstIndex(where: { campaign[$0.name].name == parameter.name }) {
                    kept[slot].value = index
                } else {
                    kept[count] = (index, index)
                    count += 1
                }
            }
            guard count > 0 else { return deepLink }
            // Composed as bytes, converted once: a String appended piece by piece was most of the cost.
            let utf8 = deepLink.utf8
            let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
            let link = utf8[..<hash]
            var result: [UInt8] = []
            result.reserveCapacity(utf8.count + 32 * count)
            result += link
            if link.contains(UInt8(ascii: "?")) {
                if let last = link.last, last != UInt8(ascii: "?"), last != UInt8(ascii: "&") {
                    result.append(UInt8(ascii: "&"))
                }
            } else {
                result.append(UInt8(ascii: "?"))
            }
            for (i, pair) in kept[..<count].enumerated() {
                if i > 0 { result.append(UInt8(ascii: "&")) }
                Escaping.appendFormComponent(campaign[pair.name].name, to: &result)
                result.append(UInt8(ascii: "="))
                Escaping.appendFormComponent(campaign[pair.value].value, to: &result)
            }
            result += utf8[hash...]
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Names of the deep link's own query parameters, decoded as URLSearchParams decodes them.
    package var fixedQueryKeys: [String] {
        let utf8 = deepLink.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        guard let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) else { return [] }
        var keys: [String] = []
        var pairStart = utf8.index(after: question)
        // Pair by pair (`&`), the name up to its `=`; empty names are left out.
        while pairStart < end {
            let pairEnd = utf8[pairStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            let name = utf8[pairStart..<pairEnd].prefix { $0 != UInt8(ascii: "=") }
            if !name.isEmpty {
                // Decoding (and its Foundation call) only when there is something to decode.
                if name.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) {
                    if let decoded = String(Substring(name)).replacingOccurrences(of: "+", with: " ")
                        .removingPercentEncoding, !decoded.isEmpty
                    {
                        keys.append(decoded)
                    }
                } else {
                    keys.append(String(Substring(name)))
                }
            }
            pairStart = pairEnd < end ? utf8.index(after: pairEnd) : end
        }
        return keys
    }
}
