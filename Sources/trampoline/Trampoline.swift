import ArgumentParser

@main
struct Trampoline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trampoline",
        abstract: "Deep links for iOS apps from a static site you own.",
        discussion: "Reads a link catalog (site-config.yml) and writes a deployable folder: one page per link, loadCookie.html and the apple-app-site-association file.",
        version: TrampolineVersion.current,
        subcommands: [Build.self, Match.self, Check.self, Serve.self, Init.self],
        defaultSubcommand: Build.self
    )
}
