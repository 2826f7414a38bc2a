import Foundation

/// How the pages mark the links they hand over after an install, and how the app accepts them.
///
/// The pages' script appends `tl_t=<visit time in Unix seconds>` as the last query parameter of
/// the link it puts on the clipboard and in the cookie (`marry://topic?id=1&tl_t=1767225600`). The
/// marker tells a Trampoline link from anything else the person may have copied, dates the visit
/// for the expiry (`cookie_days`), and is removed before the link is routed. It is a recognition
/// mark, not a signature: any web page can write such text to the clipboard, exactly as any page
/// can open `marry://` URLs. Deep links must never act without the person's confirmation.
public enum DeferredLink {
    /// The marker's query parameter name. `Templates/trampoline.js` writes it; the catalog refuses
    /// it in `deep_link` and `campaign`; a visitor's query never forwards it.
    public static let marker = "tl_t"

    /// Accepts `text` (clipboard text, the cookie's callback URL, a referrer value) as a deferred
    /// link of this app, or says why not. Accepted: the app's scheme, or `https` on the site's host;
    /// exactly one marker holding a visit time at most `maximumAge` old; well-formed
    /// percent-encoding; at most ``LinkConfiguration/maximumLength`` bytes. Once-only delivery is
    /// the caller's (``TrampolineLinks`` keeps it through a ``LinkStore``).
    public static func accept(
        _ text: String, from source: LinkSource = .clipboard, configuration: LinkConfiguration, now: Date = Date()
    ) throws(LinkRejection) -> IncomingLink {
        try IncomingLink(parsing: text, source: source, requireMarker: true, configuration: configuration, now: now)
    }
}
