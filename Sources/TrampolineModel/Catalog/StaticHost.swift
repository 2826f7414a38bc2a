/// Where the site is deployed (`site.host`), for the hosts' published limits.
package enum StaticHost: String, Sendable, CaseIterable, Encodable {
    case netlify
    case cloudflarePages = "cloudflare-pages"
    case cloudflarePagesFree = "cloudflare-pages-free"
    case githubPages = "github-pages"
    /// Hosts that read neither `_headers` nor `_redirects`. For Firebase Hosting and nginx the
    /// build writes the host's own configuration (`firebase.json`, `nginx.conf`); on S3 and
    /// CloudFront the team sets the same headers and rewrites (docs/deploy.md). Named so that
    /// `check --live` gives that host's fix.
    case s3CloudFront = "s3-cloudfront"
    case firebaseHosting = "firebase-hosting"
    case nginx

    /// The most files a deployment may have, if the host publishes such a limit.
    package var fileLimit: Int? {
        switch self {
        // developers.cloudflare.com/pages/platform/limits/#files: 20,000 files per site on the
        // Free plan; 100,000 on paid plans (changelog, 2026-01-23).
        case .cloudflarePagesFree: 20_000
        case .cloudflarePages: 100_000
        // Netlify and GitHub Pages publish no file-count limit; the others are the team's servers
        // or buckets.
        case .netlify, .githubPages, .s3CloudFront, .firebaseHosting, .nginx: nil
        }
    }

    /// The most bytes a deployment may have, if the host publishes such a limit.
    package var byteLimit: Int? {
        switch self {
        // docs.github.com, "GitHub Pages limits": published sites may be no larger than 1 GB.
        case .githubPages: 1_000_000_000
        case .netlify, .cloudflarePages, .cloudflarePagesFree, .s3CloudFront, .firebaseHosting, .nginx: nil
        }
    }

    /// Whether a `_redirects` rule wins over a file that exists. developers.cloudflare.com,
    /// "Pages > Redirects": rules "are always followed, regardless of whether or not an asset
    /// matches the incoming request"; Netlify serves an existing file first ("shadowing") unless a
    /// rule is forced. So on Cloudflare Pages a catch-all rule would hide every file of the site.
    package var rulesBeforeFiles: Bool {
        switch self {
        case .cloudflarePages, .cloudflarePagesFree: true
        case .netlify, .githubPages, .s3CloudFront, .firebaseHosting, .nginx: false
        }
    }

    /// Whether the host applies the `_headers` and `_redirects` files the build writes (Netlify,
    /// Cloudflare Pages); Firebase Hosting and nginx read `firebase.json` and `nginx.conf` instead.
    package var readsHostFiles: Bool {
        switch self {
        case .netlify, .cloudflarePages, .cloudflarePagesFree: true
        case .githubPages, .s3CloudFront, .firebaseHosting, .nginx: false
        }
    }

    /// The status of the host's redirect from a folder's path to its slashed URL (`/abc` to
    /// `/abc/` when `abc/index.html` is the page), as measured on each host
    /// (github.com/slorber/trailing-slash-guide); nil where the page answers in place (the
    /// `nginx.conf` the build writes sees to it) or the host is not modelled.
    package var folderRedirectCode: Int? {
        switch self {
        case .netlify, .githubPages: 301
        case .cloudflarePages, .cloudflarePagesFree: 308
        case .firebaseHosting, .nginx, .s3CloudFront: nil
        }
    }

    /// Whether the host's deploy publishes files and folders whose names start with a dot (other
    /// than `.well-known/`, which every host publishes). Netlify's deploy drops them
    /// (answers.netlify.com/t/37728, "Netlify deploy API removes files and directories beginning
    /// with a period"), as Wrangler does for Cloudflare Pages ("skip node_modules and hidden files
    /// and directories. An exception is made for `.well-known`", wrangler's changelog); Firebase
    /// Hosting drops what `firebase.json`'s `ignore` lists. So `.trampoline-manifest.json`, which
    /// lists every file (every link's path), is not deployed there; GitHub Pages (with
    /// `.nojekyll`), an S3 sync and nginx publish it unless told not to.
    package var deploysHiddenFiles: Bool {
        switch self {
        case .netlify, .cloudflarePages, .cloudflarePagesFree, .firebaseHosting: false
        case .githubPages, .s3CloudFront, .nginx: true
        }
    }

    /// Whether any configuration can make the host send a header (GitHub Pages: none can).
    package var sendsCustomHeaders: Bool { self != .githubPages }

    /// The host's name as its documentation writes it.
    package var displayName: String {
        switch self {
        case .netlify: "Netlify"
        case .cloudflarePages: "Cloudflare Pages"
        case .cloudflarePagesFree: "Cloudflare Pages (Free plan)"
        case .githubPages: "GitHub Pages"
        case .s3CloudFront: "Amazon S3 and CloudFront"
        case .firebaseHosting: "Firebase Hosting"
        case .nginx: "nginx"
        }
    }
}
