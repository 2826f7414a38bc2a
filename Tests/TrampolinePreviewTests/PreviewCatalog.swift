import TrampolineTestSupport

/// The catalog the preview tests serve.
enum PreviewCatalog {
    /// A catalog with an interstitial link, a redirect link without its own deep link (cookie
    /// only), and a web-fallback link without a QR code; `title` is the first link's title, for edits.
    static func text(title: String = "Wedding checklist") -> String {
        """
        \(TestCatalog.marryHead)
          - path: /topic/1
            deep_link: marry://topic?id=1
            title: \(title)
            campaign: {utm_source: line}
          - path: /invite
            title: You're <invited>
            template: redirect
            fallback_delay_ms: 2000
            deferred: [cookie]
            cookie_name: __Host-inviteLink
            cookie_days: 7
          - path: /vendors/photographers
            deep_link: marry://vendors?category=photo
            title: Find a photographer
            web_url: https://example.com/vendors/photographers
            fallback: web
            deferred: [clipboard]
            qr_code: false

        """
    }
}
