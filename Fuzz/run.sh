#!/usr/bin/env bash
# Builds the TrampolineFuzz libFuzzer target and runs it for a bounded time. See Fuzz/README.md.
#
#   Fuzz/run.sh [SECONDS] [libFuzzer flags...]     default 30 s, e.g. Fuzz/run.sh 3600 -jobs=2 -workers=2
#
# Environment:
#   FUZZ_CORPUS=DIR    keep the working corpus in DIR (created if missing) instead of a temporary folder
#   FUZZ_SCRATCH=DIR   SwiftPM scratch path for the sanitized build (default .build-fuzz)
#   SWIFT=swift        the swift driver
#
# Exits 0 when libFuzzer found nothing, non-zero otherwise; every crash, timeout or out-of-memory
# input is copied to Fuzz/crashes/ with a .txt note beside it.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
duration=${1:-30}
[ $# -gt 0 ] && shift
case $duration in *[!0-9]* | '') echo "usage: Fuzz/run.sh [SECONDS] [libFuzzer flags...]" >&2; exit 2 ;; esac

swift=${SWIFT:-swift}
scratch=${FUZZ_SCRATCH:-.build-fuzz}

# The sanitizers go to every module through -Xswiftc/-Xcc, but -sanitize=fuzzer cannot: SwiftPM
# applies these flags to every executable of the build, each with a main of its own. So every
# module gets ASan plus libFuzzer's coverage instrumentation, and only TrampolineFuzz links the
# libFuzzer runtime (its linkerSettings in Tool/Package.swift).
coverage=edge,trace-cmp,inline-8bit-counters,pc-table
work=$(mktemp -d "${TMPDIR:-/tmp}/trampoline-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/seeds" "$work/artifacts" "$work/tmp"

echo "fuzz: building TrampolineFuzz (ASan + libFuzzer coverage) in $scratch" >&2
build_start=$(date +%s)
if ! TRAMPOLINE_FUZZ=1 "$swift" build --package-path Tool -c debug --product TrampolineFuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=$coverage \
    -Xcc -fsanitize=address -Xcc -fsanitize-coverage=$coverage >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" | tail -n 40 >&2
    echo "fuzz: the sanitized build failed" >&2
    exit 1
fi
echo "fuzz: built in $(( $(date +%s) - build_start )) s" >&2
binary="$scratch/debug/TrampolineFuzz"
corpus=${FUZZ_CORPUS:-$work/corpus}
mkdir -p "$corpus"
corpus=$(cd "$corpus" && pwd)

# Seed corpus: the example catalogs, the browser tests' catalogs, Fuzz/seeds (layouts and routes)
# and the hostile corpus (when it exists).
n=0
for seed in site-config.yml Tests/TrampolineGeneratorTests/Fixtures/example.yml Tests/Browser/catalogs/*.yml Fuzz/seeds/* Tests/TrampolineCLITests/Fixtures/hostile/*; do
    [ -f "$seed" ] || continue
    case $seed in *.md | *.expect) continue ;; esac
    n=$((n + 1))
    # The browser tests' catalogs name their server as 127.0.0.1:@PORT@: a port makes them valid.
    sed 's/@PORT@/8080/g' "$seed" >"$work/seeds/$n-$(basename "$seed")"
done
echo "fuzz: $n seed files, working corpus $corpus, $duration s" >&2

# TMPDIR: the fuzz body writes each accepted catalog to a scratch folder; keep it inside $work.
# SWIFT_BACKTRACE=enable=no: Swift's crash backtracer trips ASan; libFuzzer reports the crash itself.
# The progress lines (NEW, REDUCE, pulse) stay in the log; the rest is shown as it comes.
# It runs inside $work, where -jobs=N puts its fuzz-<n>.log files.
{
    status=0
    cd "$work"
    TMPDIR="$work/tmp" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$root/$binary" \
        -max_total_time="$duration" \
        -max_len=16384 \
        -timeout=10 \
        -rss_limit_mb=2048 \
        -dict="$root/Fuzz/yaml.dict" \
        -artifact_prefix="$work/artifacts/" \
        -print_final_stats=1 \
        "$@" "$corpus" "$work/seeds" || status=$?
    echo "$status" >"$work/status"
} 2>&1 | tee "$work/fuzz.log" | grep --line-buffered -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|^[[:space:]]+NEW_FUNC|# Uses: [0-9]+$' >&2 || true
status=$(cat "$work/status")
# With -jobs, each worker's output is in its own log: keep them with the rest for the notes and stats.
for log in "$work"/fuzz-*.log; do
    [ -f "$log" ] && cat "$log" >>"$work/fuzz.log"
done

shopt -s nullglob
found=("$work"/artifacts/*)
if [ ${#found[@]} -gt 0 ]; then
    mkdir -p Fuzz/crashes
    for artifact in "${found[@]}"; do
        name=$(basename "$artifact")
        cp "$artifact" "Fuzz/crashes/$name"
        {
            echo "Found by Fuzz/run.sh $duration $* on $(date -u +%Y-%m-%dT%H:%M:%SZ) at $(git rev-parse --short HEAD 2>/dev/null || echo '?')."
            echo "Reproduce: SWIFT_BACKTRACE=enable=no $binary Fuzz/crashes/$name"
            echo "Then: fix it, or add it to Tests/TrampolineCLITests/Fixtures/hostile/ (Fuzz/README.md)."
            echo
            echo "libFuzzer's report:"
            # From the first failure line on, without libFuzzer's recommended dictionary.
            first=$(grep -n -m1 -E 'Fatal error|ERROR: (libFuzzer|AddressSanitizer)|ALARM: working|out-of-memory' "$work/fuzz.log" | cut -d: -f1)
            tail -n +"${first:-1}" "$work/fuzz.log" | grep -vE '# Uses: [0-9]+$' | head -n 150
        } >"Fuzz/crashes/$name.txt"
        echo "fuzz: saved Fuzz/crashes/$name and $name.txt" >&2
    done
    [ "$status" -eq 0 ] && status=1
fi
grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$work/fuzz.log" | awk '!seen[$0]++' | sed 's/^/fuzz: /' >&2 || true
if [ "$status" -ne 0 ]; then
    echo "fuzz: FAILED (libFuzzer exit $status)" >&2
else
    echo "fuzz: no crash in $duration s" >&2
fi
exit "$status"
