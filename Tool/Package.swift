// swift-tools-version: 6.0
import PackageDescription

// The generator: `trampoline`, its library targets, the preview server and every test target. Built from
// the repository root with `swift build --package-path Tool --scratch-path .build` (what `make
// build` runs), so the binary stays at .build/debug/trampoline. Sources, Tests, Templates,
// Benchmarks, schema and site-config.yml here are symbolic links to the root's: SwiftPM accepts
// no target outside a package's folder, and tests find the root from their own path.
// TrampolineLink comes from the root package (../Package.swift), which declares no dependencies,
// so an app that adds this repository for TrampolineLink clones nothing else (CONTRIBUTING.md,
// "Two packages").
let package = Package(
    name: "TrampolineTool",
    platforms: [.macOS(.v13), .iOS(.v15)],
    // Only the tool: the library targets have no public API (`package` access), so
    // they are no products; an app's library is TrampolineLink, in the root package.
    products: [
        .executable(name: "trampoline", targets: ["trampoline"])
    ],
    dependencies: [
        // The app library, TrampolineLink: the root package. `name:` gives it one identity whatever
        // the checkout's folder is called.
        .package(name: "Trampoline", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `links_file: links.csv`: link lists kept in spreadsheets.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // SHA-256 for the pages' Content-Security-Policy hashes (Hummingbird already depends on it).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `check --live`: the HTTPS client (redirects never followed, --resolve, extra roots).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // `serve --as HOST`: the throwaway local CA and the certificates it signs.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // libcmark, the CommonMark reference implementation; only MarkdownRenderer.swift imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // zlib, for `trampoline stats` reading gzipped access logs; only GzipReader.swift imports it.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The QR code encoder behind each link's qr.svg (no Swift package on the list encodes QR codes).
        // Pure Swift, no Foundation.
        .target(name: "TrampolineQR"),
        // The generator's library, one target per stage of its pipeline (CONTRIBUTING.md, "Layers").
        // Each imports only the targets before it, so the compiler holds the one-way rule.
        // The built-in templates and the catalog's schema as Swift source (EmbeddedFiles.swift,
        // written by scripts/embed-templates.py; `make build` runs it): a template change
        // recompiles this target alone.
        .target(name: "TrampolineEmbedded"),
        // The validated model: the catalog's types, their rules and every value derived from a
        // link; diagnostics, routes, output paths and the site's own files.
        .target(
            name: "TrampolineModel",
            dependencies: [
                .product(name: "TrampolineLink", package: "Trampoline"),
                "TrampolineQR",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What a rebuild keeps of a catalog's reading: the link cache and the catalog's layout.
        .target(name: "TrampolineIncremental", dependencies: ["TrampolineModel"]),
        // site-config.yml, links and items files and Firebase exports, read into the model.
        .target(
            name: "TrampolineCatalog",
            dependencies: [
                "TrampolineModel",
                "TrampolineIncremental",
                "TrampolineEmbedded",
                .product(name: "Yams", package: "Yams"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // The plan and its rendering: AASA, assetlinks.json, templates, Markdown and pages.
        .target(
            name: "TrampolineSite",
            dependencies: [
                "CCmark",
                "TrampolineModel",
                "TrampolineCatalog",
                "TrampolineEmbedded",
                "TrampolineQR",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Writing the output folder, the build's steps, and `check`.
        .target(
            name: "TrampolineBuild",
            dependencies: ["TrampolineModel", "TrampolineIncremental", "TrampolineCatalog", "TrampolineSite"]
        ),
        // `trampoline serve`: the local preview server. A target of its own so the
        // library targets never link Hummingbird.
        .target(
            name: "TrampolinePreview",
            dependencies: [
                "TrampolineModel",
                "TrampolineSite",
                "TrampolineBuild",
                "TrampolineStats",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `trampoline check --live`: fetches the deployed site, Apple's CDN and Google's Digital
        // Asset Links API and compares them with the build. Its own target so the
        // library targets never link NIO.
        .target(
            name: "TrampolineLive",
            dependencies: [
                "TrampolineModel",
                "TrampolineSite",
                "TrampolineBuild",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // `trampoline stats`: counts per link from the host's access logs (docs/counts.md). Its own
        // target: reading logs is a pipeline of its own, after the site's.
        .target(
            name: "TrampolineStats",
            dependencies: [
                "TrampolineModel", "TrampolineSite", "CZlib", .product(name: "TrampolineLink", package: "Trampoline"),
            ]
        ),
        .executableTarget(
            name: "trampoline",
            dependencies: [
                "TrampolineModel",
                "TrampolineCatalog",
                "TrampolineSite",
                "TrampolineBuild",
                "TrampolineLive",
                "TrampolineStats",
                "TrampolinePreview",
                "TrampolineQR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TrampolineGeneratorTests",
            dependencies: [
                "TrampolineModel", "TrampolineIncremental", "TrampolineCatalog", "TrampolineSite", "TrampolineBuild",
                "TrampolineQR", "TrampolineTestSupport",
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TrampolineLinkTests",
            dependencies: [.product(name: "TrampolineLink", package: "Trampoline"), "TrampolineTestSupport"]
        ),
        .testTarget(name: "TrampolineQRTests", dependencies: ["TrampolineQR"]),
        .testTarget(
            name: "TrampolinePreviewTests",
            dependencies: [
                "TrampolineModel", "TrampolineCatalog", "TrampolineSite", "TrampolineBuild", "TrampolinePreview",
                "TrampolineTestSupport",
            ]
        ),
        // Helpers the test targets share: temporary folders and running the built binary.
        .target(name: "TrampolineTestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TrampolineStatsTests",
            dependencies: ["TrampolineModel", "TrampolineCatalog", "TrampolineStats", "TrampolineTestSupport"],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TrampolineCLITests",
            dependencies: ["TrampolineLive", "TrampolineTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// libFuzzer target over the catalog loader, the build and the escapers; Fuzz/run.sh builds and runs
// it (Fuzz/README.md). Declared only when TRAMPOLINE_FUZZ=1: it links the libFuzzer runtime, so it
// only builds with the sanitizer flags Fuzz/run.sh passes (ASan and coverage for every module).
if Context.environment["TRAMPOLINE_FUZZ"] == "1" {
    package.products.append(.executable(name: "TrampolineFuzz", targets: ["TrampolineFuzz"]))
    package.targets.append(
        .executableTarget(
            name: "TrampolineFuzz",
            dependencies: ["TrampolineModel", "TrampolineCatalog", "TrampolineSite", "TrampolineBuild"],
            swiftSettings: [.enableExperimentalFeature("Extern")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ))
}
