#!/usr/bin/env bash
# An app package that adds this repository by URL for the product TrampolineLink, as an iOS app
# does, from a fresh clone: fails unless SwiftPM cloned this repository and nothing else (no
# Hummingbird, NIO, swift-crypto, Yams, Mustache, CSV), and compiled TrampolineLink and the app and
# nothing else (no cmark, no plugin tool). Prints what was cloned and what was compiled.
# The clone is of the working tree as it would be committed (tracked and new files, through a
# throwaway index and commit object; no branch, index or file of this checkout changes), served as a
# bare repository at a file:// URL, which SwiftPM clones as it would https://github.com/….
# Usage: bash Tests/Consumer/check.sh   (make consumer-test; about half a minute)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
SWIFT="${SWIFT:-swift}"
work="$(mktemp -d "${TMPDIR:-/tmp}/trampoline-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
index="$work/index"
cp "$(git -C "$repo" rev-parse --path-format=absolute --git-path index)" "$index"
GIT_INDEX_FILE="$index" git -C "$repo" add -A
tree=$(GIT_INDEX_FILE="$index" git -C "$repo" write-tree)
commit=$(git -C "$repo" commit-tree "$tree" -p HEAD -m "consumer check")
git init -q --bare "$work/trampoline.git"
git -C "$repo" push -q "$work/trampoline.git" "$commit:refs/heads/consumer-check"
mkdir -p "$work/Sources/App"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [.package(url: "file://$work/trampoline.git", branch: "consumer-check")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "TrampolineLink", package: "trampoline")])]
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
cloned=$(ls .build/checkouts | tr '\n' ' ')
echo "consumer: cloned (.build/checkouts): $cloned"
pinned=$(grep -o '"identity" *: *"[^"]*"' Package.resolved 2>/dev/null | cut -d'"' -f4 | tr '\n' ' ' || true)
echo "consumer: pinned (Package.resolved): ${pinned:-nothing}"
# What was compiled: the folders that hold object files, and the modules emitted.
compiled=$(find -L .build/debug/ -name '*.o' -printf '%h\n' 2>/dev/null | sed -E 's#.*/##; s#\.build$##' | sort -u | tr '\n' ' ' || true)
modules=$(find -L .build/debug/Modules .build/debug/Modules-tool -name '*.swiftmodule' -printf '%f\n' 2>/dev/null | sed 's/\.swiftmodule$//' | sort -u | tr '\n' ' ' || true)
echo "consumer: compiled (object files): $compiled"
echo "consumer: modules: $modules"
[ "$cloned" = "trampoline " ] || { echo "consumer: cloned more than this repository: $cloned" >&2; exit 1; }
library=""
for m in $compiled $modules; do
  case "$m" in App|Modules|Modules-tool) ;; TrampolineLink) library=$m ;;
    *) echo "consumer: compiled more than TrampolineLink: $m" >&2; exit 1 ;;
  esac
done
[ -n "$library" ] || { echo "consumer: TrampolineLink was not compiled" >&2; exit 1; }
out=$(.build/debug/App)
echo "$out" | sed 's/^/consumer: app printed: /'
[ "$out" = "$(printf 'held\ntopic 1\nOptional(TrampolineLink.LinkDisposition.routed(/topic/:id(digits)))\nunmatched /nowhere\nunmatched')" ] \
  || { echo "consumer: unexpected app output" >&2; exit 1; }
echo "consumer: ok (1 repository cloned, 1 library module compiled: TrampolineLink)"
