#!/usr/bin/env bash
# make dist on a Mac: the universal (arm64 + x86_64) macOS release of trampoline, laid out as the
# Linux one (scripts/dist.sh):
#   dist/trampoline-<version>-macos-universal/{bin/trampoline, share/man/man1/trampoline.1,
#     share/bash-completion/…, share/zsh/…, share/fish/…, share/doc/trampoline/LICENSE}
#   dist/trampoline-<version>-macos-universal.tar.gz and .tar.gz.sha256, dist/current
# The Swift runtime and Foundation are the system's (macOS has them; Swift cannot link them
# statically there). libcmark is linked statically from a universal libcmark.a: CMARK_PREFIX
# (default .build-dist/cmark), which scripts/release/macos-cmark.sh builds from Homebrew's cmark
# source. Needs Xcode's Swift (for --arch arm64 --arch x86_64), pkg-config and GNU tar (gtar, for
# a reproducible tarball): `brew install cmark pkg-config gnu-tar`.
# NOT RUN in this project's tests (Linux only): the release workflow's macos job is its first run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
swift=${SWIFT:-swift}
scratch=${DIST_SCRATCH:-.build-dist}
out=${DIST_DIR:-dist}
cmark=${CMARK_PREFIX:-$scratch/cmark}
die() { echo "dist: error: $*" >&2; exit 1; }
[ "$(uname -s)" = Darwin ] || die "scripts/dist-macos.sh builds the macOS release on a Mac; on Linux run make dist"

version=$(scripts/version.sh)
name=trampoline-$version-macos-universal
[ -f "$cmark/lib/libcmark.a" ] || scripts/release/macos-cmark.sh "$cmark"
lipo "$cmark/lib/libcmark.a" -verify_arch arm64 x86_64 || die "$cmark/lib/libcmark.a is not universal (arm64 and x86_64)"
mkdir -p "$scratch/pkgconfig"
cat >"$scratch/pkgconfig/libcmark.pc" <<PC
Name: libcmark
Description: CommonMark (static, universal, for make dist)
Version: 0
Libs: -L$root/$cmark/lib -lcmark
Cflags: -I$root/$cmark/include
PC
export PKG_CONFIG_PATH=$root/$scratch/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
tar=$(command -v gtar) || die "GNU tar (gtar) is needed for a reproducible tarball: brew install gnu-tar"

# The version baked in for this build only, as scripts/dist.sh does (BSD sed: -i '').
version_file=Sources/trampoline/Version.swift
saved=$(mktemp)
cp -p "$version_file" "$saved"
trap 'cp -p "$saved" "$version_file"; rm -f "$saved"' EXIT
if ! grep -q "static let current = \"$version\"\$" "$version_file"; then
    sed -i '' "s/^\( *static let current = \)\".*\"\$/\1\"$version\"/" "$version_file"
fi

echo "dist: building trampoline $version for macOS (arm64 + x86_64, release, static libcmark) in $scratch" >&2
"$swift" build --package-path Tool --scratch-path "$scratch" -c release --arch arm64 --arch x86_64 --product trampoline >&2
binary=$scratch/apple/Products/Release/trampoline
[ -x "$binary" ] || die "the build wrote no $binary"
lipo "$binary" -verify_arch arm64 x86_64 || die "$binary is not universal"
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
"$swift" package --package-path Tool --scratch-path "$scratch" plugin generate-manual --date "$date" >&2
manual=$scratch/plugins/GenerateManual/outputs/trampoline/trampoline.1
[ -s "$manual" ] || die "the GenerateManual plugin wrote no $manual"
# The promise: nothing from Homebrew (or anywhere but the system) is loaded at run time.
libs=$(otool -L "$binary")
if grep -vE '^\S|/usr/lib/|/System/Library/' <<<"$libs" >&2; then die "$binary loads the libraries above"; fi
"$binary" --version | grep -qxF "$version" || die "$binary --version does not print $version"

rm -rf "$out"/trampoline-* "$out/current"
stage=$out/$name
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$stage/share/doc/trampoline"
strip -S -x -o "$stage/bin/trampoline" "$binary"
chmod 755 "$stage/bin/trampoline"
cp "$manual" "$stage/share/man/man1/trampoline.1"
"$stage/bin/trampoline" --generate-completion-script bash >"$stage/share/bash-completion/completions/trampoline"
"$stage/bin/trampoline" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_trampoline"
"$stage/bin/trampoline" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/trampoline.fish"
cp LICENSE "$stage/share/doc/trampoline/LICENSE"
chmod 644 "$stage"/share/*/*/* "$stage"/share/*/*/*/* 2>/dev/null || true
ln -s "$name" "$out/current"

epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
"$tar" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$out" -cf - "$name" | gzip -9n >"$out/$name.tar.gz"
(cd "$out" && shasum -a 256 "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: $out/$name.tar.gz; $(cat "$out/$name.tar.gz.sha256")" >&2
