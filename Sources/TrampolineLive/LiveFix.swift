import TrampolineKit

/// The fix for a finding on the host named by `site.hosting`, or for every common host when none is named.
enum LiveFix {
    static func redirect(_ hosting: StaticHost?) -> String {
        switch hosting {
        case .netlify: "serve the file at this URL itself: remove the _redirects or domain rule that redirects it"
        case .cloudflarePages, .cloudflarePagesFree:
            "serve the file at this URL itself: remove the _redirects rule or Redirect Rule that matches it"
        case .githubPages: "set the custom domain to this host so GitHub Pages serves it without redirecting"
        case nil:
            "serve the file at this URL without a redirect (Netlify/Cloudflare Pages: _redirects; S3+CloudFront: the distribution's behaviours; nginx: no `return 301` for /.well-known/)"
        }
    }

    static func contentType(_ expected: String, _ hosting: StaticHost?) -> String {
        switch hosting {
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy the _headers file trampoline writes, which sets Content-Type: \(expected)"
        case .githubPages: "GitHub Pages cannot set it; serve the site from a host that reads _headers"
        case nil:
            "serve it as \(expected) (Netlify/Cloudflare Pages: deploy _headers; S3: the object's Content-Type metadata; nginx: `default_type \(expected);` in `location /.well-known/`)"
        }
    }

    static func missing(_ hosting: StaticHost?) -> String {
        switch hosting {
        case .githubPages: "deploy the .nojekyll file trampoline writes: without it GitHub Pages drops dot-folders"
        case .netlify, .cloudflarePages, .cloudflarePagesFree:
            "deploy the whole output folder, .well-known included, and make sure no catch-all rewrite matches /.well-known/"
        case nil:
            "deploy the whole output folder, .well-known included (GitHub Pages: .nojekyll; Firebase Hosting: `appAssociation: \"NONE\"`; nginx: no `location ~ /\\.` deny or catch-all rewrite before /.well-known/)"
        }
    }

    static let botBlocked =
        "let Apple's fetcher (user agent AASA-Bot) through the host's bot protection (Cloudflare: a WAF skip rule for /.well-known/ and /apple-app-site-association)"

    static let stale =
        "deploy the output folder again, deleting files that are not in it (`rsync --delete`, a fresh upload)"
}
