#if canImport(UIKit) && canImport(AuthenticationServices)
import AuthenticationServices
import UIKit

/// Not compiled on Linux (no UIKit): tells `ASWebAuthenticationSession` which window presents it.
final class CookieSessionAnchor: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        window
    }
}
#endif
