#!/usr/bin/env bash
# A universal (arm64 + x86_64) static libcmark for the macOS release (scripts/dist-macos.sh):
#   scripts/release/macos-cmark.sh PREFIX     → PREFIX/lib/libcmark.a, PREFIX/include/cmark*.h
# Homebrew's bottle holds only the runner's architecture, so this builds cmark from the source
# tarball Homebrew's formula names (downloaded and checked against the formula's SHA-256 by
# `brew fetch`) with CMake for both architectures.
# NOT RUN in this project's tests (Linux only): the release workflow's macos job is its first run.
set -euo pipefail
prefix=${1:?usage: macos-cmark.sh PREFIX}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
command -v cmake >/dev/null || brew install cmake
brew fetch --build-from-source cmark >&2
source_tarball=$(brew --cache --build-from-source cmark)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$source_tarball" -C "$work" --strip-components 1
# Both spellings of "static only": cmark 0.31 takes BUILD_SHARED_LIBS, earlier releases CMARK_SHARED.
cmake -S "$work" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_OSX_ARCHITECTURES="arm64;x86_64" \
    -DCMAKE_OSX_DEPLOYMENT_TARGET=13.0 -DBUILD_SHARED_LIBS=OFF -DCMARK_SHARED=OFF -DCMARK_STATIC=ON \
    -DBUILD_TESTING=OFF -DCMARK_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$prefix" >&2
cmake --build "$work/build" --target install >&2
lipo "$prefix/lib/libcmark.a" -verify_arch arm64 x86_64
echo "macos-cmark: $prefix/lib/libcmark.a (arm64, x86_64)" >&2
