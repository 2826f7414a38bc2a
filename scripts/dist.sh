#!/usr/bin/env bash
# make dist: the static Linux release of trampoline.
#
# Builds `trampoline` for release with the Swift standard library, Foundation and libcmark linked
# statically, and zlib (the binary then needs only glibc, libstdc++ and libgcc), generates the man page with
# swift-argument-parser's GenerateManual plugin and the bash/zsh/fish completions with the binary
# itself, and writes
#   dist/trampoline-<version>-linux-<arch>/            the staged release (what `make install` copies)
#   dist/trampoline-<version>-linux-<arch>.tar.gz      the same folder, packed reproducibly
#   dist/trampoline-<version>-linux-<arch>.tar.gz.sha256
#   dist/current -> trampoline-<version>-linux-<arch>
#
# Environment: SWIFT (swift), DIST_SCRATCH (.build-dist, SwiftPM's scratch path for this build),
# DIST_DIR (dist), TRAMPOLINE_VERSION (overrides scripts/version.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# On a Mac: the universal macOS release, same layout (scripts/dist-macos.sh).
[ "$(uname -s)" = Darwin ] && exec scripts/dist-macos.sh
root=$PWD
swift=${SWIFT:-swift}
scratch=${DIST_SCRATCH:-.build-dist}
out=${DIST_DIR:-dist}
die() { echo "dist: error: $*" >&2; exit 1; }

version=$(scripts/version.sh)
case $(uname -m) in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) arch=$(uname -m) ;;
esac
name=trampoline-$version-linux-$arch

# The package's system libraries (CCmark: libcmark; CZlib: zlib, which swift-nio-extras under
# check --live's HTTP client needs too) are linked through their module maps and pkg-config files:
# `-L<libdir> -l<lib>`, and with lib<lib>.so in <libdir> the linker takes that. SwiftPM reads the
# .pc files itself and keeps their system -L folder (the pkg-config tool drops it), so one
# library's folder would bring in the other's .so too. So each gets a .pc of its own here whose
# -L folder holds only Debian's static library: the same headers, the .a.
mkdir -p "$scratch/static-libs" "$scratch/pkgconfig"
static_pc() {  # static_pc PACKAGE LIB DEB
    local libdir
    libdir=$(pkg-config --variable=libdir "$1" 2>/dev/null) || die "pkg-config finds no $1; run 'make deps' ($3)"
    [ -f "$libdir/lib$2.a" ] || die "no $libdir/lib$2.a; Debian's $3 ships it (make deps)"
    ln -sf "$libdir/lib$2.a" "$scratch/static-libs/lib$2.a"
    cat >"$scratch/pkgconfig/$1.pc" <<PC
Name: $1
Description: $1 (static, for make dist)
Version: $(pkg-config --modversion "$1")
Libs: -L$root/$scratch/static-libs -l$2
Cflags: -I$(pkg-config --variable=includedir "$1")
PC
}
static_pc libcmark cmark libcmark-dev
static_pc zlib z zlib1g-dev
export PKG_CONFIG_PATH=$root/$scratch/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}

# What the Swift build is made from: when it is what the last build in $scratch was made from, that
# binary and man page are reused (`make install` after `make dist` compiles nothing and does not
# start SwiftPM again). Read before Version.swift is changed below; the version stands for it.
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
inputs=$({
    echo "$version $date $arch"
    "$swift" --version 2>&1
    # Package.resolved is not in git: a fresh clone has none until SwiftPM writes it, and find's
    # error for a missing path would end this script (pipefail) without a word.
    paths=(Sources Templates schema scripts/dist.sh Tool/Package.swift)
    [ -e Tool/Package.resolved ] && paths+=(Tool/Package.resolved)
    find "${paths[@]}" -type f -print0 | sort -z | xargs -0 sha256sum
} | sha256sum | cut -d' ' -f1)
stamp=$scratch/dist-inputs.sha256

# Bake the version into Version.swift for this build only. The committed file comes back on exit,
# with its old mtime, so the debug build in .build does not recompile because of it.
version_file=Sources/trampoline/Version.swift
saved=$(mktemp)
cp -p "$version_file" "$saved"
trap 'cp -p "$saved" "$version_file"; rm -f "$saved"' EXIT
if ! grep -q "static let current = \"$version\"\$" "$version_file"; then
    sed -i "s/^\( *static let current = \)\".*\"\$/\1\"$version\"/" "$version_file"
fi

# One build, by swift-argument-parser's GenerateManual plugin: it builds the package's products for
# release and runs generate-manual on each executable that uses ArgumentParser. (A separate
# `swift build` beside it would keep a build plan of its own, and the two would recompile every
# module in turn whenever the version changes.) -static-stdlib goes through -Xswiftc because
# `swift package` has no --static-swift-stdlib. --date: the commit's date, so the page and the
# tarball are the same for the same commit.
binary=$scratch/release/trampoline
manual=$scratch/plugins/GenerateManual/outputs/trampoline/trampoline.1
# TRAMPOLINE_LINK_WITHOUT_NETWORKING: TrampolineLink without its URLSession table reader, whose
# FoundationNetworking (libcurl) does not link statically; the tool never reads a live table.
build() {
    "$swift" package --package-path Tool --scratch-path "$scratch" -Xswiftc -static-stdlib -Xswiftc -DTRAMPOLINE_LINK_WITHOUT_NETWORKING \
        -Xlinker -L"$root/$scratch/static-libs" plugin generate-manual --date "$date" >&2
}
if [ -x "$binary" ] && [ -s "$manual" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$inputs" ]; then
    echo "dist: $binary is up to date (same sources, version and Swift as its build); not rebuilt" >&2
else
    echo "dist: building trampoline $version for linux-$arch (release, static Swift runtime, Foundation and libcmark) in $scratch" >&2
    start=$(date +%s)
    rm -f "$stamp"
    # SwiftPM itself sometimes dies of a signal in its plugin runner (a segfault in libdispatch);
    # that is not a build error, and the same command then goes through.
    status=0
    build || status=$?
    if [ "$status" -gt 128 ]; then
        echo "dist: swift package died of signal $((status - 128)) (SwiftPM crashed; not a build error); running it once more" >&2
        status=0
        build || status=$?
    fi
    [ "$status" = 0 ] || die "swift package plugin generate-manual failed (exit $status)"
    [ -x "$binary" ] || die "the build wrote no $binary"
    [ -s "$manual" ] || die "the GenerateManual plugin wrote no $manual"
    echo "$inputs" >"$stamp"
    echo "dist: built in $(( $(date +%s) - start )) s" >&2
fi

# The promise of this build: no Swift, Foundation, Dispatch, ICU, cmark or zlib library is loaded at run time.
libs=$(ldd "$binary" 2>&1) || die "ldd $binary failed: $libs"
if grep -iE 'swift|foundation|dispatch|blocksruntime|icu|cmark|libz|not found' <<<"$libs" >&2; then
    die "$binary still needs the shared libraries above"
fi
"$binary" --version | grep -qxF "$version" || die "$binary --version does not print $version"

rm -rf "$out"/trampoline-* "$out/current"
stage=$out/$name
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$stage/share/doc/trampoline"
# Stripped: the symbol table and DWARF are most of an unstripped release binary; the Swift
# metadata the runtime needs lives in sections strip keeps.
strip -o "$stage/bin/trampoline" "$binary"
chmod 755 "$stage/bin/trampoline"
cp "$manual" "$stage/share/man/man1/trampoline.1"
"$stage/bin/trampoline" --generate-completion-script bash >"$stage/share/bash-completion/completions/trampoline"
"$stage/bin/trampoline" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_trampoline"
"$stage/bin/trampoline" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/trampoline.fish"
cp LICENSE "$stage/share/doc/trampoline/LICENSE"
chmod 644 "$stage"/share/*/*/* "$stage"/share/*/*/*/* 2>/dev/null || true
ln -s "$name" "$out/current"

# Reproducible: sorted names, fixed owner, the commit's time on every entry, no gzip timestamp.
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$out" -cf - "$name" | gzip -9n >"$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

size() { stat -c %s "$1" | awk '{ printf "%.1f MB", $1 / 1048576 }'; }
echo "dist: $out/$name.tar.gz ($(size "$out/$name.tar.gz"); binary $(size "$stage/bin/trampoline") stripped, $(size "$binary") unstripped)" >&2
echo "dist: $(cat "$out/$name.tar.gz.sha256")" >&2
