import ArgumentParser
import Foundation
import TrampolineKit

/// `--config`, shared by every subcommand that reads the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The link catalog.")
    var config: String = "site-config.yml"

    var builder: SiteBuilder {
        SiteBuilder(configURL: URL(fileURLWithPath: config), configDisplayPath: config)
    }
}
