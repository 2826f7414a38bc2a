/// A YAML mapping's entries by key name, as the catalog reader looks them up. (A list searched by
/// tag words stood here; it saved too little of a build to keep: Benchmarks/results/fast-paths.md.)
typealias MappingEntries = [String: CatalogReader.Entry]
