#!/usr/bin/env bash
# Prints the version a release build bakes into `trampoline --version`:
#   TRAMPOLINE_VERSION, when set (a release job may pass the tag explicitly);
#   else `git describe` of the checkout against the newest v* tag, without the "v"
#     (1.2.0 on the tag, 1.2.0-3-gabc1234 three commits later, -dirty with local changes);
#   else, in a clone with no v* tag, the committed fallback plus the commit (0.1.0-dev+abc1234);
#   else (no git, e.g. a source tarball) the committed fallback from Version.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

version_file=Sources/trampoline/Version.swift
fallback=$(sed -n 's/^ *static let current = "\(.*\)"$/\1/p' "$version_file")
[ -n "$fallback" ] || { echo "version.sh: no 'static let current = \"…\"' in $version_file" >&2; exit 1; }

if [ -n "${TRAMPOLINE_VERSION:-}" ]; then
    version=${TRAMPOLINE_VERSION#v}
elif git rev-parse --git-dir >/dev/null 2>&1; then
    if described=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
        version=${described#v}
    else
        # Only Version.swift itself may differ while a build has the version baked in.
        dirty=
        git diff --quiet HEAD -- ":(exclude)$version_file" 2>/dev/null || dirty=.dirty
        version="$fallback-dev+$(git rev-parse --short=7 HEAD)$dirty"
    fi
else
    version=$fallback
fi

# The version ends up in a Swift string literal and in file names: keep it to a safe alphabet.
case $version in
    '' | *[!A-Za-z0-9.+_-]*) echo "version.sh: refusing version '$version' (allowed: A-Z a-z 0-9 . + _ -)" >&2; exit 1 ;;
esac
echo "$version"
