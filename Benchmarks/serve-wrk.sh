#!/usr/bin/env bash
# Load test of `trampoline serve` on loopback: wrk -t2 -c50 -d10s against one link page.
# Builds nothing itself: uses $TRAMPOLINE_BIN (default .build/release/trampoline, else .build/debug).
# Prints wrk's figures; exits non-zero on any non-2xx response or socket error.
#   Benchmarks/serve-wrk.sh [CATALOG] [PATH]     (default: site-config.yml, /topic/1)
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=${1:-site-config.yml}
page=${2:-/topic/1}
bin=${TRAMPOLINE_BIN:-}
if [[ -z "$bin" ]]; then
  if [[ -x .build/release/trampoline ]]; then bin=.build/release/trampoline; else bin=.build/debug/trampoline; fi
fi
command -v wrk >/dev/null || { echo "wrk not found (apt-get install wrk)" >&2; exit 2; }
[[ -x "$bin" ]] || { echo "no trampoline binary at $bin (swift build --package-path Tool --scratch-path .build -c release)" >&2; exit 2; }

work=$(mktemp -d)
out="$work/serve.out"
cleanup() {
  if [[ -n "${pid:-}" ]] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid"
    wait "$pid" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Serve into a scratch folder so the benchmark never touches the project's _site.
"$bin" serve --config "$catalog" --output "$work/site" --port 0 --no-watch >"$out" 2>"$work/serve.err" &
pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's|.*at http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$out" | head -n1)
  [[ -n "$port" ]] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/serve.err" >&2; exit 1; }
  sleep 0.1
done
[[ -n "$port" ]] || { echo "serve printed no address" >&2; exit 1; }

url="http://127.0.0.1:$port$page"
status=$(curl -s -o /dev/null -w '%{http_code}' "$url")
[[ "$status" == 200 ]] || { echo "$url answered $status before the run" >&2; exit 1; }

echo "binary: $bin  url: $url  machine: $(nproc) cores, $(uname -sm)  date: $(date -u +%Y-%m-%dT%H:%MZ)"
report="$work/wrk.txt"
# wrk itself only reports responses outside 2xx-3xx; this counts every non-2xx (a redirect too).
cat >"$work/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() non2xx = 0 end
function response(status) if status < 200 or status > 299 then non2xx = non2xx + 1 end end
function done()
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("non2xx") end
  io.write(string.format("Non-2xx responses: %d\n", total))
end
LUA
wrk -t2 -c50 -d10s --latency -s "$work/count.lua" "$url" | tee "$report"

# wrk prints the socket-error line only when there were some.
if grep -Eq 'Non-2xx or 3xx responses|Socket errors' "$report" || ! grep -q '^Non-2xx responses: 0$' "$report"; then
  echo "FAIL: errors during the run" >&2
  exit 1
fi
requests=$(awk '/requests in/ {print $1}' "$report")
[[ "${requests:-0}" -gt 0 ]] || { echo "FAIL: no requests completed" >&2; exit 1; }
echo "OK: $requests requests, no errors"
