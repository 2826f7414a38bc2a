/// Everything a build will write, as data: one ``PlanEntry`` per output file, decided before
/// anything is rendered or the disk is touched. The renderer turns entries into bytes, the writer
/// writes them, `check` compares them with the disk, `serve` makes a new plan on every change.
public struct SitePlan: Sendable, Equatable {
    /// The settings every entry is rendered with.
    public var site: SiteSettings
    public var app: AppSettings
    /// In writing order: sorted by path, the AASA copies last (see ``OutputPath/isClaimFile``).
    public private(set) var entries: [PlanEntry]
    private var positions: [OutputPath: Int]

    public init(site: SiteSettings, app: AppSettings, entries: [PlanEntry]) {
        self.site = site
        self.app = app
        self.entries = entries.sorted { ($0.path.isClaimFile ? 1 : 0, $0.path) < ($1.path.isClaimFile ? 1 : 0, $1.path) }
        positions = Dictionary(self.entries.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entry written at `path`, if the plan has one.
    public subscript(path: OutputPath) -> PlanEntry? {
        positions[path].map { entries[$0] }
    }

    /// Every output path, in writing order.
    public var paths: [OutputPath] { entries.map(\.path) }

    /// What the script of the link page at `linkPath` (`/topic/1`) does, as its template says.
    public func behaviour(ofLink linkPath: String) -> PageBehaviour? {
        guard case .linkPage(_, _, let behaviour)? = self[.linkPage(linkPath)]?.content else { return nil }
        return behaviour
    }

    public static func == (lhs: SitePlan, rhs: SitePlan) -> Bool {
        lhs.site == rhs.site && lhs.app == rhs.app && lhs.entries == rhs.entries
    }
}
