#!/usr/bin/env bash
# Builds a throwaway app package that depends on this checkout by path and uses only the product
# TrampolineLink, as an iOS app would, and fails if anything beyond TrampolineLink (and Foundation)
# was compiled: no Hummingbird, NIO, swift-crypto, Yams, Mustache, CSV, cmark or plugin tool.
# SwiftPM still *fetches* (clones and resolves) every dependency the package declares; it only
# *builds* the targets the chosen product needs. The script prints both.
# Usage: bash Tests/Consumer/check.sh   (make consumer-test; about a minute, mostly resolution)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
SWIFT="${SWIFT:-swift}"
work="$(mktemp -d "${TMPDIR:-/tmp}/trampoline-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/App"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [.package(path: "$repo")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "TrampolineLink", package: "$(basename "$repo")")])]
)
MANIFEST
# The README's app code, minus the UIKit entry points (which cannot be built here).
cat > "$work/Sources/App/main.swift" <<'SWIFT'
import Foundation
import TrampolineLink

@MainActor func run() throws {
    let links = TrampolineLinks(LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1),
                                store: InMemoryLinkStore()) { link in print("unmatched", link.path) }
    try links.route("/topic/:id(digits)") { match in print("topic", match["id"]!) }
    let visit = Int(Date().timeIntervalSince1970)
    print(links.receiveDeferred("marry://topic/1?utm_source=line&tl_t=\(visit)", from: .clipboard))  // held
    print(links.ready() as Any)                                                                    // routed
    print(links.open(URL(string: "https://go.example.com/nowhere")!))                              // unmatched
}
try MainActor.assumeIsolated { try run() }
SWIFT
cd "$work"
start=$(date +%s)
"$SWIFT" build > build.log 2>&1 || { cat build.log; echo "consumer: swift build failed" >&2; exit 1; }
echo "consumer: built in $(( $(date +%s) - start )) s"
echo "consumer: fetched (checkouts): $(ls .build/checkouts | tr '\n' ' ')"
# What was compiled: the folders that hold object files, and the modules emitted.
compiled=$(find -L .build/debug/ -name '*.o' -printf '%h\n' | sed -E 's#.*/##; s#\.build$##' | sort -u | tr '\n' ' ')
modules=$(find -L .build/debug/Modules .build/debug/Modules-tool -name '*.swiftmodule' -printf '%f\n' 2>/dev/null | sed 's/\.swiftmodule$//' | sort -u | tr '\n' ' ')
plugins=$(grep -oE 'Compiling plugin [A-Za-z]+' build.log | sed 's/Compiling plugin //' | sort -u | tr '\n' ' ' || true)
echo "consumer: compiled (object files): $compiled"
echo "consumer: modules: $modules"
echo "consumer: plugins compiled for the host (never linked into the app): ${plugins:-none}"
# App and TrampolineLink; TemplateEmbedder-tool is the host tool of this package's own build
# plugin (Foundation only), built by SwiftPM's planning for every plugin in the graph.
for m in $compiled $modules; do
  case "$m" in App|TrampolineLink|TemplateEmbedder|TemplateEmbedder-tool|Modules|Modules-tool) ;;
    *) echo "consumer: compiled more than TrampolineLink: $m" >&2; exit 1 ;;
  esac
done
out=$(.build/debug/App)
echo "$out" | sed 's/^/consumer: app printed: /'
[ "$out" = "$(printf 'held\ntopic 1\nOptional(TrampolineLink.LinkDisposition.routed(/topic/:id(digits)))\nunmatched /nowhere\nunmatched')" ] \
  || { echo "consumer: unexpected app output" >&2; exit 1; }
echo "consumer: ok (only TrampolineLink compiled)"
