#!/usr/bin/env python3
"""Two trampoline binaries against each other, in one run: for a change that must not change speed
(a restructuring, a rename). Each catalog shape and size is built by both binaries in turn, full
builds into an empty folder and no-op rebuilds, alternating which goes first, so drift in the
machine's speed falls on both. Prints the medians and the after/before ratio, and checks that both
wrote the same bytes (with --output-changes, for a change that alters the site on purpose, that
prints how many files each wrote instead).

    python3 Benchmarks/compare.py --before OLD/trampoline --after NEW/trampoline [--sizes 10000,100000]

Python 3 standard library only. Inputs come from Benchmarks/gen.py, on tmpfs (/dev/shm).
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402


def run(binary, catalog, output):
    start = time.perf_counter()
    subprocess.run(
        [binary, "build", "--config", catalog, "--output", output],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def digest(root):
    total = hashlib.sha256()
    for folder, folders, files in os.walk(root):
        folders.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            total.update(os.path.relpath(path, root).encode() + b"\0")
            with open(path, "rb") as handle:
                total.update(hashlib.sha256(handle.read()).digest())
    return total.hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--layouts", default="folders,compact")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/dev/shm/trampoline-compare")
    parser.add_argument("--output-changes", action="store_true",
                        help="the change alters the site's bytes: report each side's file count instead")
    arguments = parser.parse_args()
    binaries = {"before": os.path.abspath(arguments.before), "after": os.path.abspath(arguments.after)}
    shutil.rmtree(arguments.work, ignore_errors=True)
    os.makedirs(arguments.work)
    print("| catalog | step | before (s) | after (s) | after/before |")
    print("|---|---|---:|---:|---:|")
    for size in [int(text) for text in arguments.sizes.split(",")]:
        for layout in arguments.layouts.split(","):
            catalog = os.path.join(arguments.work, f"{layout}-{size}.yml")
            gen.write_catalog(catalog, size, layout=None if layout == "folders" else layout, shape="distinct")
            times = {(name, step): [] for name in binaries for step in ("full", "no-op")}
            digests = {}
            for index in range(arguments.runs):
                order = list(binaries) if index % 2 == 0 else list(reversed(list(binaries)))
                for name in order:
                    output = os.path.join(arguments.work, f"out-{name}")
                    shutil.rmtree(output, ignore_errors=True)
                    shutil.rmtree(os.path.join(arguments.work, ".trampoline"), ignore_errors=True)
                    times[(name, "full")].append(run(binaries[name], catalog, output))
                    times[(name, "no-op")].append(run(binaries[name], catalog, output))
                    digests[name] = (sum(len(files) for _, _, files in os.walk(output)) if arguments.output_changes
                                     else digest(output))
            if arguments.output_changes:
                print(f"<!-- {layout} {size}: {digests['before']} files before, {digests['after']} after -->")
            elif digests["before"] != digests["after"]:
                sys.exit(f"{layout} {size}: the two binaries wrote different sites")
            for step in ("full", "no-op"):
                before = statistics.median(times[("before", step)])
                after = statistics.median(times[("after", step)])
                print(f"| {size:,} links, {layout} | {step} | {before:.3f} | {after:.3f} | {after / before:.3f} |",
                      flush=True)
    same = "outputs changed on purpose (file counts above)" if arguments.output_changes else "outputs byte-identical"
    print(f"\n{arguments.runs} runs each, medians, alternating order; {same}.")
    shutil.rmtree(arguments.work, ignore_errors=True)


if __name__ == "__main__":
    main()
