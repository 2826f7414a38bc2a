#!/usr/bin/env python3
"""`trampoline stats` against GoAccess (Debian's `goaccess`) on the same generated combined log
(issue #49), in one run, with the release binary:

    python3 Benchmarks/stats.py [--bin .build-dist/.../release/trampoline] [--gigabytes 2] [--runs 3]

The log: nginx `combined` lines for go.example.com over 30 days, a 1,000-link catalog with a
route, the pages' count requests, scripts and QR codes, 5 % preview crawlers, a few hundred user
agents (browsers, in-app browsers, crawlers), 1 % lines of junk. Both tools read it whole; per
round each one's wall time and peak memory (ru_maxrss of the child) are taken, and their median
throughput compared. The targets, judged here:

- `stats` reads at least 2x GoAccess's throughput;
- in at most 200 MB of memory;
- the lines each one took for requests are the same number (GoAccess's `valid_requests`,
  `stats`'s `lines - skipped`).

The table goes to stdout and to Benchmarks/results/stats-latest.md. The log is written under
the system's temporary folder and removed afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
AGENTS = [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "WhatsApp/2.23.20.0 A", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "curl/8.5.0",
]


def agents() -> list[str]:
    pool = list(AGENTS)
    fixture = REPO / "Tests/Fixtures/in-app-agents.json"
    try:
        data = json.loads(fixture.read_text(encoding="utf-8"))
        found = []

        def walk(value):
            if isinstance(value, dict):
                for k, v in value.items():
                    if k in ("ua", "user_agent", "agent") and isinstance(v, str):
                        found.append(v)
                    else:
                        walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)
        walk(data)
        pool += [a for a in found if '"' not in a and "\\" not in a][:400]
    except (OSError, ValueError):
        pass
    return pool


def catalog(folder: pathlib.Path, links: int) -> pathlib.Path:
    lines = ["site:", "  url: https://go.example.com", "app:", "  name: Marry", "  ios:",
             "    team_id: ABCDE12345", "    bundle_id: com.example.marry", '    app_store_id: "1356057329"',
             "    scheme: marry", "links:",
             "  - {path: '/restaurant/:id', title: A restaurant, deep_link: 'marry://restaurant/:id'}"]
    lines += [f"  - {{path: /l/{n}, title: Link {n}, deep_link: marry://l/{n}}}" for n in range(links)]
    path = folder / "site-config.yml"
    path.write_text("\n".join(lines) + "\n")
    return path


def write_log(path: pathlib.Path, size: int, links: int, seed: int = 7) -> int:
    rng = random.Random(seed)
    pool = agents()
    outcomes = ["shown", "attempt", "app", "store", "web", "desktop-qr", "in-app"]
    start = 1_793_491_200 - 30 * 86_400
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    written = 0
    count = 0
    t = start
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        while written < size:
            chunk = []
            for _ in range(20_000):
                t += rng.random() * 0.5
                g = time.gmtime(int(t))
                stamp = f"{g.tm_mday:02d}/{months[g.tm_mon - 1]}/{g.tm_year}:{g.tm_hour:02d}:{g.tm_min:02d}:{g.tm_sec:02d} +0000"
                r = rng.random()
                n = rng.randrange(links)
                if r < 0.45:
                    target = f"/l/{n}" + ("?tl_qr=1" if rng.random() < 0.05 else "")
                elif r < 0.75:
                    target = f"/_count/{rng.choice(outcomes)}.txt?l=%2Fl%2F{n}"
                elif r < 0.85:
                    target = f"/restaurant/{rng.randrange(100_000)}"
                elif r < 0.95:
                    target = rng.choice(["/trampoline-more.js", f"/l/{n}/qr.svg", "/favicon.ico", "/"])
                elif r < 0.99:
                    target = f"/l/{n}/index.html"
                else:
                    chunk.append("garbage line from another program\n")
                    continue
                ip = f"198.51.{rng.randrange(256)}.{rng.randrange(256)}"
                status = 200 if rng.random() < 0.93 else rng.choice([304, 404, 301])
                chunk.append(f'{ip} - - [{stamp}] "GET {target} HTTP/1.1" {status} {rng.randrange(200, 9000)} '
                             f'"-" "{rng.choice(pool)}"\n')
            text = "".join(chunk)
            out.write(text)
            written += len(text.encode("utf-8"))
            count += len(chunk)
    return count


def run_isolated(command: list[str]) -> tuple[float, float, bytes]:
    """Runs `command` through a tiny Python parent, so ru_maxrss is this command's alone."""
    probe = ("import os,resource,subprocess,sys,time,json;t=time.monotonic();"
             "p=subprocess.run(sys.argv[1:],stdout=subprocess.PIPE,stderr=subprocess.PIPE);"
             "e=time.monotonic()-t;sys.stderr.buffer.write(p.stderr);"
             "print(json.dumps({'s':e,'mb':resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024,"
             "'rc':p.returncode,'out':p.stdout.decode('utf-8','replace')}))")
    proc = subprocess.run([sys.executable, "-c", probe, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    result = json.loads(proc.stdout)
    if result["rc"] != 0:
        raise SystemExit(f"{command[0]} failed: {proc.stderr.decode(errors='replace')[-2000:]}")
    return result["s"], result["mb"], result["out"].encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(REPO / ".build-dist/x86_64-unknown-linux-gnu/release/trampoline"))
    parser.add_argument("--gigabytes", type=float, default=2.0)
    parser.add_argument("--links", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary = pathlib.Path(args.bin).resolve()
    goaccess = "/usr/bin/goaccess"
    if not binary.exists() or not os.path.exists(goaccess):
        print(f"needs {binary} (make dist) and {goaccess} (apt-get install goaccess)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="trampoline-stats-bench-") as tmp:
        folder = pathlib.Path(tmp)
        config = catalog(folder, args.links)
        log = folder / "access.log"
        lines = write_log(log, int(args.gigabytes * 1e9), args.links)
        size = log.stat().st_size
        ours, theirs = [], []
        for _ in range(args.runs):
            s, mb, out = run_isolated([str(binary), "stats", "-c", str(config), str(log), "--format", "json"])
            report = json.loads(out)
            ours.append((s, mb, report["lines"] - report["skipped"], report["lines"]))
            s, mb, _ = run_isolated([goaccess, str(log), "--log-format=COMBINED", "--no-global-config",
                                     "-o", str(folder / "goaccess.json")])
            general = json.loads((folder / "goaccess.json").read_text())["general"]
            theirs.append((s, mb, general["valid_requests"], general["total_requests"]))
    ours_s = statistics.median(r[0] for r in ours)
    theirs_s = statistics.median(r[0] for r in theirs)
    ours_mb = max(r[1] for r in ours)
    ratio = theirs_s / ours_s
    table = [
        f"# stats against GoAccess {subprocess.run([goaccess, '--version'], capture_output=True, text=True).stdout.split()[2].rstrip('.')}",
        "",
        f"One combined log of {size / 1e9:.2f} GB, {lines:,} lines; {args.links:,} links and a route; "
        f"median of {args.runs} runs each, on {os.cpu_count()} cores.",
        "",
        "| tool | seconds | MB/s | peak memory | request lines |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| trampoline stats | {ours_s:.2f} | {size / 1e6 / ours_s:.0f} | {ours_mb:.0f} MB | {ours[0][2]:,} |",
        f"| goaccess | {theirs_s:.2f} | {size / 1e6 / theirs_s:.0f} | {max(r[1] for r in theirs):.0f} MB | {theirs[0][2]:,} |",
        "",
        f"- throughput, stats ÷ goaccess: **{ratio:.2f}x** (target ≥ 2): {'met' if ratio >= 2 else 'NOT met'}",
        f"- stats peak memory: **{ours_mb:.0f} MB** (target ≤ 200): {'met' if ours_mb <= 200 else 'NOT met'}",
        f"- request lines equal: **{ours[0][2] == theirs[0][2]}** ({ours[0][2]:,} and {theirs[0][2]:,})",
    ]
    text = "\n".join(table) + "\n"
    print(text)
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "stats-latest.md").write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
