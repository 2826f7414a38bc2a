#!/usr/bin/env bash
# The build job of .github/workflows/release.yml, one per architecture:
#   scripts/release/build.sh v1.2.0 x86_64|arm64
# Installs what `make dist` needs (the job runs in a bare swift:*-bookworm container), builds the
# static release with the tag as its version, and checks that dist/ (DIST_DIR) holds what the
# publish job expects for this architecture. The test suite runs it locally (the x86_64 half).
set -euo pipefail
cd "$(dirname "$0")/../.."

tag=${1:-} arch=${2:-}
case $tag in v[0-9]*) ;; *) echo "release build: '$tag' is not a release tag (v1.2.0)" >&2; exit 2 ;; esac
case $arch in x86_64 | arm64) ;; *) echo "release build: architecture must be x86_64 or arm64, not '$arch'" >&2; exit 2 ;; esac
version=${tag#v}

if ! command -v make >/dev/null || ! command -v git >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make git
fi
# The checkout belongs to another user than the container's root; git describe would refuse it.
git config --global --add safe.directory "$PWD" 2>/dev/null || true

TRAMPOLINE_VERSION=$version make dist

name=trampoline-$version-linux-$arch
out=${DIST_DIR:-dist}
for file in "$out/$name.tar.gz" "$out/$name.tar.gz.sha256"; do
    [ -s "$file" ] || { echo "release build: make dist wrote no $file (built on $(uname -m)?)" >&2; exit 1; }
done
(cd "$out" && sha256sum -c "$name.tar.gz.sha256")
echo "release build: $out/$name.tar.gz ready"
