#if canImport(UIKit) && canImport(AuthenticationServices)
import AuthenticationServices
import UIKit

// Not compiled on Linux (no UIKit): the cookie channel. The logic is in `receiveDeferred(_:from:)`.
extension TrampolineLinks {
    /// Loads `loadCookie.html` in an `ASWebAuthenticationSession`, which shares Safari's cookies
    /// (`SFSafariViewController` has not since iOS 11). The page hands the cookie's link back through
    /// the app's scheme. iOS first asks "… wants to use go.example.com to sign in". With no cookie
    /// the page stays open until the person closes it, or until `timeout` (if given) cancels it.
    public func readCookie(
        from loadCookieURL: URL, in window: UIWindow, timeout: TimeInterval? = nil,
        completion: @escaping @MainActor (LinkDisposition?) -> Void = { _ in }
    ) {
        let anchor = CookieSessionAnchor(window: window)
        let session = ASWebAuthenticationSession(url: loadCookieURL, callbackURLScheme: configuration.scheme) {
            @Sendable url, _ in
            Task { @MainActor in
                self.retained["cookie-session"] = nil
                self.retained["cookie-anchor"] = nil
                completion(url.map { self.receiveDeferred($0.absoluteString, from: .cookie) })
            }
        }
        session.presentationContextProvider = anchor
        session.prefersEphemeralWebBrowserSession = false  // the shared cookie jar is the point
        retained["cookie-session"] = session
        retained["cookie-anchor"] = anchor
        session.start()
        if let timeout {
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: UInt64(max(timeout, 0) * 1_000_000_000))
                (self.retained["cookie-session"] as? ASWebAuthenticationSession)?.cancel()
            }
        }
    }
}
#endif
