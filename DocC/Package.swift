// swift-tools-version: 6.0
import PackageDescription

// Builds TrampolineLink's DocC documentation (Sources/TrampolineLink/Documentation.docc) with
// swift-docc-plugin: `make docc-test` (warnings fail it) and the release's static site. A package
// of its own so the plugin is neither in what an app resolves (../Package.swift declares no
// dependencies) nor in the tool's build (Tool/Package.swift). Sources is a symbolic link to the
// root's folder: SwiftPM accepts no target outside a package's folder.
let package = Package(
    name: "TrampolineLinkDocumentation",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "TrampolineLink", targets: ["TrampolineLink"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        .target(name: "TrampolineLink")
    ]
)
