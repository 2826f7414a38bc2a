#!/usr/bin/env bash
# The publish job of .github/workflows/release.yml:
#   scripts/release/publish.sh v1.2.0 DIR
# DIR holds what the build jobs uploaded: trampoline-1.2.0-linux-{x86_64,arm64}.tar.gz,
# trampoline-1.2.0-macos-universal.tar.gz, TrampolineLink's DocC site trampoline-1.2.0-docs.tar.gz,
# and their .sha256 files. Checks every checksum and that each of them is there, writes SHA256SUMS
# (one file for all tarballs), then creates the GitHub release for the tag with `gh` and attaches
# the tarballs, their .sha256 files and SHA256SUMS. Nothing is published unless every check passed.
# GH (default gh) is the GitHub CLI; the test suite points it at a stand-in that records the call.
set -euo pipefail

tag=${1:-} dir=${2:-}
case $tag in v[0-9]*) ;; *) echo "publish: '$tag' is not a release tag (v1.2.0)" >&2; exit 2 ;; esac
[ -d "$dir" ] || { echo "publish: no folder '$dir'" >&2; exit 2; }
version=${tag#v}
gh=${GH:-gh}

assets=()
for part in linux-x86_64 linux-arm64 macos-universal docs; do
    name=trampoline-$version-$part.tar.gz
    for file in "$name" "$name.sha256"; do
        [ -s "$dir/$file" ] || { echo "publish: $dir/$file is missing; nothing was published" >&2; exit 1; }
    done
    if ! (cd "$dir" && sha256sum --quiet -c "$name.sha256"); then
        echo "publish: $name does not match $name.sha256; nothing was published" >&2
        exit 1
    fi
    assets+=("$dir/$name" "$dir/$name.sha256")
done
(cd "$dir" && cat trampoline-"$version"-{linux-x86_64,linux-arm64,macos-universal,docs}.tar.gz.sha256 >SHA256SUMS)
assets+=("$dir/SHA256SUMS")

notes="trampoline $version: static Linux binaries (x86_64 and arm64) and a universal macOS binary
(arm64 and x86_64); no Swift or libcmark needed. trampoline-$version-docs.tar.gz: TrampolineLink's
documentation (DocC) as static files.
Verify with: sha256sum -c SHA256SUMS --ignore-missing (macOS: shasum -a 256 -c SHA256SUMS --ignore-missing)"
if "$gh" release view "$tag" >/dev/null 2>&1; then
    "$gh" release upload "$tag" "${assets[@]}" --clobber
else
    "$gh" release create "$tag" "${assets[@]}" --verify-tag --title "trampoline $version" --notes "$notes"
fi
echo "publish: released $tag with ${#assets[@]} files"
