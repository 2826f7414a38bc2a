import Foundation
import TrampolineModel

/// Turns one Firebase row into the catalog link that replaces it (docs/leaving-firebase.md
/// has the table):
/// the short link's suffix is the path, so printed links keep working once the domain points at the
/// site; `link`'s path and query become the deep link (`scheme://path?query`, the screen the web URL
/// shows); `ifl`/`afl` the web fallbacks; `st`/`sd`/`si` the preview; `utm_*` the campaign; `efr=1`
/// the redirect template. Checks against the app and the web host, and warnings for what has no
/// equivalent, go to the row.
struct FirebaseLinkMapper {
    /// The catalog's app: its scheme makes deep links; the rows' app columns are checked against it.
    var app: AppSettings
    /// The only host `link` may have: its screens are the app's web pages.
    var webHost: String

    func map(_ row: inout FirebaseRow) -> ImportedLink? {
        var link = ImportedLink(start: row.location(nil))
        checkApp(&row)
        warnAboutUnsupported(&row)

        // The page path: the short link's suffix, or (long links) the deep link's path.
        var path: (text: String, at: FirebaseField)?
        if let short = row[.shortLink] {
            path = shortLinkSuffix(short, row: &row).map { ($0, .shortLink) }
        } else if !row.isLongLink {
            row.error(
                "the row has no short link", at: nil,
                hint: "the short link's suffix becomes the page's path; fill the Short link column")
        }
        guard let target = row[.link] else {
            row.error(
                row.isLongLink
                    ? "the long link has no link= parameter (the deep link)" : "the row has no deep link (link)",
                at: nil,
                hint:
                    "link is the https:// address of the screen the link opens\(row.isLongLink ? ", URL-encoded" : "")")
            return nil
        }
        if let problem = CatalogRules.webURLProblem(target, key: "link") {
            row.error(problem.message, at: .link, hint: problem.hint)
            return nil
        }
        let parts = URLAuthority(afterScheme: target.drop { $0 != ":" }.dropFirst(3))
        let host = parts.host.lowercased()
        if host != webHost {
            row.error(
                "link points at \(host), not at the app's web host \(webHost)", at: .link,
                hint:
                    "link must be a page of the app's own site (its path opens the same screen in the app); pass --web-host \(host) if that is the app's site"
            )
            return nil
        }
        let beforeFragment = parts.rest.prefix { $0 != "#" }
        let screen = beforeFragment.prefix { $0 != "?" }
        let query = beforeFragment.dropFirst(screen.count + 1)
        if parts.rest.count > beforeFragment.count {
            row.warning(
                "link's fragment (#\(parts.rest.dropFirst(beforeFragment.count + 1))) is not part of the deep link",
                at: .link, hint: "the deep link carries link's path and query")
        }
        if row.isLongLink, row[.shortLink] == nil {
            guard !screen.isEmpty, screen != "/" else {
                row.error(
                    "link has no path to name the page", at: .link,
                    hint:
                        "a long link's page takes link's path (https://\(host)/product/1 → /product/1); give this link one, or import the export's short link"
                )
                return nil
            }
            path = (String(screen), .link)
        }
        guard let path else { return nil }
        link.set("path", path.text, at: row.location(path.at))
        let title = row[.st] ?? row[.name] ?? path.text.split(separator: "/").last.map(String.init) ?? path.text
        link.set("title", title, at: row.location(row[.st] != nil ? .st : row[.name] != nil ? .name : path.at))
        if let sd = row[.sd] { link.set("description", Self.markdownEscaped(sd), at: row.location(.sd)) }
        let deepLink = "\(app.scheme)://\(screen.drop { $0 == "/" })" + (query.isEmpty ? "" : "?\(query)")
        link.set("deep_link", deepLink, at: row.location(.link))

        setWebURL(of: &link, target: target, row: &row)
        setPresentation(of: &link, row: &row)
        return link
    }

    /// What has no equivalent here: a warning at each such cell.
    func warnAboutUnsupported(_ row: inout FirebaseRow) {
        for (field, message) in FirebaseField.unsupported.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where row[field] != nil {
            row.warning(message, at: field, hint: "the value is not imported")
        }
        if let ipfl = row[.ipfl], ipfl != row[.ifl] {
            row.warning(
                "ipfl (iPad fallback link) has no equivalent: iPads without the app go where iPhones do", at: .ipfl,
                hint: "the value is not imported")
        }
    }

    /// One web_url per link: iOS's fallback page, else Android's, else the screen's web page.
    func setWebURL(of link: inout ImportedLink, target: String, row: inout FirebaseRow) {
        let ifl = row[.ifl]
        let afl = row[.afl]
        if let ifl {
            link.set("web_url", ifl, at: row.location(.ifl))
            link.set("fallback", "web", at: row.location(.ifl))
            if afl == nil {
                link.set("android_fallback", "store", at: row.location(.ifl))
            } else if afl != ifl {
                row.warning(
                    "afl differs from ifl, and a link has one web page: Android phones without the app go to ifl's page",
                    at: .afl, hint: "afl is not imported")
            }
        } else if let afl {
            link.set("web_url", afl, at: row.location(.afl))
            link.set("android_fallback", "web", at: row.location(.afl))
        } else {
            link.set("web_url", target, at: row.location(.link))
        }
    }

    /// `efr` (the redirect template), `si` (the image) and the `utm_*` campaign.
    func setPresentation(of link: inout ImportedLink, row: inout FirebaseRow) {
        if let efr = row[.efr] {
            switch efr.lowercased() {
            case "1", "true", "yes": link.set("template", "redirect", at: row.location(.efr))
            case "0", "false", "no": break
            default:
                row.error(
                    "efr must be 1 or 0, found \(CatalogRules.quoted(efr))", at: .efr,
                    hint: "efr=1 skips the preview page (template: redirect)")
            }
        }
        if let si = row[.si] { link.set("image", si, at: row.location(.si)) }
        // Where a desktop went: desktop_url, so the page sends desktops there (desktop: web).
        if let ofl = row[.ofl] { link.set("desktop_url", ofl, at: row.location(.ofl)) }
        for field in [FirebaseField.utmSource, .utmMedium, .utmCampaign, .utmTerm, .utmContent] {
            if let value = row[field] { link.set("campaign.\(field.rawValue)", value, at: row.location(field)) }
        }
        setStoreCampaign(of: &link, row: &row)
    }

    /// `ct`: the link's App Store campaign token, unless its `utm_campaign` already gives it.
    /// `pt` and `at` belong to the app (`app.ios`), `mt=8` the pages add themselves.
    func setStoreCampaign(of link: inout ImportedLink, row: inout FirebaseRow) {
        if let ct = row[.ct], ct != row[.utmCampaign].map(IOSApp.campaignToken(from:)) {
            if ct.utf8.count > IOSApp.campaignTokenLimit {
                row.warning(
                    "ct is \(ct.utf8.count) bytes, more than App Store Connect's \(IOSApp.campaignTokenLimit)", at: .ct,
                    hint: "the value is not imported; set app_store_campaign to a shorter token")
            } else {
                link.set("app_store_campaign", ct, at: row.location(.ct))
            }
        }
        if let mt = row[.mt], mt != "8" {
            row.warning(
                "mt \(CatalogRules.quoted(mt)) is not 8 (apps): the App Store URLs the pages open carry mt=8", at: .mt,
                hint: "the value is not imported")
        }
        for (field, token, key) in [
            (FirebaseField.pt, app.ios?.providerToken, "provider_token"),
            (.at, app.ios?.affiliateToken, "affiliate_token"),
        ] {
            guard let value = row[field], value != token else { continue }
            row.warning(
                token == nil
                    ? "\(field.rawValue) \(CatalogRules.quoted(value)) is not in the catalog: App Store URLs carry no \(field.rawValue)"
                    : "\(field.rawValue) \(CatalogRules.quoted(value)) is not the catalog's app.ios.\(key) \(CatalogRules.quoted(token ?? ""))",
                at: field, hint: "the catalog has one \(key) for every link: set app.ios.\(key) in the catalog")
        }
    }

    /// `/abc` from `https://x.page.link/abc`, or nil after an error at the cell.
    func shortLinkSuffix(_ short: String, row: inout FirebaseRow) -> String? {
        if let problem = CatalogRules.webURLProblem(short, key: "the short link") {
            row.error(problem.message, at: .shortLink, hint: problem.hint)
            return nil
        }
        let parts = URLAuthority(afterScheme: short.drop { $0 != ":" }.dropFirst(3))
        row.domain = parts.host.lowercased()
        if parts.rest.contains("?") || parts.rest.contains("#") {
            row.error(
                "the short link \(CatalogRules.quoted(short)) has a query or fragment", at: .shortLink,
                hint: "a short link is https://<domain>/<suffix>")
            return nil
        }
        guard !parts.rest.isEmpty, parts.rest != "/" else {
            row.error(
                "the short link \(CatalogRules.quoted(short)) has no suffix", at: .shortLink,
                hint: "a short link is https://<domain>/<suffix>; the suffix becomes the page's path")
            return nil
        }
        return String(parts.rest)
    }

    /// The row's app columns against the catalog's app: a mismatch would open another app.
    func checkApp(_ row: inout FirebaseRow) {
        func compare(_ field: FirebaseField, _ expected: String?, _ key: String, caseInsensitive: Bool = false) {
            guard let value = row[field] else { return }
            guard let expected else {
                row.warning(
                    "\(field.rawValue) names \(CatalogRules.quoted(value)), but the catalog has no \(key.split(separator: ".").dropLast().joined(separator: "."))",
                    at: field, hint: "add it to the catalog's app: section to open the links on that platform")
                return
            }
            let same = caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
            if !same {
                row.error(
                    "\(field.rawValue) \(CatalogRules.quoted(value)) is not the catalog's \(key) \(CatalogRules.quoted(expected))",
                    at: field,
                    hint: "the links open one app; import this domain's links into that app's catalog, or fix \(key)")
            }
        }
        compare(.ibi, app.ios?.bundleID, "app.ios.bundle_id")
        compare(.isi, app.ios?.appStoreID, "app.ios.app_store_id")
        compare(.ius, app.ios?.scheme, "app.ios.scheme", caseInsensitive: true)
        compare(.apn, app.android?.package, "app.android.package")
        if let ipbi = row[.ipbi], ipbi != (row[.ibi] ?? app.ios?.bundleID) {
            row.warning(
                "ipbi (iPad bundle ID) \(CatalogRules.quoted(ipbi)) has no equivalent: iPads open the catalog's iOS app",
                at: .ipbi, hint: "add TEAMID.\(ipbi) to app.ios.extra_app_ids if the iPad app is a separate one")
        }
    }

    /// `sd` is plain text and `description` Markdown: punctuation Markdown reads is backslash-escaped
    /// (CommonMark lets any ASCII punctuation be), so the text shows as written.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        var atLineStart = true
        for c in text.unicodeScalars {
            if "\\`*_{}[]<>#|~!&".unicodeScalars.contains(c) || (atLineStart && "-+=".unicodeScalars.contains(c)) {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(c)
            atLineStart = c == "\n" || (atLineStart && c == " ")
        }
        // "1. " or "1) " at the start would make an ordered list.
        if let dot = out.unicodeScalars.firstIndex(where: { !("0"..."9").contains($0) }),
            dot != out.unicodeScalars.startIndex,
            out.unicodeScalars[dot] == "." || out.unicodeScalars[dot] == ")"
        {
            out.unicodeScalars.insert("\\", at: dot)
        }
        return out
    }
}
