#!/usr/bin/env bash
# The build-macos job of .github/workflows/release.yml, on a macOS runner with Xcode:
#   scripts/release/build-macos.sh v1.2.0
# Installs what scripts/dist-macos.sh needs from Homebrew (pkg-config, GNU tar, cmake; cmark's
# source for the universal static libcmark), builds the universal (arm64 + x86_64) release with
# the tag as its version, and checks that dist/ holds what the publish job expects.
# NOT RUN in this project's tests (Linux only): the first tagged release runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:-}
case $tag in v[0-9]*) ;; *) echo "release build: '$tag' is not a release tag (v1.2.0)" >&2; exit 2 ;; esac
version=${tag#v}
brew install pkg-config gnu-tar cmake
TRAMPOLINE_VERSION=$version make dist
name=trampoline-$version-macos-universal
out=${DIST_DIR:-dist}
for file in "$out/$name.tar.gz" "$out/$name.tar.gz.sha256"; do
    [ -s "$file" ] || { echo "release build: make dist wrote no $file" >&2; exit 1; }
done
(cd "$out" && shasum -a 256 -c "$name.tar.gz.sha256")
lipo "$out/$name/bin/trampoline" -verify_arch arm64 x86_64
echo "release build: $out/$name.tar.gz ready"
