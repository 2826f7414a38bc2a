import Foundation
import TrampolineModel

/// The catalog an import writes when there is none: `site.url` from the short links' domain, the
/// app from the rows' `ibi`/`isi`/`ius`/`apn` (the most common value of each) and the options
/// for what the export lacks (team ID, signing fingerprints), and `links_file:`.
enum FirebaseStarterCatalog {
    static let manual = "or run 'trampoline init', fill its app: section and import again"

    static func text(
        rows: [FirebaseRow], options: FirebaseImportOptions, linksFile: String, engine: inout DiagnosticEngine
    ) -> String? {
        let errorsBefore = engine.errors.count
        let domain = majority(rows.compactMap(\.domain))
        var siteURL = options.siteURL
        if siteURL == nil, let domain {
            if domain.hasSuffix(".page.link") || domain.hasSuffix(".app.goo.gl") {
                engine.error(
                    "the short links are on \(domain), a domain Google owns and cannot point at your site", at: nil,
                    hint: "pass --site-url https://<a domain of yours> for the new site")
            } else {
                siteURL = "https://\(domain)"
            }
        } else if siteURL == nil {
            engine.error(
                "no short link gives the site's domain", at: nil, hint: "pass --site-url https://links.example.com")
        }
        let ibi = majority(rows.compactMap { $0[.ibi] })
        let isi = majority(rows.compactMap { $0[.isi] })
        let ius = majority(rows.compactMap { $0[.ius] })
        let apn = majority(rows.compactMap { $0[.apn] })
        if ibi == nil, apn == nil {
            engine.error(
                "the export names no app: no row has ibi or apn", at: nil,
                hint: "the catalog needs the app the links open; \(Self.manual)")
        }
        var lines = [
            "# Trampoline link catalog, written by 'trampoline import firebase' from a Firebase Dynamic Links export.",
            "# Serve the site built from it (trampoline build) on the short links' custom domain and its printed links keep",
            "# working. Links on *.page.link cannot: Google owns those domains and no longer serves them; share new links",
            "# from this site's domain instead (docs/leaving-firebase.md).",
            "# The links are in \(linksFile); importing the same export again changes nothing.",
            "site:",
            "  url: \(quoted(siteURL ?? ""))",
        ]
        if let claims = options.claims { lines.append("  claims: \(claims.rawValue)") }
        lines += [
            "app:",
            "  name: \(quoted(options.appName ?? appName(fromBundleID: ibi ?? apn ?? "")))",
        ]
        if let ibi {
            lines += iosLines(bundleID: ibi, appStoreID: isi, scheme: ius, options: options, engine: &engine)
            // App Store Connect's tokens, as most links carried them (each row is checked against them).
            if let pt = majority(rows.compactMap { $0[.pt] }) { lines.append("    provider_token: \(quoted(pt))") }
            if let at = majority(rows.compactMap { $0[.at] }) { lines.append("    affiliate_token: \(quoted(at))") }
        }
        if let apn {
            lines += androidLines(package: apn, withIOS: ibi != nil, options: options, engine: &engine)
        }
        lines.append("links_file: \(quoted(linksFile))")
        return engine.errors.count == errorsBefore ? lines.joined(separator: "\n") + "\n" : nil
    }

    /// The `ios:` section, with errors for what the export and the options lack.
    static func iosLines(
        bundleID: String, appStoreID: String?, scheme: String?, options: FirebaseImportOptions,
        engine: inout DiagnosticEngine
    ) -> [String] {
        if let team = options.teamID {
            if !CatalogRules.matches(team, CatalogRules.isUpperAlnum, length: 10...10) {
                engine.error(
                    "--team-id \(CatalogRules.quoted(team)) must be 10 characters A-Z and 0-9", at: nil,
                    hint: "copy it from the Apple Developer account's Membership page")
            }
        } else {
            engine.error(
                "the export names the iOS app \(bundleID) but not its team ID", at: nil,
                hint: "pass --team-id (the Apple Developer account's Membership page), \(Self.manual)")
        }
        if appStoreID == nil {
            engine.error(
                "the export names the iOS app \(bundleID) but no row has its App Store ID (isi)", at: nil,
                hint: Self.manual)
        }
        let lines = [
            "  ios:",
            "    team_id: \(quoted(options.teamID ?? ""))",
            "    bundle_id: \(quoted(bundleID))",
            "    app_store_id: \(quoted(appStoreID ?? ""))",
            "    scheme: \(quoted(options.scheme ?? scheme ?? ""))",
        ]
        // The bundle ID is no scheme the app registers: a link would open nothing.
        if options.scheme == nil, scheme == nil {
            engine.error(
                "the export names the iOS app \(bundleID) but no custom URL scheme (ius)", at: nil,
                hint:
                    "pass --scheme with the scheme in the app's Info.plist (CFBundleURLSchemes), such as --scheme acmeshop"
            )
        }
        return lines
    }

    /// The `android:` section (with the scheme when there is no iOS app), with errors for what the
    /// options lack.
    static func androidLines(
        package: String, withIOS: Bool, options: FirebaseImportOptions, engine: inout DiagnosticEngine
    ) -> [String] {
        if options.fingerprints.isEmpty {
            engine.error(
                "the export names the Android app \(package) but not its signing certificate", at: nil,
                hint: "pass --sha256-cert-fingerprint (Play Console > Setup > App signing), \(Self.manual)")
        }
        for fingerprint in options.fingerprints where CatalogRules.normalizedFingerprint(fingerprint) == nil {
            engine.error(
                "--sha256-cert-fingerprint \(CatalogRules.quoted(fingerprint)) is not a SHA-256 fingerprint (32 bytes of hex)",
                at: nil, hint: "copy it from Play Console > Setup > App signing")
        }
        var lines =
            ["  android:", "    package: \(quoted(package))", "    sha256_cert_fingerprints:"]
            + options.fingerprints.map { "      - \(quoted($0))" }
        if !withIOS {
            if let scheme = options.scheme {
                lines.append("    scheme: \(quoted(scheme))")
            } else {
                engine.error(
                    "an Android-only catalog needs the app's custom URL scheme", at: nil,
                    hint: "pass --scheme (the one in the app's AndroidManifest.xml)")
            }
        }
        return lines
    }

    /// `com.example.shop` → `Shop`; a generic last part (`com.shop.app`) gives way to the one before.
    static func appName(fromBundleID id: String) -> String {
        let parts = id.split(separator: ".").map(String.init)
        let name = parts.last { !["app", "ios", "android", "mobile"].contains($0.lowercased()) } ?? parts.last ?? "App"
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The most common value; ties go to the first in byte order, so the choice is stable.
    static func majority(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.max { a, b in
            a.value != b.value ? a.value < b.value : a.key.utf8.lexicographicallyPrecedes(b.key.utf8) == false
        }?.key
    }

    /// A YAML double-quoted scalar: JSON's string syntax, which YAML reads the same.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
