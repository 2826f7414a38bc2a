#!/usr/bin/env python3
"""What each switchable fast path saves, measured in one run: callgrind instructions of a build
with every fast path on, and with one turned off (TRAMPOLINE_PLAIN_PATHS=<name>), on the same
release binary and catalog. Instructions, not seconds: repeatable whatever else the machine does.

    python3 Benchmarks/fast_paths.py --binary .build/release/trampoline [--links 2000] \
        [--shapes distinct,rotating] [--paths yaml-simple-list,claim-bytes] [--other-binary B]

Each configuration is measured twice: a first build into an empty folder ("fresh") and a rebuild
after one link's title changed ("rebuild"). --other-binary adds a row for a second binary (a fast
path removed in code, measured against this one in the same run). Prints a Markdown table.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

ALL = ["yaml-simple-list", "link-cache", "web-url-bytes", "utf8-check", "claim-bytes", "aasa-byte-patterns",
       "claim-cache", "fingerprint", "splicing", "fresh-folder", "early-stamps"]


def instructions(binary, args, cwd, env):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + args,
                         cwd=cwd, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed:\n{out.stdout}\n{out.stderr}")
    match = re.search(r"Collected : (\d+)", out.stderr)
    return int(match.group(1))


def measure(binary, catalog_text, plain, work):
    """Fresh build and one-link rebuild of catalog_text, in a folder of its own."""
    folder = tempfile.mkdtemp(dir=work)
    env = dict(os.environ, HOME=os.path.join(folder, "home"))
    env.pop("TRAMPOLINE_PLAIN_PATHS", None)
    if plain:
        env["TRAMPOLINE_PLAIN_PATHS"] = plain
    with open(os.path.join(folder, "site-config.yml"), "w") as f:
        f.write(catalog_text)
    fresh = instructions(binary, ["build", "--output", "site"], folder, env)
    with open(os.path.join(folder, "site-config.yml"), "w") as f:
        head, links = catalog_text.split("\nlinks:\n", 1)
        f.write(head + "\nlinks:\n" + links.replace("title: ", "title: Edited ", 1))
    rebuild = instructions(binary, ["build", "--output", "site"], folder, env)
    shutil.rmtree(folder)
    return fresh, rebuild


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--other-binary", help="a second binary, measured with every fast path on")
    parser.add_argument("--links", type=int, default=2000)
    parser.add_argument("--shapes", default="distinct")
    parser.add_argument("--paths", default=",".join(ALL))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trampoline-fast-paths-")
    print(f"Callgrind instructions (millions), {args.links} links, release binary {args.binary}.\n")
    print("| shape | configuration | fresh build | vs all on | rebuild of one link | vs all on |")
    print("|---|---|---|---|---|---|")
    for shape in args.shapes.split(","):
        path = os.path.join(work, f"{shape}.yml")
        gen.write_catalog(path, args.links, shape=shape)
        with open(path) as f:
            text = f.read()
        base = measure(args.binary, text, None, work)

        def row(name, result):
            pct = [100.0 * (r - b) / b for r, b in zip(result, base)]
            print(f"| {shape} | {name} | {result[0] / 1e6:,.1f} M | {pct[0]:+.1f} % | "
                  f"{result[1] / 1e6:,.1f} M | {pct[1]:+.1f} % |", flush=True)
        row("all fast paths on", base)
        for name in args.paths.split(","):
            row(f"`{name}` off", measure(args.binary, text, name, work))
        if args.other_binary:
            row(f"other binary ({os.path.basename(args.other_binary)})",
                measure(args.other_binary, text, None, work))
        row("all off (`all`)", measure(args.binary, text, "all", work))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
