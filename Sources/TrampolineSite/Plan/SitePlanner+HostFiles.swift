import TrampolineModel

extension SitePlanner {
    /// The configuration file of the host `site.host` names, for the hosts that read no
    /// `_headers` or `_redirects` (docs/deploy.md, "Per host").
    static func hostFileEntries(
        for catalog: Catalog, routes: [Route], compact: Bool, cases: [String], engine: inout DiagnosticEngine
    ) -> [PlanEntry] {
        switch catalog.site.hosting {
        case .firebaseHosting:
            return [
                PlanEntry(
                    path: .firebaseConfig,
                    content: .hostFile(.firebase(routes: routes, catchAll: compact, cases: cases)))
            ]
        case .nginx:
            return [
                PlanEntry(
                    path: .nginxConfig, content: .hostFile(.nginx(routes: routes, catchAll: compact, cases: cases)))
            ]
        case .s3CloudFront:
            warnAboutFileLikePaths(catalog, engine: &engine)
            return [PlanEntry(path: .cloudFrontFunction, content: .hostFile(.cloudFrontFunction(cases: cases)))]
        default:
            return []
        }
    }

    /// The CloudFront Function tells a page's folder from a file by the last segment's extension
    /// (``OutputPath/fileExtensions``): a link whose path ends like a file would read a missing
    /// object. Said once, at the first such link.
    static func warnAboutFileLikePaths(_ catalog: Catalog, engine: inout DiagnosticEngine) {
        let fileLike = catalog.links.filter { link in
            guard !link.isRoute, let dot = link.path.lastIndex(of: "."),
                !link.path[dot...].contains("/")
            else { return false }
            return OutputPath.fileExtensions.contains(link.path[link.path.index(after: dot)...].lowercased())
        }
        guard let first = fileLike.first else { return }
        engine.warning(
            (fileLike.count == 1 ? "a link ends" : "\(fileLike.count) links end")
                + " like a file (\(first.path)): on S3 + CloudFront the build's cloudfront-function.js reads such a path as a file, not as its page's folder",
            at: first.location,
            hint: "give them paths that do not end in .\(OutputPath.fileExtensions.joined(separator: ", ."))")
    }
}
