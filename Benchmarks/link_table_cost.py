"""What the link table (docs/link-table.md) adds to a full build: the same catalogs built by a
binary from before the table and by one with it, in one run, alternating, into empty folders on
tmpfs. Python 3 standard library only.

    python3 Benchmarks/link_table_cost.py --before OLD_BIN --after NEW_BIN [--sizes 10000,100000] [--runs 5]

Both binaries claim links one by one (`site.claims: links` for the one that has the key, the only
behaviour of the one before), so the difference is the table: its index and shards, planned,
rendered, fingerprinted and written. The after binary's default (`site.claims: domain`) is timed
too. Writes the table to Benchmarks/results/link-table.md.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import gen  # noqa: E402


def timed_build(binary, config, out):
    if os.path.exists(out):
        shutil.rmtree(out)
    started = time.perf_counter()
    proc = subprocess.run([binary, "build", "--config", config, "--output", out], capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"{binary} failed on {config}:\n{proc.stderr}{proc.stdout}")
    files = sum(len(f) for _, _, f in os.walk(out))
    return elapsed, files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--shapes", default="rotating,distinct")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", default="/dev/shm/trampoline-table-bench")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "link-table.md"))
    args = parser.parse_args()
    os.makedirs(args.root, exist_ok=True)
    rows = []
    try:
        for shape in args.shapes.split(","):
            for n in map(int, args.sizes.split(",")):
                folder = tempfile.mkdtemp(dir=args.root)
                base = os.path.join(folder, "base.yml")
                gen.write_catalog(base, n, shape=shape)
                text = open(base, encoding="utf-8").read()
                links = os.path.join(folder, "links.yml")
                with open(links, "w", encoding="utf-8") as f:
                    f.write(text.replace("  language: en\n", "  language: en\n  claims: links\n", 1))
                # A catalog file each: the link cache beside a catalog is keyed by the binary, so two
                # binaries reading one file would each find the other's cache and read every link.
                domain = os.path.join(folder, "domain.yml")
                shutil.copyfile(base, domain)
                cases = {"before": (args.before, base), "after (claims: links)": (args.after, links),
                         "after (claims: domain)": (args.after, domain)}
                times = {name: [] for name in cases}
                files = {}
                for name, (binary, config) in cases.items():  # warm-up, untimed
                    timed_build(binary, config, os.path.join(folder, "out"))
                for _ in range(args.runs):
                    for name, (binary, config) in cases.items():
                        elapsed, count = timed_build(binary, config, os.path.join(folder, "out"))
                        times[name].append(elapsed)
                        files[name] = count
                medians = {name: statistics.median(t) for name, t in times.items()}
                rows.append((shape, n, medians, files))
                print(shape, n, {k: round(v, 3) for k, v in medians.items()}, files, flush=True)
                shutil.rmtree(folder)
    finally:
        shutil.rmtree(args.root, ignore_errors=True)
    lines = ["| shape | links | before (s) | with the table, claims: links (s) | added | claims: domain (s) | files before → after |",
             "|---|---|---|---|---|---|---|"]
    for shape, n, m, f in rows:
        before, after, domain = m["before"], m["after (claims: links)"], m["after (claims: domain)"]
        lines.append(f"| {shape} | {n:,} | {before:.3f} | {after:.3f} | {100 * (after / before - 1):+.1f} % | {domain:.3f} | "
                     f"{f['before']:,} → {f['after (claims: links)']:,} |")
    report = "\n".join(lines) + "\n"
    print(report)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"Median of {args.runs} full builds into an empty tmpfs folder, alternating, after one untimed round.\n\n" + report)


if __name__ == "__main__":
    main()
