import ArgumentParser

@main
struct Trampoline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trampoline",
        abstract: "Deep links for iOS and Android apps from a static site you own.",
        discussion: "Reads a link catalog (site-config.yml) and writes a deployable folder: one page per link, loadCookie.html, apple-app-site-association and assetlinks.json.",
        version: TrampolineVersion.current,
        subcommands: [Build.self, Match.self, Check.self, Serve.self, Init.self, IntentFilterCommand.self, ImportCommand.self, QRCommand.self],
        defaultSubcommand: Build.self
    )
}
