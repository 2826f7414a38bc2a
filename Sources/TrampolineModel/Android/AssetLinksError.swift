import Foundation

/// A problem found in a Digital Asset Links statement list.
///
/// Mirrors how Google's Digital Asset Links implementation reports outcomes:
/// ``invalidJSON(reason:line:column:)`` and ``notAnArray(found:)`` reject the
/// whole list; ``invalidStatement(index:problem:)`` means one entry is skipped
/// while the remaining statements still count; ``noStatements`` means nothing
/// usable is left. Descriptions reuse Google's own wording (so they can be
/// compared with its compatibility suite) and end with how to fix the problem.
package enum AssetLinksError: Error, Equatable, Hashable, Sendable {
    /// The content is not strict JSON (RFC 8259, top-level array or object).
    /// `line` and `column` are 1-based; the column counts Unicode scalars.
    case invalidJSON(reason: String, line: Int, column: Int)
    /// The top-level value is valid JSON but not an array (`found` is e.g. "an object").
    case notAnArray(found: String)
    /// The list has no valid statement and no include directive.
    case noStatements
    /// The entry at `index` (0-based) of the top-level array is skipped.
    case invalidStatement(index: Int, problem: StatementProblem)

    /// Why a single entry of the statement list was skipped.
    package enum StatementProblem: Error, Equatable, Hashable, Sendable {
        /// The entry is not a JSON object.
        case notAnObject(found: String)
        /// `include` is present but is not a string.
        case includeNotAString(found: String)
        /// `include` appears together with `relation` and/or `target`.
        case includeWithStatementFields([String])
        /// The `include` URL is not an absolute http(s) URL.
        case invalidIncludeURL(String, SiteProblem)
        /// There is no `relation` member.
        case missingRelation
        /// `relation` is not an array.
        case relationNotAnArray(found: String)
        /// `relation` is an empty array (not covered by Google's suite; such a
        /// statement can never grant anything, so we report it).
        case emptyRelationArray
        /// An element of `relation` is not a string (`position` is 0-based).
        case relationNotAString(position: Int, found: String)
        /// A relation string is not `kind/detail`.
        case invalidRelation(String, RelationProblem)
        /// There is no `target` member.
        case missingTarget
        /// `target` is not an object.
        case targetNotAnObject(found: String)
        /// The target has no `namespace`.
        case missingNamespace
        /// The target's `namespace` is not a string.
        case namespaceNotAString(found: String)
        /// The target's `namespace` is neither `android_app` nor `web`.
        case unrecognizedNamespace(String)
        /// A `web` target has no `site`, or an empty one.
        case missingSite
        /// A `web` target's `site` is not a string.
        case siteNotAString(found: String)
        /// A `web` target's `site` is not of the form `http[s]://host[:port]`.
        case invalidSite(String, SiteProblem)
        /// An `android_app` target has no `package_name`.
        case missingPackageName
        /// An `android_app` target's `package_name` is not a string.
        case packageNameNotAString(found: String)
        /// An `android_app` target's `package_name` is not a valid Android package name.
        case invalidPackageName(String)
        /// An `android_app` target has no `sha256_cert_fingerprints`.
        case missingFingerprints
        /// `sha256_cert_fingerprints` is not an array.
        case fingerprintsNotAnArray(found: String)
        /// `sha256_cert_fingerprints` is an empty array.
        case emptyFingerprintArray
        /// An element of `sha256_cert_fingerprints` is not a string (`position` is 0-based).
        case fingerprintNotAString(position: Int, found: String)
        /// An element of `sha256_cert_fingerprints` is not 32 colon-separated
        /// upper-case hex pairs (`position` is 0-based).
        case malformedFingerprint(position: Int, value: String)
    }

    /// Why a relation string is rejected.
    package enum RelationProblem: Error, Equatable, Hashable, Sendable {
        /// Not exactly one `/` separating kind and detail.
        case notKindSlashDetail
        /// The part before `/` is empty or uses characters outside `[a-z0-9_.]`.
        case invalidKind
        /// The part after `/` is empty or uses characters outside `[a-z0-9_.]`.
        case invalidDetail
    }

    /// Why a `site` (or `include`) URL is rejected.
    package enum SiteProblem: Error, Equatable, Hashable, Sendable {
        /// There is no `scheme:` prefix.
        case missingScheme
        /// The scheme is not `http` or `https`.
        case notHTTP(scheme: String)
        /// The URL cannot be parsed (bad port, bad host, bad characters, …).
        case malformed(String)
        /// The URL has `user[:password]@`.
        case hasLoginInfo
        /// The URL has a path, even just `/` (sites only).
        case hasPath
        /// The URL has a `?query` (sites only).
        case hasQuery
        /// The URL has a `#fragment` (sites only).
        case hasFragment
    }
}

extension AssetLinksError: CustomStringConvertible, LocalizedError {
    package var description: String {
        switch self {
        case .invalidJSON(let reason, let line, let column):
            return
                "Could not parse statement list: the content is not valid JSON (line \(line), column \(column)): \(reason). "
                + "assetlinks.json must be strict JSON: double-quoted strings, no comments, no trailing commas."
        case .notAnArray(let found):
            return
                "Could not parse statement list: expected a single array of statements at the top level but found \(found). "
                + "Wrap the statements in [ ... ], even if there is only one."
        case .noStatements:
            return
                "No statements were found: the list has no valid statement or include directive, so it grants nothing. "
                + "Add a statement such as {\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {...}}."
        case .invalidStatement(let index, let problem):
            return "Could not parse statement list entry at index \(index) (the entry is skipped): \(problem)"
        }
    }

    package var errorDescription: String? { description }
}

extension AssetLinksError.StatementProblem: CustomStringConvertible {
    package var description: String {
        switch self {
        case .notAnObject(let found):
            return
                "the entry is \(found), not an object. Each entry must be an object with \"relation\" and \"target\" (or an \"include\")."
        case .includeNotAString(let found):
            return "\"include\" is \(found); it must be a string holding the https:// URL of another statement list."
        case .includeWithStatementFields(let fields):
            let names = fields.map { "\"\($0)\"" }.joined(separator: " and ")
            return
                "invalid field \(names) next to \"include\": an include directive cannot also be a statement. Put the statement in its own entry."
        case .invalidIncludeURL(let url, let problem):
            return "the include URL \"\(url)\" is invalid: \(problem)"
        case .missingRelation:
            return "no relation array specified. Add \"relation\": [\"delegate_permission/common.handle_all_urls\"]."
        case .relationNotAnArray(let found):
            return
                "\"relation\" is \(found), not an array. Write it as a list, e.g. \"relation\": [\"delegate_permission/common.handle_all_urls\"]."
        case .emptyRelationArray:
            return
                "\"relation\" is an empty array, so the statement grants nothing. List at least one relation, e.g. \"delegate_permission/common.handle_all_urls\"."
        case .relationNotAString(let position, let found):
            return "invalid relation at relation[\(position)]: expected a string but found \(found)."
        case .invalidRelation(let relation, .notKindSlashDetail):
            return
                "Invalid relation string \"\(relation)\": it must be \"kind/detail\" with exactly one '/', e.g. \"delegate_permission/common.handle_all_urls\"."
        case .invalidRelation(let relation, .invalidKind):
            return
                "Invalid 'kind' field in relation string \"\(relation)\": the part before '/' must be non-empty and use only a-z, 0-9, '_' and '.' (no spaces, no upper case)."
        case .invalidRelation(let relation, .invalidDetail):
            return
                "Invalid 'detail' field in relation string \"\(relation)\": the part after '/' must be non-empty and use only a-z, 0-9, '_' and '.' (no wildcards, spaces or upper case)."
        case .missingTarget:
            return "no target specified. Add a \"target\" object whose \"namespace\" is \"android_app\" or \"web\"."
        case .targetNotAnObject(let found):
            return
                "\"target\" is \(found), not an object. Write it as an asset descriptor, e.g. {\"namespace\": \"web\", \"site\": \"https://example.com\"}."
        case .missingNamespace:
            return "the target has no \"namespace\" field. Set it to \"android_app\" or \"web\"."
        case .namespaceNotAString(let found):
            return "the target's \"namespace\" is \(found); it must be the string \"android_app\" or \"web\"."
        case .unrecognizedNamespace(let namespace):
            return
                "unrecognized namespace \"\(namespace)\" in the target. Use \"android_app\" or \"web\" (namespaces are case-sensitive)."
        case .missingSite:
            return "no site field in web asset descriptor (or it is empty). Add \"site\": \"https://example.com\"."
        case .siteNotAString(let found):
            return "the web target's \"site\" is \(found); it must be a string such as \"https://example.com\"."
        case .invalidSite(let site, let problem):
            return "Invalid site \"\(site)\": \(problem)"
        case .missingPackageName:
            return
                "no package_name field in android app asset descriptor. Add the app's application ID, e.g. \"package_name\": \"com.example.app\"."
        case .packageNameNotAString(let found):
            return
                "invalid package name: \"package_name\" is \(found); it must be a string such as \"com.example.app\"."
        case .invalidPackageName(let name):
            return
                "invalid package name \"\(name)\": use at least two dot-separated segments that each start with a letter and contain only letters, digits and '_', e.g. \"com.example.app\"."
        case .missingFingerprints:
            return
                "no sha256_cert_fingerprints field in android app asset descriptor. Add the SHA-256 fingerprint of the app's signing certificate (keytool -list -v, or Play Console > App integrity)."
        case .fingerprintsNotAnArray(let found):
            return "\"sha256_cert_fingerprints\" is \(found), not an array. Write it as a list: [\"14:6D:...:44:E5\"]."
        case .emptyFingerprintArray:
            return
                "\"sha256_cert_fingerprints\" is empty: an android_app target must contain at least one certificate fingerprint."
        case .fingerprintNotAString(let position, let found):
            return "sha256_cert_fingerprints[\(position)] is \(found); each fingerprint must be a string."
        case .malformedFingerprint(let position, let value):
            return "malformed cert fingerprint \"\(value)\" at sha256_cert_fingerprints[\(position)]: "
                + "it must be 32 upper-case hex byte pairs separated by ':' (95 characters), e.g. \"14:6D:E9:...:44:E5\"."
                + Self.fingerprintHint(value)
        }
    }

    /// A targeted hint for the two most common fingerprint mistakes.
    private static func fingerprintHint(_ value: String) -> String {
        if AssetLinks.isValidFingerprint(value.uppercased()) {
            return " Use upper-case hex digits: \"\(value.uppercased())\"."
        }
        let hex = value.uppercased()
        if hex.count == 64, hex.allSatisfy(\.isHexDigit) {
            let pairs = stride(from: 0, to: 64, by: 2).map { offset -> String in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return String(hex[start..<hex.index(start, offsetBy: 2)])
            }
            return " Insert ':' between the byte pairs: \"\(pairs.joined(separator: ":"))\"."
        }
        return ""
    }
}

extension AssetLinksError.SiteProblem: CustomStringConvertible {
    package var description: String {
        switch self {
        case .missingScheme:
            return "not a valid URL: it has no scheme. Write it as \"https://host\"."
        case .notHTTP(let scheme):
            return
                "non-HTTP URL (scheme \"\(scheme)\"). Only http:// and https:// are supported; Android App Links need https://."
        case .malformed(let reason):
            return "not a valid URL: \(reason)."
        case .hasLoginInfo:
            return "the URL contains login information (user:password@). Remove it."
        case .hasPath:
            return
                "a site cannot contain a path, not even a trailing '/'. Use only scheme://host[:port], e.g. \"https://example.com\"."
        case .hasQuery:
            return "a site cannot contain query parameters ('?...'). Remove them."
        case .hasFragment:
            return "a site cannot contain fragment identifiers ('#...'). Remove them."
        }
    }
}
