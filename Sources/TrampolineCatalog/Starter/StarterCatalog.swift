import TrampolineModel

/// The commented `site-config.yml` that `trampoline init` writes: valid as written, so a first
/// `trampoline build` works before anything is edited, and every key explained where it stands.
package enum StarterCatalog {
    /// The catalog's file name.
    package static let fileName = "site-config.yml"

    /// The catalog's text. Its first line points editors (yaml-language-server) at the schema
    /// that `init` writes beside it.
    package static let text = """
        # yaml-language-server: $schema=\(CatalogSchema.fileName)
        # Trampoline link catalog: every link below becomes a page at https://<site.url host>/<path>
        # that opens the app when it is installed and sends everyone else to the App Store.
        #   trampoline build   writes the site into site.output (default _site/)
        #   trampoline serve   previews it on http://127.0.0.1:4000/ and rebuilds on every save
        # Edit the templates in Templates/ to rebrand the pages; delete a file there to use the built-in one.

        site:
          # The host the site is deployed to: https:// and a host, no path.
          url: https://\(StarterPlaceholder.host)
          title: Example links
          # BCP 47 language tag for the pages.
          language: en
          # Output folder, relative to this file.
          output: _site

        app:
          name: Example
          # Your app's icon beside its name on every page: a PNG beside this file (at most 256 KB;
          # 192x192 is plenty) or an https:// URL.
          # icon: icon.png
          ios:
            # From the Apple Developer account's Membership page.
            team_id: \(StarterPlaceholder.teamID)
            bundle_id: \(StarterPlaceholder.bundleID)
            # The number after "id" in the App Store URL; keep the quotes.
            app_store_id: "\(StarterPlaceholder.appStoreID)"
            # The custom URL scheme registered in the app's Info.plist, without "://".
            scheme: example
            # app_store_url defaults to https://apps.apple.com/app/id<app_store_id>.
            # More TEAMID.bundle.id values that should open the links (e.g. a beta build):
            # extra_app_ids: [ABCDE12345.com.example.app.beta]
          # The Android app (uncomment to serve Android too; a catalog may have ios, android or both).
          # It adds /.well-known/assetlinks.json, opens the app through intent:// URLs, and sends
          # Android phones without the app to Google Play with the link in the install referrer.
          # Run `trampoline intent-filter` for the <intent-filter> to paste into the app's manifest.
          # android:
          #   # The applicationId in build.gradle.
          #   package: \(StarterPlaceholder.bundleID)
          #   # Play Console > Setup > App signing (or keytool -list -v): any case, colons optional.
          #   sha256_cert_fingerprints:
          #     - "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
          #   # scheme defaults to ios.scheme; play_store_url to Google Play's page for the package.

        # Options every link inherits; any link may override them.
        defaults:
          # interstitial: a preview page with an "Open in app" button; redirect: tries the app at once.
          template: interstitial
          # Where people without the app go: store (the App Store, Google Play on Android) or web
          # (the link's web_url). android_fallback: store or web sets Android's apart.
          fallback: store
          # How long a redirect page waits for the app before falling back.
          fallback_delay_ms: 1500
          # How the link survives the install: copied to the clipboard and/or kept in a cookie
          # that the app reads back through loadCookie.html.
          deferred: [clipboard, cookie]
          # __Host-: only this host can set it (a sibling subdomain cannot plant a deferred link).
          cookie_name: __Host-deferredDeepLink
          cookie_days: 1
          # Hand the visited URL's query (?utm_source=...) to the app too.
          forward_query: true
          # Inside Instagram's, Facebook's, LINE's... browser, show the way out to the phone's
          # browser (escape) or behave as anywhere (ignore).
          in_app_browsers: escape
          # Ask before leaving for the store; cancel keeps the person on the page.
          # confirm_store: "Install Example from the store?"
          # Add ?debug=1 to any link to see what it would do, without it doing anything.
          # <path>/qr.svg, a QR code of each link's URL, for posters and print. Error correction
          # L, M, Q or H: how much damage the code survives (7 % to 30 %); higher is denser.
          qr_code: true
          qr_error_correction: M

        links:
          - path: /welcome
            # The screen to open; defaults to <scheme>://<path without the slash>.
            deep_link: example://welcome
            title: Welcome to Example
            # Markdown.
            description: Open **Example** to get started.
            # Added to the link the app receives.
            campaign: {utm_source: starter}

          - path: /promo/spring
            title: Spring offer
            description: Tap to open the offer in the app.
            template: redirect
            # A page to send people to instead of the App Store (fallback: web).
            web_url: https://example.com/spring
            fallback: web

          # A route: one rule for every URL of a kind of screen (/item/1, /item/2, ...), one page.
          # :id takes one segment (:id(digits) or :id(uuid) constrains it), *rest the rest of the path.
          # The deep link uses the same parameters; plain links beside it (/item/new) keep their page.
          # - path: /item/:id(digits)
          #   deep_link: example://item/:id
          #   title: An item

        """
}
