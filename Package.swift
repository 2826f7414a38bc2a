// swift-tools-version: 6.0
import PackageDescription

// What an app resolves when it adds this repository by URL: TrampolineLink, the app-side library
// (deferred-link acceptance, the once-only store, the onboarding inbox, the router and RoutePattern,
// the one route grammar the generator shares). Foundation only, and no dependencies: an app clones
// this repository and nothing else (Tests/Consumer/check.sh). The generator, its dependencies and
// every test target are the package in Tool/ (CONTRIBUTING.md, "Two packages").
let package = Package(
    name: "Trampoline",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "TrampolineLink", targets: ["TrampolineLink"])
    ],
    targets: [
        .target(name: "TrampolineLink")
    ]
)
