import Foundation
import Hummingbird
import ServiceLifecycle
import TrampolineModel
import TrampolineStats

/// The routes only `serve` has, under `/_trampoline/` (a prefix catalogs may not use): the
/// dashboard, the simulations, the reload script and the server-sent event stream.
enum PreviewRoutes {
    static let prefix = "/_trampoline"

    static func add<Context: RequestContext>(to router: Router<Context>, state: PreviewState, logs: [String] = []) {
        router.get("\(prefix)") { request, _ in
            try await dashboard(request, state: state, hasLogs: !logs.isEmpty)
        }
        router.get("\(prefix)/counts") { _, _ in
            await counts(logs: logs, state: state)
        }
        router.get("\(prefix)/simulate") { request, _ in
            try await simulation(request, state: state)
        }
        router.get("\(prefix)/reload.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: PreviewAssets.reloadScript))
            )
        }
        router.get("\(prefix)/events") { _, _ in
            await events(state: state)
        }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// The dashboard; `?q=` searches the links and `?page=` pages through them.
    static func dashboard(_ request: Request, state: PreviewState, hasLogs: Bool = false) async throws -> Response {
        let (snapshot, failure, generation) = await (state.snapshot, state.failure, state.generation)
        let parameters = request.uri.queryParameters
        let query = DashboardQuery(
            parameters: ["q", "page"].reduce(into: [:]) { found, name in
                found[name] = parameters[Substring(name)].map(String.init)
            })
        return html(
            DashboardPage(
                snapshot: snapshot, failure: failure, generation: generation, outputPath: state.outputURL.path,
                query: query, hasLogs: hasLogs
            ).render())
    }

    /// `serve --logs`: the counts of those logs for the last good build's catalog, as `stats
    /// --format html` writes them; what is wrong with the logs, if anything, instead.
    static func counts(logs: [String], state: PreviewState) async -> Response {
        guard !logs.isEmpty else {
            return html(
                DashboardPage.document(
                    title: "Counts", body: "<p>No logs: start <code>trampoline serve --logs access.log</code>.</p>"),
                status: .notFound)
        }
        let catalog = await state.snapshot.catalog
        let (report, diagnostics) = StatsReader(catalog: catalog).read(logs.map { .init(path: $0, displayPath: $0) })
        guard let report else {
            let items = diagnostics.map { "<li>\(Escaping.html($0.description))</li>" }.joined()
            return html(
                DashboardPage.document(title: "Counts", body: "<ul>\(items)</ul>"), status: .unprocessableContent)
        }
        return html(String(decoding: report.html(title: catalog.site.title ?? catalog.app.name), as: UTF8.self))
    }

    static func simulation(_ request: Request, state: PreviewState) async throws -> Response {
        let query = request.uri.queryParameters
        guard let path = query["path"].map(String.init) else {
            throw HTTPError(
                .badRequest,
                message: "Add ?path=/your/link&app=installed (or app=missing), and &platform=android for Android.")
        }
        let snapshot = await state.snapshot
        guard let flow = snapshot.flows.first(where: { $0.path == path }) else {
            throw HTTPError(.notFound, message: "No link with that path in the last good build.")
        }
        return html(
            SimulationPage(flow: flow, appInstalled: query["app"] != "missing", android: query["platform"] == "android")
                .render())
    }

    /// `text/event-stream`: a `hello` with the current generation, then a `reload` per rebuild.
    /// The stream ends on graceful shutdown so Ctrl-C never waits on an open tab.
    static func events(state: PreviewState) async -> Response {
        let (events, generation) = await state.subscribe()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\nevent: hello\ndata: \(generation)\n\n"))
            for await event in events.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: event.wireFormat))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: body
        )
    }
}
