import Foundation
import TrampolineModel

/// The option keys shared by `defaults:` and each link.
extension CatalogReader {
    /// Reads the option keys present in `node` over `options`; used for `defaults:` and each link.
    mutating func readOptions(
        _ node: YAMLNode, known: [String], what: String, into options: inout LinkOptions,
        templateLocation: inout SourceLocation, entries: MappingEntries? = nil
    ) {
        guard let keys = entries ?? mapping(node, what: what, known: known) else { return }
        if let t = optionalText("template", in: keys) {
            readTemplate(t, into: &options, templateLocation: &templateLocation)
        }
        if let (fallback, _) = choice(
            "fallback", of: LinkOptions.Fallback.self, in: keys, rule: "fallback must be 'store' or 'web'",
            hint: "store sends people to the App Store (Google Play on Android); web to the link's web_url")
        {
            options.fallback = fallback
        }
        if let (fallback, _) = choice(
            "android_fallback", of: LinkOptions.Fallback.self, in: keys,
            rule: "android_fallback must be 'store' or 'web'",
            hint: "store sends Android phones to Google Play; web to the link's web_url")
        {
            options.androidFallback = fallback
        }
        if let entry = keys["fallback_delay_ms"],
            let value = integer(
                entry.value, what: "fallback_delay_ms", range: 0...60_000,
                hint: "iOS needs about 1000-2500 ms to switch to an installed app")
        {
            options.fallbackDelayMs = value
        }
        if let entry = keys["deferred"] {
            options.deferred = readDeferred(entry.value)
        }
        if let c = optionalText("cookie_name", in: keys) {
            if CatalogRules.isCookieName(c.text) {
                options.cookieName = c.text
                if !c.text.hasPrefix("__Host-") {
                    warning(
                        "cookie_name \(CatalogRules.quoted(c.text)) has no __Host- prefix: a sibling subdomain could set a cookie of this name and plant a deferred link",
                        at: c.location,
                        hint: "use __Host-\(c.text), or remove cookie_name to use __Host-deferredDeepLink")
                }
            } else {
                error(
                    "cookie_name \(CatalogRules.quoted(c.text)) is not a safe cookie name", at: c.location,
                    hint: "use 1-64 letters, digits, _ or -")
            }
        }
        if let entry = keys["cookie_days"],
            let value = integer(
                entry.value, what: "cookie_days", range: 1...400, hint: "browsers cap cookies at 400 days")
        {
            options.cookieDays = value
        }
        if let entry = keys["forward_query"], let value = boolean(entry.value, what: "forward_query") {
            options.forwardQuery = value
        }
        readPageOptions(keys, into: &options)
        readQROptions(keys, into: &options)
    }

    /// `template:`: a built-in's name or a `Templates/<name>.md` file's.
    mutating func readTemplate(
        _ t: Located, into options: inout LinkOptions, templateLocation: inout SourceLocation
    ) {
        let valid = CatalogRules.matches(
            t.text, { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" },
            length: 1...64)
        if !valid {
            error(
                "template \(CatalogRules.quoted(t.text)) is not a template name", at: t.location,
                hint:
                    "use interstitial, redirect, or the name of a Templates/<name>.md file (lowercase letters, digits, - and _)"
            )
        } else if let knownTemplates, !knownTemplates.contains(t.text) {
            let near = Suggestion.closest(to: t.text, among: knownTemplates.sorted())
            error(
                "no template named '\(t.text)'", at: t.location,
                hint: near.map { "did you mean '\($0)'?" }
                    ?? "available: \(knownTemplates.sorted().joined(separator: ", "))")
        } else {
            options.template = t.text
            templateLocation = t.location
        }
    }

    /// `deferred:`: the hand-over channels, each once.
    mutating func readDeferred(_ node: YAMLNode) -> [LinkOptions.DeferredChannel] {
        var channels: [LinkOptions.DeferredChannel] = []
        for item in sequence(node, what: "deferred") {
            guard let text = scalarText(item, what: "a deferred entry") else { continue }
            guard let channel = LinkOptions.DeferredChannel(rawValue: text) else {
                error(
                    "unknown deferred channel \(CatalogRules.quoted(text))", at: location(of: item),
                    hint: "use clipboard and/or cookie")
                continue
            }
            if channels.contains(channel) {
                error("deferred lists '\(text)' twice", at: location(of: item), hint: "remove the repeat")
                continue
            }
            channels.append(channel)
        }
        return channels
    }

    /// What the page shows: `image`, `in_app_browsers`, `confirm_store`.
    mutating func readPageOptions(_ keys: MappingEntries, into options: inout LinkOptions) {
        if let i = optionalText("image", in: keys) {
            if let problem = CatalogRules.webURLProblem(i.text, key: "image") {
                error(problem.message, at: i.location, hint: problem.hint)
            } else {
                options.image = i.text
            }
        }
        if let (inAppBrowsers, _) = choice(
            "in_app_browsers", of: LinkOptions.InAppBrowsers.self, in: keys,
            rule: "in_app_browsers must be 'escape' or 'ignore'",
            hint:
                "escape shows the way out of Instagram's, Facebook's, LINE's… browser; ignore treats them as any browser"
        ) {
            options.inAppBrowsers = inAppBrowsers
        }
        readDesktopOptions(keys, into: &options)
        readStoreCampaign(keys, into: &options)
        if let c = optionalText("confirm_store", in: keys) {
            if c.text.trimmingCharacters(in: .whitespaces).isEmpty || c.text.count > 300 {
                error(
                    "confirm_store must be a question of 1 to 300 characters", at: c.location,
                    hint: "for example: confirm_store: \"Install Tabi from the App Store?\"")
            } else {
                options.confirmStore = c.text
            }
        }
    }
}
