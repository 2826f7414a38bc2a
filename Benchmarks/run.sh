#!/usr/bin/env bash
# Build benchmark: Trampoline vs Hugo vs a C write floor at 1k, 10k and 100k links, outputs on
# tmpfs and on disk, plus the one-changed-link rebuild. Prints markdown tables and writes them to
# Benchmarks/results/latest.md (and the raw figures to latest.json). See Benchmarks/README.md.
#
#   Benchmarks/run.sh [bench.py options]      e.g. --sizes 1000,10000 --runs 1
#
# From a fresh clone on Debian/Ubuntu: installs hugo, GNU time and gcc with apt if missing, and
# builds (or brings up to date) the binary `make install` installs (make dist: the static release).
# TRAMPOLINE_BIN overrides the binary; BENCH_SHM_DIR and BENCH_DISK_DIR the output folders
# (defaults /dev/shm/trampoline-bench and /var/tmp/trampoline-bench, both removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
[[ "$(id -u)" == 0 ]] || SUDO=sudo
missing=()
command -v hugo >/dev/null || missing+=(hugo)
[[ -x /usr/bin/time ]] && /usr/bin/time -f %e true 2>/dev/null || missing+=(time)
command -v gcc >/dev/null || missing+=(gcc libc6-dev)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
  echo "Installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The binary measured is the one `make install` installs: `make dist`'s static release (Swift
# runtime, Foundation and libcmark linked in; scripts/dist.sh, scratch path .build-dist). It
# starts in half the time of a dynamically linked build and runs about 7 % faster.
bin=${TRAMPOLINE_BIN:-dist/current/bin/trampoline}
if [[ -z "${TRAMPOLINE_BIN:-}" ]]; then
  # Another dist build of this checkout may be running: wait for it instead of starting a second.
  while pgrep -f -- "--scratch-path \.build-dist" >/dev/null; do
    echo "Waiting for the running dist build to finish" >&2
    sleep 10
  done
  # Always brought up to date (quick when it is; the first time takes a while): the report names
  # the checkout's commit, so the binary measured must be that commit's.
  [[ -x "$bin" ]] || echo "Building the static release binary (make dist; the first time takes several minutes)" >&2
  make dist >&2
fi
[[ -x "$bin" ]] || { echo "no trampoline binary at $bin" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -Wall -o "$work/floor" Benchmarks/floor.c
# A copy, so that a rebuild of the binary during the run cannot mix two versions.
cp "$bin" "$work/trampoline"

python3 Benchmarks/bench.py --bin "$work/trampoline" --bin-label "$bin" --floor "$work/floor" \
  --shm "${BENCH_SHM_DIR:-/dev/shm/trampoline-bench}" \
  --disk "${BENCH_DISK_DIR:-/var/tmp/trampoline-bench}" "$@"
