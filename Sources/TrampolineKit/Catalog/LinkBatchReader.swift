import Foundation

/// Reads links on all cores while the parser goes on: checking a link's values and building its
/// model cost more than parsing it, so the parser hands over batches and never waits for them.
/// Results are merged in document order, so diagnostics, duplicates and the link order are the
/// same as reading one by one.
final class LinkBatchReader: @unchecked Sendable {
    private let reader: CatalogReader
    private let defaults: LinkOptions
    private let defaultsTemplateLocation: SourceLocation
    private let app: AppSettings?
    private let group = DispatchGroup()
    private let lock = NSLock()
    /// Per batch: each link (nil if invalid) with the diagnostics reading it gave.
    private var results: [Int: [(link: Link?, diagnostics: ArraySlice<Diagnostic>)]] = [:]
    private var submitted = 0
    /// Batches read, handed back so the parser's thread frees its own nodes (see `submit`).
    private var spent: [[YAMLNode]] = []
    private var batch: [YAMLNode] = []
    static let batchSize = 1024

    /// `reader` gives the file name and settings; its diagnostics so far are not carried over.
    init(reader: CatalogReader, defaults: LinkOptions, defaultsTemplateLocation: SourceLocation, app: AppSettings?) {
        var reader = reader
        reader.engine = DiagnosticEngine()
        self.reader = reader
        self.defaults = defaults
        self.defaultsTemplateLocation = defaultsTemplateLocation
        self.app = app
    }

    /// How many items were added.
    private(set) var count = 0

    func add(_ item: YAMLNode) {
        batch.append(item)
        count += 1
        if batch.count == Self.batchSize { submit() }
    }

    private func submit() {
        guard !batch.isEmpty else { return }
        // Nodes are freed on the thread that made them: freed by a worker, each node took the
        // parser's malloc arena lock while the parser was allocating (half the catalog's wall time).
        let done = lock.withLock { () -> [[YAMLNode]] in
            defer { spent = [] }
            return spent
        }
        _ = consume done
        let index = submitted, items = batch
        submitted += 1
        batch = []
        let (reader, defaults, location, app) = (reader, defaults, defaultsTemplateLocation, app)
        DispatchQueue.global().async(group: group) { [self] in
            var worker = reader
            var bounds: [(Link?, Range<Int>)] = []
            for item in items {
                let start = worker.engine.diagnostics.count
                let link = worker.readLink(item, defaults: defaults, defaultsTemplateLocation: location, app: app)
                bounds.append((link, start..<worker.engine.diagnostics.count))
            }
            let all = worker.engine.diagnostics
            let read = bounds.map { (link: $0.0, diagnostics: all[$0.1]) }
            lock.withLock {
                results[index] = read
                spent.append(items)
            }
        }
    }

    /// Waits for every batch and merges them, in order, into `target` and `list`.
    func finish(into target: inout CatalogReader, list: inout CatalogReader.LinkList) {
        submit()
        group.wait()
        for index in 0..<submitted {
            guard let result = lock.withLock({ results.removeValue(forKey: index) }) else { continue }
            // Link by link, as a one-by-one reading would: its diagnostics, then its path check,
            // so the error limit cuts the list at the same place.
            for (link, diagnostics) in result {
                target.absorb(diagnostics)
                if let link { target.record(link, into: &list) }
            }
        }
    }
}
