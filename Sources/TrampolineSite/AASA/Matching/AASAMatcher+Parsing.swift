import Foundation
import TrampolineModel

extension AASAMatcher {
    /// Reads the `applinks` section into details. Shape errors throw; keys the system ignores
    /// (`apps`, `comment`, other services, unknown keys) are ignored here too, and so are the
    /// parts of `details` that iOS skips (entries that are not objects, entries that name no
    /// app): those are reported in `notes`.
    static func parse(_ root: JSONValue, notes: inout [AASAMatcherNote]) throws(AASAMatcherError) -> [Detail] {
        guard let top = root.dictionary else {
            throw AASAMatcherError(
                location: "", message: "the file must be a JSON object, found \(root.kindDescription)")
        }
        // A file without applinks (say, webcredentials only) is valid; it claims no URLs.
        guard let applinksValue = top["applinks"] else { return [] }
        guard let applinks = applinksValue.dictionary else {
            throw AASAMatcherError(
                location: "applinks", message: "must be an object, found \(applinksValue.kindDescription)")
        }
        let variables = try substitutionVariables(
            applinks["substitutionVariables"], at: "applinks.substitutionVariables")
        let fileDefaults = try defaults(applinks["defaults"], at: "applinks.defaults")

        switch applinks["details"] {
        case nil:
            return []
        case .array(let entries)?:
            var details: [Detail] = []
            for (index, entry) in entries.enumerated() {
                let location = "applinks.details[\(index)]"
                // iOS reads only the entries that are objects and skips the rest (swcd checks
                // each with _NSIsNSDictionary); see Fixtures/aasa-conformance/SOURCE.md.
                guard let members = entry.dictionary else {
                    notes.append(
                        AASAMatcherNote(
                            location: location, message: "is \(entry.kindDescription), not an object; iOS skips it"))
                    continue
                }
                details.append(
                    try detail(members, at: location, fileDefaults: fileDefaults, variables: variables, notes: &notes))
            }
            return details
        case .object(let pairs)?:
            let entries = JSONValue.dictionary(pairs)
            // The oldest form: {"details": {"<appID>": {"paths": [...]}}}. JSON objects have no
            // order, so the entries are evaluated sorted by app ID. iOS reads each entry as if
            // its key were the entry's "appID".
            var details: [Detail] = []
            for appID in entries.keys.sorted() {
                let location = "applinks.details.\(appID)"
                guard var members = entries[appID]!.dictionary else {
                    notes.append(
                        AASAMatcherNote(
                            location: location,
                            message: "is \(entries[appID]!.kindDescription), not an object; iOS skips it"))
                    continue
                }
                members["appID"] = .string(appID)
                details.append(
                    try detail(members, at: location, fileDefaults: fileDefaults, variables: variables, notes: &notes))
            }
            return details
        case let other?:
            throw AASAMatcherError(
                location: "applinks.details",
                message:
                    "must be an array (or, in the legacy form, an object keyed by app ID), found \(other.kindDescription)"
            )
        }
    }

    /// The apps an entry names, the way iOS reads them (swcd's SWCEntry, iOS 26.1; see
    /// Fixtures/aasa-conformance/SOURCE.md): an `appIDs` array names exactly its string items,
    /// and an `appID` beside it is ignored; only without an `appIDs` array does a string `appID`
    /// name the app. An entry that names no app claims nothing for anyone.
    static func namedApps(_ members: [String: JSONValue], at location: String, notes: inout [AASAMatcherNote])
        -> [String]
    {
        if case .array(let items)? = members["appIDs"] {
            var apps: [String] = []
            for (index, item) in items.enumerated() {
                if case .string(let appID) = item {
                    apps.append(appID)
                } else {
                    notes.append(
                        AASAMatcherNote(
                            location: "\(location).appIDs[\(index)]",
                            message: "is \(item.kindDescription), not an app ID; iOS skips it"))
                }
            }
            if case .string(let ignored)? = members["appID"], !apps.contains(ignored) {
                notes.append(
                    AASAMatcherNote(
                        location: "\(location).appID",
                        message:
                            "names \(ignored) beside an \"appIDs\" array; iOS reads only \"appIDs\" and ignores \"appID\"",
                        appID: ignored))
            }
            if apps.isEmpty {
                notes.append(
                    AASAMatcherNote(
                        location: location,
                        message: "names no app (its \"appIDs\" array holds no app ID); iOS ignores the entry"))
            }
            return apps
        }
        if let appIDs = members["appIDs"] {
            notes.append(
                AASAMatcherNote(
                    location: "\(location).appIDs",
                    message: "is \(appIDs.kindDescription), not an array; iOS ignores it"))
        }
        if case .string(let appID)? = members["appID"] {
            return [appID]
        }
        if let appID = members["appID"] {
            notes.append(
                AASAMatcherNote(
                    location: "\(location).appID", message: "is \(appID.kindDescription), not an app ID; iOS ignores it"
                ))
        }
        notes.append(
            AASAMatcherNote(
                location: location,
                message: "names no app (no \"appIDs\" array and no \"appID\" string); iOS ignores the entry"))
        return []
    }

    private static func detail(
        _ members: [String: JSONValue], at location: String,
        fileDefaults: [String: JSONValue], variables: [String: [String]], notes: inout [AASAMatcherNote]
    ) throws(AASAMatcherError) -> Detail {
        let appIDs = namedApps(members, at: location, notes: &notes)
        // iOS makes no entry at all for it: its rules are never read.
        guard !appIDs.isEmpty else { return Detail(appIDs: [], rules: [], location: location) }

        // Nearer settings win: file defaults, then this detail's defaults, then the rule itself.
        let inherited = fileDefaults.merging(try defaults(members["defaults"], at: "\(location).defaults")) { $1 }
        var rules: [Rule] = []
        if let componentsValue = members["components"] {
            // When both are present, components win: `paths` is the pre-iOS 13 spelling and
            // newer systems read `components` instead of it.
            guard case .array(let components) = componentsValue else {
                throw AASAMatcherError(
                    location: "\(location).components",
                    message: "must be an array, found \(componentsValue.kindDescription)")
            }
            for (index, component) in components.enumerated() {
                let componentLocation = "\(location).components[\(index)]"
                guard let keys = component.dictionary else {
                    throw AASAMatcherError(
                        location: componentLocation, message: "must be an object, found \(component.kindDescription)")
                }
                try validateRuleKeys(keys, at: componentLocation)
                let own = keys.filter { Rule.ruleKeys.contains($0.key) }
                rules.append(
                    Rule(settings: inherited.merging(own) { $1 }, variables: variables, text: component.rendered))
            }
        } else if let pathsValue = members["paths"] {
            // Legacy paths constrain the path only; `NOT ` marks an exclusion. They still follow
            // the caseSensitive / percentEncoded defaults.
            let flags = inherited.filter { $0.key == "caseSensitive" || $0.key == "percentEncoded" }
            for path in try strings(pathsValue, at: "\(location).paths") {
                var settings = flags
                if path.hasPrefix("NOT ") {
                    settings["/"] = .string(String(path.dropFirst(4)))
                    settings["exclude"] = .bool(true)
                } else {
                    settings["/"] = .string(path)
                    settings["exclude"] = .bool(false)
                }
                rules.append(Rule(settings: settings, variables: variables, text: path))
            }
        }
        return Detail(appIDs: appIDs, rules: rules, location: location)
    }

    /// A `defaults` object: Apple documents it as a subclass of components, and swcutil applies
    /// every component key found there (`/`, `?`, `#`, `exclude` as well as the two flags).
    private static func defaults(_ value: JSONValue?, at location: String) throws(AASAMatcherError) -> [String:
        JSONValue]
    {
        guard let value else { return [:] }
        guard let keys = value.dictionary else {
            throw AASAMatcherError(location: location, message: "must be an object, found \(value.kindDescription)")
        }
        try validateRuleKeys(keys, at: location)
        return keys.filter { Rule.ruleKeys.contains($0.key) }
    }

    private static func validateRuleKeys(_ keys: [String: JSONValue], at location: String) throws(AASAMatcherError) {
        for key in ["/", "#"] {
            if let value = keys[key], case .string = value {
            } else if let value = keys[key] {
                throw AASAMatcherError(
                    location: "\(location).\(key)", message: "must be a pattern string, found \(value.kindDescription)")
            }
        }
        if let value = keys["?"] {
            switch value {
            case .string, .object: break  // non-string values inside the object are tolerated, as by swcutil
            default:
                throw AASAMatcherError(
                    location: "\(location).?",
                    message:
                        "must be a pattern string or an object of query item patterns, found \(value.kindDescription)")
            }
        }
        for key in ["exclude", "caseSensitive", "percentEncoded"] {
            if let value = keys[key], case .bool = value {
            } else if let value = keys[key] {
                throw AASAMatcherError(
                    location: "\(location).\(key)", message: "must be true or false, found \(value.rendered)")
            }
        }
    }

    private static func substitutionVariables(_ value: JSONValue?, at location: String) throws(AASAMatcherError)
        -> [String: [String]]
    {
        guard let value else { return [:] }
        guard let members = value.dictionary else {
            throw AASAMatcherError(
                location: location,
                message: "must be an object of name to list of strings, found \(value.kindDescription)")
        }
        var variables: [String: [String]] = [:]
        for (name, values) in members {
            variables[name] = try strings(values, at: "\(location).\(name)")
        }
        return variables
    }

    private static func strings(_ value: JSONValue, at location: String) throws(AASAMatcherError) -> [String] {
        guard case .array(let items) = value else {
            throw AASAMatcherError(
                location: location, message: "must be an array of strings, found \(value.kindDescription)")
        }
        return try items.enumerated().map { (index, item) throws(AASAMatcherError) in
            guard case .string(let string) = item else {
                throw AASAMatcherError(
                    location: "\(location)[\(index)]", message: "must be a string, found \(item.kindDescription)")
            }
            return string
        }
    }
}
