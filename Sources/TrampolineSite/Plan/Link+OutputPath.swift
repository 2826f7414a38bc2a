import TrampolineModel

extension Link {
    /// Where the link's page is written: `topic/1/index.html`, or a route's page
    /// (`_routes/restaurant/_id/index.html`).
    package var pageOutputPath: OutputPath {
        route.map(OutputPath.routePage) ?? .linkPage(path)
    }

    /// A URL path that opens the link's page: its own path, or a path the route matches.
    package var visitPath: String {
        route?.samplePath ?? path
    }
}
