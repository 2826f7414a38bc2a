import TrampolineModel

/// The fix for a finding on the host named by `site.host`, or for every common host when none is
/// named. Each follows the host's documentation (docs/deploy.md cites them).
struct LiveFix: Sendable {
    var hosting: StaticHost?

    func redirect() -> String {
        switch hosting {
        case .netlify: "serve the file at this URL itself: remove the _redirects or domain rule that redirects it"
        case .cloudflarePages, .cloudflarePagesFree:
            "serve the file at this URL itself: remove the _redirects rule or Redirect Rule that matches it"
        case .githubPages: "set the custom domain to this host so GitHub Pages serves it without redirecting"
        case .s3CloudFront:
            "serve the object at this URL itself: no S3 website redirect rule or x-amz-website-redirect-location, no CloudFront function that redirects it"
        case .firebaseHosting: "remove the `redirects` entry of firebase.json that matches this path"
        case .nginx: "remove the `return 301` or `rewrite … permanent` that matches this path in the server block"
        case nil:
            "serve the file at this URL without a redirect (Netlify/Cloudflare Pages: _redirects; S3+CloudFront: the distribution's behaviours; Firebase Hosting: `redirects` in firebase.json; nginx: no `return 301` for /.well-known/)"
        }
    }

    func contentType(_ expected: String) -> String {
        header("Content-Type", expected)
    }

    /// A header the host must send for a path (`_headers` has it for the hosts that read the file).
    func header(_ name: String, _ value: String) -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy the _headers file trampoline writes, which sets \(name): \(value) for this path"
        case .githubPages: "GitHub Pages cannot set headers; serve the site from a host that does"
        case .s3CloudFront:
            name == "Content-Type"
                ? "set the object's Content-Type metadata to \(value) (`aws s3 cp … --content-type \(value)`)"
                : "add \(name): \(value) with a CloudFront response headers policy for this path"
        case .firebaseHosting:
            "deploy with the firebase.json trampoline writes (`firebase deploy` in the output folder): its `headers` set \(name): \(value) for this path"
        case .nginx:
            "include the nginx.conf trampoline writes in the server block (`include ROOT/nginx.conf;`), which sets "
                + (name == "Content-Type"
                    ? "`default_type \(value);` (with an empty `types {}`) in a `location =` block for this path"
                    : "`add_header \(name) \"\(value)\" always;` in the location for this path")
        case nil:
            "send \(name): \(value) for this path (Netlify/Cloudflare Pages: deploy _headers; S3: object metadata; Firebase Hosting: `headers` in firebase.json; nginx: `add_header` or `default_type`)"
        }
    }

    func missing() -> String {
        switch hosting {
        case .githubPages: "deploy the .nojekyll file trampoline writes: without it GitHub Pages drops dot-folders"
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy the whole output folder, .well-known included, and make sure no catch-all rule matches /.well-known/"
        case .s3CloudFront:
            "upload the whole folder, .well-known included (`\(OutputPath.s3SyncCommand)`), and route /.well-known/* to the bucket"
        case .firebaseHosting:
            "deploy with the firebase.json trampoline writes: its `\"appAssociation\": \"NONE\"` stops Firebase Hosting answering for the association files itself, and its `ignore` keeps .well-known/ (the default `**/.*` drops it)"
        case .nginx:
            "serve /.well-known/ from the site's root: no `location ~ /\\.` deny or catch-all rewrite before it"
        case nil:
            "deploy the whole output folder, .well-known included (GitHub Pages: .nojekyll; Firebase Hosting: `appAssociation: \"NONE\"`; nginx: no `location ~ /\\.` deny or catch-all rewrite before /.well-known/)"
        }
    }

    let botBlocked =
        "let Apple's fetcher (user agent AASA-Bot) through the host's bot protection (Cloudflare: a WAF skip rule for /.well-known/ and /apple-app-site-association)"

    /// An association file that is not the built one: on Firebase Hosting, most often Firebase's
    /// own answer for the project's apps (`appAssociation` not `NONE`).
    func staleClaimFile() -> String {
        guard hosting == .firebaseHosting else { return stale() }
        return
            "deploy with the firebase.json trampoline writes (`firebase deploy --only hosting` in the output folder): without its `\"appAssociation\": \"NONE\"`, Firebase Hosting answers this file itself for the Firebase project's apps"
    }

    func stale() -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree, .githubPages:
            "deploy the output folder again; a deploy replaces the whole site"
        case .s3CloudFront:
            "upload the folder again with `\(OutputPath.s3SyncCommand)`, then invalidate `/*` in CloudFront"
        case .firebaseHosting: "deploy the folder again (`firebase deploy --only hosting`)"
        case .nginx: "copy the folder again, deleting what is not in it (`rsync -a --delete _site/ HOST:ROOT/`)"
        case nil:
            "deploy the output folder again, deleting files that are not in it (`rsync --delete`, `aws s3 sync --delete`, a fresh upload), and purge the CDN"
        }
    }

    func notFound() -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree, .firebaseHosting:
            "remove the catch-all rule that answers every path with a page (`/* /index.html 200`, a `**` rewrite); the host serves 404.html with status 404"
        case .githubPages: "GitHub Pages serves 404.html with 404 on its own; deploy it"
        case .s3CloudFront:
            "make CloudFront's custom error response for 404 serve /404.html with response code 404, not /index.html with 200"
        case .nginx: "`error_page 404 /404.html;` and no `try_files … /index.html` fallback"
        case nil:
            "serve 404.html with status 404 for missing paths (nginx: `error_page 404 /404.html;`; no catch-all rewrite to /index.html)"
        }
    }

    /// A route's or compact link's URL that the host does not hand to the right page.
    func rewrite() -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy the _redirects file trampoline writes; it rewrites these URLs to their page"
        case .firebaseHosting:
            "deploy with the firebase.json trampoline writes; its `rewrites` send these URLs to their page"
        case .nginx:
            "include the nginx.conf trampoline writes in the server block; its locations send these URLs to their page"
        default: notFound()
        }
    }

    /// The manifest is served: it lists every file, every link's path among them.
    func manifest() -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy with the host's CLI or Git integration, which leave out files whose names start with a dot; a drag-and-drop upload of the folder may not"
        case .firebaseHosting: "deploy with the firebase.json trampoline writes: its `ignore` leaves the manifest out"
        case .nginx: "include the nginx.conf trampoline writes: it answers the manifest with 404"
        case .s3CloudFront:
            "sync with `--exclude .trampoline-manifest.json` (docs/deploy.md) and delete it from the bucket (`aws s3 rm s3://BUCKET/.trampoline-manifest.json`)"
        case .githubPages:
            "GitHub Pages publishes every file of the branch (and a public repository lists them anyway): publish from a workflow that uploads the folder without it, or use another host"
        case nil: "do not deploy .trampoline-manifest.json (it is the build's own record), or answer it with 404"
        }
    }
}
