#!/usr/bin/env bash
# The docs job of .github/workflows/release.yml:
#   scripts/release/docs.sh v1.2.0 [BASE_PATH]
# Builds TrampolineLink's DocC documentation as static files (make docc: swift-docc-plugin, any
# warning fails) for a site served under /BASE_PATH (default: the repository's name, as GitHub
# Pages serves a project site), and packs it as dist/trampoline-<version>-docs.tar.gz with its
# .sha256 for the publish job.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:-}
case $tag in v[0-9]*) ;; *) echo "release docs: '$tag' is not a release tag (v1.2.0)" >&2; exit 2 ;; esac
version=${tag#v}
base=${2:-${GITHUB_REPOSITORY#*/}}
base=${base:-trampoline}
if ! command -v make >/dev/null || ! command -v git >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make git
fi
out=${DIST_DIR:-dist}
name=trampoline-$version-docs
site=$out/$name
rm -rf "$site"
make docc DOCC_OUT="$site" DOCC_BASE_PATH="$base"
[ -s "$site/index.html" ] || { echo "release docs: no $site/index.html" >&2; exit 1; }
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$out" -cf - "$name" | gzip -9n >"$site.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "release docs: $site.tar.gz ready (served under /$base)"
