#!/usr/bin/env bash
# The install steps of the composite action (action.yml): a released binary, no Swift. Linux
# runners get the static linux-<arch> tarball, macOS runners the universal macos-universal one.
#
#   setup.sh resolve   picks the version ("latest" asks the releases page which tag it points to)
#                      and the folder it lives in; writes version= and dir= to $GITHUB_OUTPUT,
#                      which action.yml uses as the actions/cache key and path.
#   setup.sh install   unless that folder already holds the binary (restored from the cache),
#                      downloads the tarball and its .sha256, stops on a checksum mismatch, unpacks
#                      it and adds its bin/ to $GITHUB_PATH.
#
# Environment (action.yml maps its inputs here):
#   TRAMPOLINE_VERSION       "latest" (default) or a release such as 1.2.0 or v1.2.0
#   TRAMPOLINE_REPOSITORY    owner/name that publishes the releases; default: the action's own
#                            repository (from GITHUB_ACTION_PATH), else GITHUB_REPOSITORY
#   TRAMPOLINE_RELEASES_URL  default $GITHUB_SERVER_URL/<repository>/releases (tests use 127.0.0.1)
#   TRAMPOLINE_SHA256        optional pinned SHA-256 of the tarball; else the release's .sha256
#   TRAMPOLINE_INSTALL_ROOT  default $RUNNER_TOOL_CACHE/trampoline
# Errors are printed as workflow annotations (::error::) and exit non-zero, failing the job.
set -euo pipefail

fail() { echo "::error title=trampoline setup::$*"; exit 1; }

mode=${1:-}
case $mode in resolve | install) ;; *) echo "usage: $0 resolve|install" >&2; exit 2 ;; esac

repository=${TRAMPOLINE_REPOSITORY:-}
if [ -z "$repository" ]; then
    # A used action is checked out at .../_actions/<owner>/<name>/<ref>.
    case ${GITHUB_ACTION_PATH:-} in
        */_actions/*/*/*) repository=$(sed -E 's|.*/_actions/([^/]+)/([^/]+)/.*|\1/\2|' <<<"$GITHUB_ACTION_PATH") ;;
        *) repository=${GITHUB_REPOSITORY:-} ;;
    esac
fi
releases=${TRAMPOLINE_RELEASES_URL:-${GITHUB_SERVER_URL:-https://github.com}/$repository/releases}
[ -n "$repository" ] || [ -n "${TRAMPOLINE_RELEASES_URL:-}" ] || fail "cannot tell which repository publishes trampoline; set the 'repository' input"

case ${RUNNER_ARCH:-$(uname -m)} in
    X64 | x86_64 | amd64) arch=x86_64 ;;
    ARM64 | aarch64 | arm64) arch=arm64 ;;
    *) fail "no trampoline release for the architecture ${RUNNER_ARCH:-$(uname -m)} (there are x86_64 and arm64)" ;;
esac
# Linux: a static binary per architecture. macOS: one universal (arm64 + x86_64) binary.
case ${RUNNER_OS:-$(uname -s)} in
    Linux) platform=linux-$arch ;;
    macOS | Darwin) platform=macos-universal ;;
    *) fail "no trampoline release for ${RUNNER_OS:-$(uname -s)}; run this job on a Linux or macOS runner (runs-on: ubuntu-24.04 or macos-15)" ;;
esac
# sha256sum is GNU coreutils; macOS has shasum.
sha256() { if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi; }
install_root=${TRAMPOLINE_INSTALL_ROOT:-${RUNNER_TOOL_CACHE:-$HOME/.cache}/trampoline}
curl_get=(curl --fail --silent --show-error --location --retry 3 --connect-timeout 20)

resolve_version() {
    local wanted=${TRAMPOLINE_VERSION:-latest} url
    if [ "$wanted" = latest ]; then
        # GitHub answers /releases/latest with a redirect to /releases/tag/<tag>.
        url=$("${curl_get[@]}" -o /dev/null -w '%{url_effective}' "$releases/latest") ||
            fail "cannot reach $releases/latest to find the latest release"
        case $url in */tag/*) wanted=${url##*/tag/} ;; *) fail "$releases/latest did not lead to a release tag (got $url)" ;; esac
    fi
    wanted=${wanted#v}
    case $wanted in '' | *[!A-Za-z0-9.+_-]*) fail "'$wanted' is not a trampoline version (e.g. 1.2.0 or latest)" ;; esac
    echo "$wanted"
}

if [ "$mode" = resolve ]; then
    version=$(resolve_version)
    dir=$install_root/$version/$arch
    echo "trampoline $version for $platform, kept in $dir"
    { echo "version=$version"; echo "dir=$dir"; } >>"${GITHUB_OUTPUT:-/dev/null}"
    exit 0
fi

version=$(resolve_version)
dir=$install_root/$version/$arch
if [ -x "$dir/bin/trampoline" ] && [ "$("$dir/bin/trampoline" --version 2>/dev/null)" = "$version" ]; then
    echo "trampoline $version is already in $dir (cache hit)"
else
    asset=trampoline-$version-$platform.tar.gz
    url=$releases/download/v$version/$asset
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    echo "Downloading $url"
    "${curl_get[@]}" -o "$work/$asset" "$url" || fail "cannot download $url; is there a release v$version with $asset?"
    if [ -n "${TRAMPOLINE_SHA256:-}" ]; then
        expected=$TRAMPOLINE_SHA256 source="the sha256 input"
    else
        "${curl_get[@]}" -o "$work/$asset.sha256" "$url.sha256" || fail "cannot download $url.sha256"
        expected=$(awk 'NR == 1 { print $1 }' "$work/$asset.sha256") source="$asset.sha256"
    fi
    expected=$(tr 'A-F' 'a-f' <<<"$expected")
    [[ $expected =~ ^[0-9a-f]{64}$ ]] || fail "$source holds no SHA-256 ('$expected')"
    actual=$(sha256 "$work/$asset" | awk '{ print $1 }')
    # A corrupt or tampered download never gets unpacked, let alone run.
    [ "$actual" = "$expected" ] || fail "checksum mismatch for $asset: expected $expected ($source), got $actual; nothing was installed"
    mkdir -p "$work/unpacked"
    tar -xzf "$work/$asset" -C "$work/unpacked" || fail "cannot unpack $asset"
    unpacked=$work/unpacked/trampoline-$version-$platform
    [ -x "$unpacked/bin/trampoline" ] || fail "$asset has no trampoline-$version-$platform/bin/trampoline"
    got=$("$unpacked/bin/trampoline" --version 2>&1) || fail "the downloaded trampoline does not run here: $got"
    [ "$got" = "$version" ] || fail "$asset holds trampoline $got, not $version"
    # Moved in whole, so the cache never saves a half-unpacked folder.
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$unpacked" "$dir"
    echo "Installed trampoline $version into $dir (SHA-256 $actual)"
fi
echo "$dir/bin" >>"${GITHUB_PATH:-/dev/null}"
