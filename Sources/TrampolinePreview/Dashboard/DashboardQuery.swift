/// What the dashboard shows of a catalog: the links a search finds, a page of them at a time. A
/// catalog of 100,000 links is one page of ``pageSize`` rows (a few dozen KB of HTML with as many
/// QR codes), not one table of them all, which browsers could not lay out.
struct DashboardQuery: Sendable, Equatable {
    /// The text every shown link has in its path, title, URL or deep link (any case); empty: all.
    var search: String = ""
    /// 1-based; clamped to the pages there are.
    var page: Int = 1

    static let pageSize = 50
    /// The longest search taken: a search is a few words, and longer text is cut.
    static let maximumSearch = 200

    init(search: String = "", page: Int = 1) {
        self.search = String(search.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maximumSearch))
        self.page = max(1, page)
    }

    /// `?q=…&page=…` as the request's query parameters gave them; a page that is not a number is 1.
    init(parameters: [String: String]) {
        self.init(search: parameters["q"] ?? "", page: parameters["page"].flatMap { Int($0) } ?? 1)
    }

    /// The flows the search finds, in catalog order.
    func matches(_ flows: [LinkFlow]) -> [LinkFlow] {
        guard !search.isEmpty else { return flows }
        let needle = search.lowercased()
        return flows.filter { flow in
            [flow.path, flow.visitPath, flow.title, flow.url, flow.deepLink].contains {
                $0.lowercased().contains(needle)
            }
        }
    }

    /// The page of `found` to show: the rows, which page it is (clamped) and how many there are.
    func page(of found: [LinkFlow]) -> (rows: ArraySlice<LinkFlow>, page: Int, pages: Int, first: Int) {
        let pages = max(1, (found.count + Self.pageSize - 1) / Self.pageSize)
        let shown = min(page, pages)
        let first = (shown - 1) * Self.pageSize
        return (found[first..<min(found.count, first + Self.pageSize)], shown, pages, first)
    }

    /// The dashboard's URL for `page` of this search.
    func url(page: Int) -> String {
        var items: [String] = []
        if !search.isEmpty { items.append("q=" + LinkFlow.encodeURIComponent(search)) }
        if page > 1 { items.append("page=\(page)") }
        return PreviewRoutes.prefix + "/" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
