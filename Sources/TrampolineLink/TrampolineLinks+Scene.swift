#if canImport(UIKit)
import UIKit

// Not compiled on Linux (no UIKit): the entry points a scene delegate calls. The logic is in `open(_:)`.
extension TrampolineLinks {
    /// `scene(_:continue:)`: a universal link. Returns whether it was the app's.
    @discardableResult
    public func open(_ activity: NSUserActivity) -> Bool {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else {
            return false
        }
        return open(url).isHandled
    }

    /// `scene(_:openURLContexts:)`: custom-scheme URLs.
    public func open(_ contexts: Set<UIOpenURLContext>) {
        for context in contexts { open(context.url) }
    }

    /// `scene(_:willConnectTo:options:)`: the links a cold start brings.
    public func open(_ options: UIScene.ConnectionOptions) {
        for activity in options.userActivities { open(activity) }
        open(options.urlContexts)
    }
}
#endif
