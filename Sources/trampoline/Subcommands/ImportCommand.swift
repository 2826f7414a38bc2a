import ArgumentParser

/// `trampoline import`: brings links from another service into the catalog.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from another service into the catalog.",
        subcommands: [ImportFirebaseCommand.self]
    )
}
