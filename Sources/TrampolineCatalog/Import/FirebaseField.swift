import TrampolineModel

/// A column of Firebase's Dynamic Links export, or a parameter of an FDL long link.
///
/// Firebase's "Export Dynamic Links metadata" guide (firebase.google.com/support/guides/export-dynamic-links)
/// lists the export's fields, one CSV per domain, as: Short link; Deep link (link); Android package
/// name (apn); Android fallback link (afl); Android minimum package version code (amv); iOS bundle ID
/// (ibi); iOS fallback link (ifl); iOS custom scheme (ius); iOS iPad fallback link (ipfl); iOS iPad
/// bundle ID (ipbi); iOS app store ID (isi); iOS minimum version (imv); Enable forced redirect? (efr);
/// Desktop fallback link (ofl); Social title (st); Social description (sd); Social image link (si);
/// UTM source/medium/campaign/term/content (utm_*); iTunes Connect at/ct/mt/pt; Archived?; Link name;
/// Creation timestamp. The parameter names are those of "Manually constructing a Dynamic Link URL"
/// (firebase.google.com/docs/dynamic-links/create-manually).
///
/// A header matches a field when, lower-cased with everything but letters and digits dropped, it is
/// the documented label, the label with its parameter, the bare parameter or one of a few aliases, so
/// `Deep link (link)`, `deep_link`, `link` and `LINK` are all the same column, in any order.
enum FirebaseField: String, CaseIterable, Sendable {
    case shortLink, link, apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, imv, efr, ofl, st, sd, si
    case utmSource = "utm_source"
    case utmMedium = "utm_medium"
    case utmCampaign = "utm_campaign"
    case utmTerm = "utm_term"
    case utmContent = "utm_content"
    case at, ct, mt, pt, archived, name, created

    /// The long-link query parameter, if the field is one.
    var parameter: String? {
        switch self {
        case .shortLink, .archived, .name, .created: return nil
        default: return rawValue
        }
    }

    /// The export's column label, without the parameter in parentheses.
    var label: String {
        switch self {
        case .shortLink: return "Short link"
        case .link: return "Deep link"
        case .apn: return "Android package name"
        case .afl: return "Android fallback link"
        case .amv: return "Android minimum package version code"
        case .ibi: return "iOS bundle ID"
        case .ifl: return "iOS fallback link"
        case .ius: return "iOS custom scheme"
        case .ipfl: return "iOS iPad fallback link"
        case .ipbi: return "iOS iPad bundle ID"
        case .isi: return "iOS app store ID"
        case .imv: return "iOS minimum version"
        case .efr: return "Enable forced redirect?"
        case .ofl: return "Desktop fallback link"
        case .st: return "Social title"
        case .sd: return "Social description"
        case .si: return "Social image link"
        case .utmSource: return "UTM source"
        case .utmMedium: return "UTM medium"
        case .utmCampaign: return "UTM campaign"
        case .utmTerm: return "UTM term"
        case .utmContent: return "UTM content"
        case .at, .ct, .mt, .pt: return "iTunes Connect"
        case .archived: return "Archived?"
        case .name: return "Link name"
        case .created: return "Creation timestamp"
        }
    }

    /// Normalized header spellings that name this field.
    var headerNames: Set<String> {
        var names: Set<String> = [Self.normalized(label)]
        if let parameter {
            names.insert(Self.normalized(parameter))
            names.insert(Self.normalized(label + parameter))
            // "iTunes Connect" alone would be every iTunes column: only label + parameter names it,
            // with the parameter again in brackets like every other column ("iTunes Connect at (at)").
            if [.at, .ct, .mt, .pt].contains(self) {
                names.remove(Self.normalized(label))
                names.insert(Self.normalized("\(label) \(parameter) (\(parameter))"))
            }
        }
        switch self {
        case .shortLink: names.formUnion(["shortlink", "shorturl", "shortdynamiclink"])
        case .link: names.formUnion(["deeplink", "deeplinklink"])
        case .archived: names.formUnion(["archived", "isarchived"])
        case .name: names.formUnion(["name", "linkname"])
        case .created: names.formUnion(["creationtimestamp", "creationtime", "createtime", "created", "createdat"])
        default: break
        }
        return names
    }

    /// Lower-cased letters and digits only: `"Enable forced redirect? (efr)"` → `enableforcedredirectefr`.
    static func normalized(_ header: String) -> String {
        String(
            String.UnicodeScalarView(
                header.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    }

    /// The field a header names, or nil.
    static func field(forHeader header: String) -> FirebaseField? {
        let key = normalized(header)
        return allCases.first { $0.headerNames.contains(key) }
    }

    /// The field a long-link query parameter names, or nil.
    static func field(forParameter name: String) -> FirebaseField? {
        allCases.first { $0.parameter == name }
    }

    /// Fields with no equivalent in the catalog: reported per row, never dropped in silence.
    static let unsupported: [FirebaseField: String] = [
        .amv: "amv (Android minimum version code) has no equivalent: the app must check its own version",
        .imv: "imv (iOS minimum version) has no equivalent: the app must check its own version",
    ]
}
