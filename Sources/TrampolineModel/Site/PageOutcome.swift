/// What a link's page tells the host's access log it saw happen: one empty file per outcome under
/// `/_count/`, which the page requests once (same origin, no cookie, never cached) with the
/// visited path in the query (`/_count/store.txt?l=%2Fspring-sale`). `trampoline stats` reads
/// these requests back from the log (docs/counts.md). `Templates/trampoline.js` and
/// `trampoline-more.js` name the files by these raw values.
package enum PageOutcome: String, CaseIterable, Sendable, Encodable {
    /// The page's script ran: a person's browser, not a link-preview crawler.
    case shown
    /// The page tried to open the app (its scheme on iOS, an intent on Android).
    case attempt
    /// The app opened: the page was hidden before its fallback was due.
    case app
    /// The page sent the person to the App Store or Google Play.
    case store
    /// The page sent the person to the link's web page.
    case web
    /// A desktop was shown the link's QR code.
    case desktopQR = "desktop-qr"
    /// An in-app browser was shown the way out to the phone's browser.
    case inApp = "in-app"

    /// The file the page requests, `_count/<outcome>.txt`.
    package var outputPath: OutputPath { OutputPath(OutputPath.countFolder + "/" + rawValue + ".txt") }

    /// The query item that names the visited path in a count request.
    package static let pathQueryName = "l"
}
