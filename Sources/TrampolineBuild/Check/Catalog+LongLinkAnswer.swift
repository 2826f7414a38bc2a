import TrampolineLink
import TrampolineModel

extension Catalog {
    /// What `trampoline match` says of `url` when it is a long link the site serves
    /// (`site.long_links`): the page and what it opens, and the deep link the app libraries
    /// resolve it to (nil when a target is refused). Nil when `url` is no long link.
    package func longLinkAnswer(for url: String) -> (page: String, appReceives: String?)? {
        guard let settings = site.longLinks,
            let resolution = LongLinks.resolve(
                url: url, host: site.host, scheme: app.scheme, allow: LongLinkAllowlist(settings.allow))
        else { return nil }
        let page = "/\(OutputPath.longLinkFolder)/"
        switch resolution {
        case .opened(let target):
            return ("\(page) (a long link) opens \(target.deepLink)", target.deepLink)
        case .refused(let parameter):
            return (
                "\(page) (a long link) refuses it: \(parameter) is not in site.long_links.allow, so the page shows a notice and a link home",
                nil
            )
        }
    }
}
