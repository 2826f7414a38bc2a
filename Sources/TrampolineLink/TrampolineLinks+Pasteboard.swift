#if canImport(UIKit)
import UIKit

// Not compiled on Linux (no UIKit): the pasteboard channel. The logic is in `receiveDeferred(_:from:)`.
extension TrampolineLinks {
    /// On the first launch only (``beginFirstLaunch()``): the pasteboard, then, if it held no link
    /// of the app's and `loadCookieURL` is given, the cookie through `loadCookie.html`.
    public func readDeferredLink(cookieFrom loadCookieURL: URL? = nil, in window: UIWindow? = nil) {
        guard beginFirstLaunch() else { return }
        readPasteboard { disposition in
            guard disposition?.isHandled != true, let loadCookieURL, let window else { return }
            self.readCookie(from: loadCookieURL, in: window)
        }
    }

    /// Reads the pasteboard only if `detectPatterns` (which does not prompt) finds one of `patterns`.
    /// Whether iOS counts a custom-scheme link as `.probableWebURL` is not verified here (README).
    public func readPasteboard(
        patterns: Set<UIPasteboard.DetectionPattern> = [.probableWebURL],
        completion: @escaping @MainActor (LinkDisposition?) -> Void = { _ in }
    ) {
        guard UIPasteboard.general.hasStrings else { return completion(nil) }
        // @Sendable: UIKit calls back on a background queue, so the closure must not assume the main actor.
        UIPasteboard.general.detectPatterns(for: patterns) { @Sendable result in
            let worthReading = ((try? result.get()) ?? []).isEmpty == false  // holds only patterns asked for
            Task { @MainActor in
                guard worthReading, let text = UIPasteboard.general.string else { return completion(nil) }
                completion(self.receiveDeferred(text, from: .clipboard))
            }
        }
    }
}
#endif
