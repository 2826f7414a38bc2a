import Foundation
import TrampolineModel

/// The `site:` and `app:` sections (with `ios:` and `android:`).
extension CatalogReader {
    mutating func readSite(_ entry: Entry) -> SiteSettings? {
        guard let keys = mapping(entry.value, what: "site", known: CatalogKeys.site) else { return nil }
        var result: SiteSettings?
        if let url = required("url", in: keys, of: entry.value, what: "site") {
            starterValues["site.url"] = (url.text, url.location)
            if let problem = CatalogRules.webURLProblem(url.text, key: "site.url") {
                error(problem.message, at: url.location, hint: problem.hint)
            } else if !url.text.lowercased().hasPrefix("https://") {
                error(
                    "site.url must use https: iOS fetches the AASA file and opens universal links over https only",
                    at: url.location, hint: "write https://\(url.text.drop { $0 != "/" }.drop { $0 == "/" })")
            } else {
                let parts = URLAuthority(afterScheme: url.text.dropFirst("https://".count))
                if !(parts.rest.isEmpty || parts.rest == "/") || parts.userAndHost.count > 1 {
                    error(
                        "site.url must be just https:// and a host, found \(CatalogRules.quoted(url.text))",
                        at: url.location,
                        hint: "Trampoline serves links from the root of their own host; write https://\(parts.hostPort)"
                    )
                } else if let problem = CatalogRules.siteHostProblem(String(parts.authority)) {
                    error(
                        "site.url \(CatalogRules.quoted(url.text)) \(problem)", at: url.location,
                        hint:
                            "write the public domain name the links live on, such as https://go.example.com (iOS and Android verify a domain name on port 443 only; preview a site locally with 'trampoline serve')"
                    )
                } else {
                    let host = parts.authority.lowercased()
                    result = SiteSettings(url: "https://\(host)", host: host, title: nil, language: "en", output: nil)
                }
            }
        }
        let title = optionalText("title", in: keys)
        var language = "en"
        if let lang = optionalText("language", in: keys) {
            if CatalogRules.isLanguageTag(lang.text) {
                language = lang.text
                warnWithoutBuiltInStrings(lang)
            } else {
                error(
                    "site.language \(CatalogRules.quoted(lang.text)) is not a language tag", at: lang.location,
                    hint: "use a BCP 47 tag such as en, fr or pt-BR")
            }
        }
        let output = optionalText("output", in: keys)
        if let output, output.text.isEmpty {
            error("site.output is empty", at: output.location, hint: "remove it to use _site, or name a folder")
        } else if let output {
            // The catalog may be a pull request's: it chooses a folder inside the project only.
            // Writing elsewhere is the operator's choice, made with --output.
            do {
                _ = try ProjectFolder.components(of: output.text)
            } catch {
                let shown = CatalogRules.quoted(output.text)
                let what =
                    switch error {
                    case .absolute: "site.output \(shown) is an absolute path"
                    case .home: "site.output \(shown) starts with '~'"
                    case .parent: "site.output \(shown) climbs out of the catalog's folder with '..'"
                    default: "site.output \(shown) is the catalog's own folder"
                    }
                self.error(
                    what, at: output.location,
                    hint: "name a folder inside the catalog's folder (such as _site); to write elsewhere, pass --output"
                )
            }
        }
        result?.title = title?.text
        result?.language = language
        result?.output = output?.text
        if let (layout, _) = choice(
            "layout", of: SiteLayout.self, in: keys, rule: "site.layout must be 'folders' or 'compact'",
            hint: "folders writes a page per link; compact serves every link from one page and a sharded link table")
        {
            result?.layout = layout
        }
        if let longLinks = keys["long_links"] {
            result?.longLinks = readLongLinks(longLinks.value)
        }
        if let counts = keys["counts"], let value = readCounts(counts.value) {
            result?.counts = value
        }
        if let origins = keys["allowed_origins"] {
            result?.allowedOrigins = readAllowedOrigins(origins.value)
        }
        if let (claims, location) = choice(
            "claims", of: SiteClaims.self, in: keys, rule: "site.claims must be 'domain' or 'links'",
            hint:
                "domain claims every path of the host but the site's own files (the default); links claims each link, for a host shared with a web site"
        ) {
            result?.claims = claims
            claimsLocation = location
        }
        if let host = optionalText("host", in: keys) {
            if let value = StaticHost(rawValue: host.text) {
                result?.hosting = value
                hostLocation = host.location
            } else {
                let names = StaticHost.allCases.map(\.rawValue)
                error(
                    "site.host \(CatalogRules.quoted(host.text)) is not a host Trampoline knows", at: host.location,
                    hint: Suggestion.closest(to: host.text, among: names).map { "did you mean '\($0)'?" }
                        ?? "use one of \(names.joined(separator: ", "))")
            }
        }
        return result
    }

    mutating func readApp(_ entry: Entry) -> AppSettings? {
        guard let keys = mapping(entry.value, what: "app", known: CatalogKeys.app) else { return nil }
        let name = required("name", in: keys, of: entry.value, what: "app")
        if let name, name.text.trimmingCharacters(in: .whitespaces).isEmpty {
            error("app.name is empty", at: name.location, hint: "give the app's display name")
        }
        guard keys["ios"] != nil || keys["android"] != nil else {
            error(
                "app needs an ios: or an android: section (or both)", at: location(of: entry.key),
                hint:
                    "add ios: with team_id, bundle_id, app_store_id and scheme, or android: with package and sha256_cert_fingerprints"
            )
            return nil
        }
        var ios: IOSApp?
        if let iosEntry = keys["ios"] {
            ios = readIOS(iosEntry)
            if ios == nil { return nil }
        }
        var android: AndroidApp?
        if let androidEntry = keys["android"] {
            android = readAndroid(androidEntry, iosScheme: ios?.scheme)
            if android == nil { return nil }
        }
        let icon = optionalText("icon", in: keys).flatMap { readIcon($0) }
        guard let name else { return nil }
        return AppSettings(name: name.text, ios: ios, android: android, icon: icon)
    }

    /// A custom URL scheme: letters first, and not one a browser would treat as its own.
    mutating func checkScheme(_ scheme: Located, registeredIn place: String) {
        if !CatalogRules.isScheme(scheme.text) {
            error(
                "scheme \(CatalogRules.quoted(scheme.text)) is not a URL scheme", at: scheme.location,
                hint: "write only the name, letters first, without ':' or '//', such as marry")
        } else if CatalogRules.forbiddenSchemes.contains(scheme.text.lowercased()) {
            error(
                "scheme '\(scheme.text)' is not an app's custom scheme", at: scheme.location,
                hint: "use the URL scheme registered in \(place)")
        } else if CatalogRules.systemSchemes.contains(scheme.text.lowercased()) {
            error(
                "scheme '\(scheme.text)' belongs to the system, not to an app: a link page would install, call, text or open a browser instead of the app",
                at: scheme.location, hint: "use the custom URL scheme registered in \(place)")
        }
    }

    /// An http(s) store URL given instead of the derived one; a warning when it is not on `hosts`.
    mutating func storeURL(_ key: String, in keys: MappingEntries, hosts: Set<String>, storeName: String) -> String? {
        guard let given = optionalText(key, in: keys) else { return nil }
        if let problem = CatalogRules.webURLProblem(given.text, key: key) {
            error(problem.message, at: given.location, hint: problem.hint)
            return nil
        }
        let host = CatalogRules.hostOf(given.text.drop { $0 != "/" }.dropFirst(2))?.lowercased()
        if !hosts.contains(host ?? "") {
            warning(
                "\(key) does not point at \(hosts.sorted().first ?? "")", at: given.location,
                hint: "people without the app will not reach \(storeName) unless this page sends them there")
        }
        return given.text
    }

    mutating func readIOS(_ iosEntry: Entry) -> IOSApp? {
        guard let ios = mapping(iosEntry.value, what: "app.ios", known: CatalogKeys.ios) else { return nil }
        let what = "app.ios"
        let team = required("team_id", in: ios, of: iosEntry.value, what: what)
        if let team, !CatalogRules.matches(team.text, CatalogRules.isUpperAlnum, length: 10...10) {
            error(
                "team_id \(CatalogRules.quoted(team.text)) must be 10 characters A-Z and 0-9", at: team.location,
                hint: "copy it from the Apple Developer account's Membership page")
        }
        let bundle = required("bundle_id", in: ios, of: iosEntry.value, what: what)
        if let bundle, !CatalogRules.isBundleID(bundle.text) {
            error(
                "bundle_id \(CatalogRules.quoted(bundle.text)) is not a bundle identifier", at: bundle.location,
                hint: "use reverse-DNS letters, digits and hyphens, such as com.example.app")
        }
        let storeID = required("app_store_id", in: ios, of: iosEntry.value, what: what)
        if let storeID, !CatalogRules.matches(storeID.text, { ("0"..."9").contains($0) }, length: 1...15) {
            error(
                "app_store_id \(CatalogRules.quoted(storeID.text)) must be digits", at: storeID.location,
                hint: "use the number after 'id' in the App Store URL, in quotes: \"1356057329\"")
        }
        let scheme = required("scheme", in: ios, of: iosEntry.value, what: what)
        if let scheme { checkScheme(scheme, registeredIn: "the app's Info.plist") }
        let given = storeURL(
            "app_store_url", in: ios, hosts: ["apps.apple.com", "itunes.apple.com"], storeName: "the App Store")
        let tokens = readStoreTokens(ios, appStoreURL: given.flatMap { _ in optionalText("app_store_url", in: ios) })
        var extra: [String] = []
        if let list = ios["extra_app_ids"] {
            for item in sequence(list.value, what: "extra_app_ids") {
                guard let text = scalarText(item, what: "an extra_app_ids entry") else { continue }
                if CatalogRules.isAppID(text) {
                    extra.append(text)
                } else {
                    error(
                        "extra_app_ids entry \(CatalogRules.quoted(text)) is not TEAMID.bundle.id",
                        at: location(of: item), hint: "write the 10-character team ID, a dot and the bundle ID")
                }
            }
        }
        for (key, given) in [("team_id", team), ("bundle_id", bundle), ("app_store_id", storeID)] {
            if let given { starterValues["app.ios.\(key)"] = (given.text, given.location) }
        }
        guard let team, let bundle, let storeID, let scheme else { return nil }
        return IOSApp(
            teamID: team.text, bundleID: bundle.text, appStoreID: storeID.text, scheme: scheme.text,
            appStoreURL: given ?? "https://apps.apple.com/app/id\(storeID.text)", extraAppIDs: extra,
            providerToken: tokens.provider, affiliateToken: tokens.affiliate
        )
    }

    mutating func readAndroid(_ androidEntry: Entry, iosScheme: String?) -> AndroidApp? {
        guard let android = mapping(androidEntry.value, what: "app.android", known: CatalogKeys.android) else {
            return nil
        }
        let what = "app.android"
        let package = required("package", in: android, of: androidEntry.value, what: what)
        if let package { starterValues["app.android.package"] = (package.text, package.location) }
        if let package, !CatalogRules.isAndroidPackage(package.text) {
            error(
                "package \(CatalogRules.quoted(package.text)) is not an Android application id", at: package.location,
                hint:
                    "use dot-separated segments that each start with a letter, such as com.example.app (the applicationId in build.gradle)"
            )
        }
        var fingerprints: [String] = []
        var badFingerprints = 0
        let hint =
            "copy the SHA-256 certificate fingerprint from Play Console (Setup > App signing) or from keytool -list -v: 32 hex pairs such as 14:6D:E9:…"
        if let list = android["sha256_cert_fingerprints"] {
            for item in sequence(list.value, what: "sha256_cert_fingerprints") {
                guard let text = scalarText(item, what: "a sha256_cert_fingerprints entry") else { continue }
                if let normal = CatalogRules.normalizedFingerprint(text) {
                    if !fingerprints.contains(normal) { fingerprints.append(normal) }
                } else {
                    badFingerprints += 1
                    error(
                        "sha256_cert_fingerprints entry \(CatalogRules.quoted(text)) is not a SHA-256 fingerprint (32 bytes of hex)",
                        at: location(of: item), hint: hint)
                }
            }
            if fingerprints.isEmpty, badFingerprints == 0 {
                error("sha256_cert_fingerprints is empty", at: location(of: list.value), hint: hint)
            }
        } else {
            missing("sha256_cert_fingerprints", in: androidEntry.value, what: what)
        }
        var scheme = iosScheme
        if let given = optionalText("scheme", in: android) {
            checkScheme(given, registeredIn: "the app's AndroidManifest.xml")
            scheme = given.text
        } else if iosScheme == nil {
            missing("scheme", in: androidEntry.value, what: what)
        }
        let given = storeURL("play_store_url", in: android, hosts: ["play.google.com"], storeName: "Google Play")
        guard let package, let scheme, !fingerprints.isEmpty, CatalogRules.isAndroidPackage(package.text) else {
            return nil
        }
        return AndroidApp(
            package: package.text, sha256CertFingerprints: fingerprints, scheme: scheme,
            playStoreURL: given ?? "https://play.google.com/store/apps/details?id=\(package.text)"
        )
    }

    // MARK: - Links
}
