import TrampolineModel

extension SiteRenderer {
    /// The CloudFront Function (runtime cloudfront-js-2.0, viewer request) for a site on S3:
    /// an S3 origin has no index documents, so `/abc` and `/abc/` must read `abc/index.html`, as
    /// AWS's own example does (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/
    /// example-function-add-index.html). Unlike that example, it leaves the extension-less AASA
    /// alone (the example would send `/apple-app-site-association` to a missing `index.html`) and
    /// decides by the last segment, so a link's path with a dot (`/spring.2026`) still gets its
    /// page. Routes, and a compact site's links, reach `404.html` through the distribution's
    /// error response (docs/deploy.md, "Amazon S3 and CloudFront"). Each link of `cases` (and its
    /// slashed URL) reads its page under _case/. `HostConfigTests` run it under node.
    static func cloudFrontFunction(cases: [String]) -> String {
        let files = OutputPath.appSiteAssociationFiles.map { Escaping.jsonString($0.urlPath) + ": true" }
        let pages = cases.map { Escaping.jsonString($0) + ": " + Escaping.jsonString(OutputPath.casePage($0).urlPath) }
        let extensions = OutputPath.fileExtensions.map { Escaping.jsonString($0) + ": true" }
        return """
            // Written by trampoline for site.host: s3-cloudfront (docs/deploy.md, "Amazon S3 and CloudFront").
            // A CloudFront Function: runtime cloudfront-js-2.0, event type viewer request, on the
            // distribution's default behaviour. Not for the bucket:
            //   \(OutputPath.s3SyncCommand)
            var files = { \(files.joined(separator: ", ")) };
            var extensions = { \(extensions.joined(separator: ", ")) };
            var cases = {\(pages.isEmpty ? "" : "\n    " + pages.joined(separator: ",\n    ") + "\n")};

            function handler(event) {
                var request = event.request;
                var uri = request.uri;
                if (files[uri]) {
                    return request;
                }
                var unslashed = uri.length > 1 && uri.endsWith("/") ? uri.substring(0, uri.length - 1) : uri;
                if (cases[unslashed]) {
                    request.uri = cases[unslashed];
                    return request;
                }
                if (uri.endsWith("/")) {
                    request.uri = uri + "index.html";
                    return request;
                }
                var name = uri.substring(uri.lastIndexOf("/") + 1);
                var dot = name.lastIndexOf(".");
                if (dot < 0 || !extensions[name.substring(dot + 1).toLowerCase()]) {
                    request.uri = uri + "/index.html";
                }
                return request;
            }

            """
    }
}
