#!/usr/bin/env python3
"""Large catalogs (issue #54): full build, no-op rebuild, a rebuild after 1 % of the rows changed, and
`check`, with wall time, CPU time and peak memory, for each catalog shape and layout, in one run.

    python3 Benchmarks/million.py [--binary PATH] [--sizes 100000,1000000] [--layouts compact,folders]
                                  [--shapes csv,json,yaml] [--work /dev/shm/trampoline-million]

The shapes are the ones a nightly export or an import writes: `csv`, a `links_file: links.csv` of
every link; `json`, the same as `links_file: links.json`, one object a line; `yaml`, the links
inline in site-config.yml (`json` and `yaml` run at 100k only, the size such catalogs reach). `qr_code: false`, as a large
import sets it. Each step runs `--runs` times at 100k and below (3 by default: one run on a shared
2-core machine moves by a tenth or more) and `--runs-large` times above (1 by default: the 1M steps
take minutes), and the table gives each step's median wall time (its CPU time from the same run)
and the highest peak; a full build runs each time in a fresh folder, the 1 % change alternates
between the edited and the original rows (each run a 1 % change), and `check` follows the last
edited build. Peak memory is the child's `ru_maxrss` from wait4. The targets are #54's, judged in this run:
no-op rebuild ≤ 10 % of the full build, 1 % change ≤ 20 %, `check` ≤ 1.0× the build, peak memory
at 1M ≤ 500 MB, and the full 1M build's wall time ≤ 0.6× its CPU time (both cores busy).

Writes the table to Benchmarks/results/million-latest.md and the raw figures to million-latest.json.
Python 3 standard library only. Outputs and inputs on tmpfs by default.
"""
import argparse
import datetime
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent

HEAD = """\
# Benchmarks/million.py: {n} links, {shape}.
site:
  url: https://go.example.com
  title: Marry links
  layout: {layout}
app:
  name: Marry
  ios:
    team_id: ABCDE12345
    bundle_id: com.example.marry
    app_store_id: "1356057329"
    scheme: marry
defaults:
  qr_code: false
"""

COLUMNS = ["path", "deep_link", "title", "description", "web_url", "campaign.utm_source"]


def row(i: int, edited: bool = False) -> list[str]:
    """Link i as a Firebase export's row would be: a short random-looking suffix and its values."""
    suffix = format(i * 2654435761 % (1 << 40), "x")
    title = f"Offer {i}{' (updated)' if edited else ''}: spring sale"
    return [f"/o/{suffix}", f"marry://offer/{i}", title, f"Everything for day {i % 365}, **{i % 7} left**.",
            f"https://shop.example/offer/{i}", ["newsletter", "instagram", "line", "qr"][i % 4]]


def cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


def yaml_quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_catalog(folder: pathlib.Path, n: int, shape: str, layout: str, edited: set[int]) -> None:
    """The catalog of n links; the rows in `edited` (1-based) carry a changed title."""
    head = HEAD.format(n=f"{n:,}", shape=shape, layout=layout)
    rows = (row(i, i in edited) for i in range(1, n + 1))
    if shape == "csv":
        (folder / "site-config.yml").write_text(head + "links_file: links.csv\n", encoding="utf-8")
        with open(folder / "links.csv", "w", encoding="utf-8") as out:
            out.write(",".join(COLUMNS) + "\n")
            for r in rows:
                out.write(",".join(cell(c) for c in r) + "\n")
    elif shape == "json":
        (folder / "site-config.yml").write_text(head + "links_file: links.json\n", encoding="utf-8")
        with open(folder / "links.json", "w", encoding="utf-8") as out:
            out.write("[\n")
            for i, r in enumerate(rows):
                link = dict(zip(COLUMNS[:5], r[:5]), campaign={"utm_source": r[5]})
                out.write(("," if i else "") + json.dumps(link, ensure_ascii=False) + "\n")
            out.write("]\n")
    else:
        with open(folder / "site-config.yml", "w", encoding="utf-8") as out:
            out.write(head + "links:\n")
            for r in rows:
                out.write(f"  - path: {r[0]}\n    deep_link: {r[1]}\n    title: {yaml_quoted(r[2])}\n"
                          f"    description: {yaml_quoted(r[3])}\n    web_url: {r[4]}\n"
                          f"    campaign:\n      utm_source: {r[5]}\n")


def measured(binary: str, args: list[str], cwd: pathlib.Path) -> dict:
    """One run of the binary: wall and CPU seconds (user + sys) and peak memory (MB) from wait4;
    exits with the run's error output when it fails."""
    with open(cwd / "stderr.txt", "w+b") as errors:
        start = time.perf_counter()
        process = subprocess.Popen([binary, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            sys.exit(f"{binary} {' '.join(args)} failed ({process.returncode}):\n{errors.read().decode()[-3000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}


def median(runs: list[dict]) -> dict:
    """The run of median wall time (the lower middle of an even count), with the highest peak of all."""
    middle = sorted(runs, key=lambda run: run["wall"])[(len(runs) - 1) // 2]
    return {**middle, "peak_mb": max(run["peak_mb"] for run in runs), "runs": len(runs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(REPO / ".build-dist/x86_64-unknown-linux-gnu/release/trampoline"))
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--layouts", default="compact,folders")
    parser.add_argument("--shapes", default="csv,json,yaml", help="csv, json, yaml (json and yaml run at 100k at most)")
    parser.add_argument("--work", default="/dev/shm/trampoline-million")
    parser.add_argument("--out", default=str(HERE / "results" / "million-latest"))
    parser.add_argument("--commit", help="the commit the binary was built from (default: this checkout's HEAD)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each step at 100k links and below")
    parser.add_argument("--runs-large", type=int, default=1, help="runs of each step above 100k links")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no binary at {binary}: run `make dist`, or pass --binary")
    work = pathlib.Path(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    results = []
    started = time.time()
    for size in (int(s) for s in arguments.sizes.split(",")):
        for shape in arguments.shapes.split(","):
            if shape in ("json", "yaml") and size > 100_000:
                continue
            for layout in arguments.layouts.split(","):
                folder = work / f"{shape}-{layout}-{size}"
                runs = arguments.runs if size <= 100_000 else arguments.runs_large
                # 1 % of the rows, spread over the file.
                edited = set(range(1, size + 1, 100))
                fulls = []
                for _ in range(runs):
                    shutil.rmtree(folder, ignore_errors=True)
                    folder.mkdir(parents=True)
                    write_catalog(folder, size, shape, layout, set())
                    fulls.append(measured(binary, ["build"], folder))
                noops = [measured(binary, ["build"], folder) for _ in range(runs)]
                changes = []
                for run in range(2 * runs - 1):
                    write_catalog(folder, size, shape, layout, edited if run % 2 == 0 else set())
                    changes.append(measured(binary, ["build"], folder))
                checks = [measured(binary, ["check"], folder) for _ in range(runs)]
                full, noop, changed, check = (median(m) for m in (fulls, noops, changes, checks))
                entry = {"size": size, "shape": shape, "layout": layout, "full": full, "noop": noop,
                         "changed": changed, "check": check}
                results.append(entry)
                print(f"{size:>9,} {shape:4} {layout:7} full {full['wall']:7.2f} s (cpu {full['cpu']:7.2f}, "
                      f"{full['peak_mb']:6.0f} MB)  no-op {noop['wall']:6.2f}  1% {changed['wall']:6.2f}  "
                      f"check {check['wall']:6.2f} ({check['peak_mb']:.0f} MB)", flush=True)
                shutil.rmtree(folder, ignore_errors=True)
    write_report(results, binary, pathlib.Path(arguments.out), time.time() - started, arguments.commit,
                 (arguments.runs, arguments.runs_large))


def judge(results: list[dict]) -> list[tuple[str, str, str]]:
    rows = []
    for r in results:
        name = f"{r['size']:,} {r['shape']} {r['layout']}"
        full = r["full"]["wall"]
        for label, key, limit in (("no-op rebuild ≤ 10 % of the full build", "noop", 0.10),
                                  ("1 % change ≤ 20 % of the full build", "changed", 0.20),
                                  ("check ≤ 1.0× the build", "check", 1.0)):
            share = r[key]["wall"] / full
            rows.append((f"{name}: {label}", "PASS" if share <= limit else "FAIL", f"{share:.2f}"))
        if r["size"] >= 1_000_000:
            peak = max(r[k]["peak_mb"] for k in ("full", "noop", "changed", "check"))
            rows.append((f"{name}: peak memory ≤ 500 MB", "PASS" if peak <= 500 else "FAIL", f"{peak:.0f} MB"))
            ratio = r["full"]["wall"] / r["full"]["cpu"]
            rows.append((f"{name}: full build wall ≤ 0.6× CPU", "PASS" if ratio <= 0.6 else "FAIL", f"{ratio:.2f}"))
    return rows


def write_report(results: list[dict], binary: str, out: pathlib.Path, seconds: float, commit: str | None,
                 runs: tuple[int, int] = (1, 1)) -> None:
    commit = commit or subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                                      text=True).stdout.strip()
    lines = [
        "# Large catalogs (Benchmarks/million.py, issue #54)", "",
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        f"- machine: `nproc` = {os.cpu_count()}",
        f"- binary: `{binary}` (git {commit})",
        f"- the median of {runs[0]} runs per step at 100k links and below, {runs[1]} above (the 1 % change: "
        f"{2 * runs[0] - 1} and {2 * runs[1] - 1}, edited and back); this run took {seconds / 60:.1f} min; "
        "`qr_code: false`", "",
        "| links | shape | layout | full (s) | CPU (s) | wall/CPU | peak MB | no-op (s) | share | 1 % change (s) "
        "| share | 1 % MB | check (s) | ×build | check MB |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        full = r["full"]
        lines.append(
            f"| {r['size']:,} | {r['shape']} | {r['layout']} | {full['wall']:.2f} | {full['cpu']:.2f} | "
            f"{full['wall'] / full['cpu']:.2f} | {full['peak_mb']:.0f} | {r['noop']['wall']:.2f} | "
            f"{r['noop']['wall'] / full['wall']:.0%} | {r['changed']['wall']:.2f} | "
            f"{r['changed']['wall'] / full['wall']:.0%} | {r['changed']['peak_mb']:.0f} | {r['check']['wall']:.2f} | "
            f"{r['check']['wall'] / full['wall']:.2f} | {r['check']['peak_mb']:.0f} |")
    lines += ["", "## Targets", "", "| target | result | measured |", "|---|---|---|"]
    lines += [f"| {t} | {v} | {m} |" for t, v, m in judge(results)]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out.with_suffix(".json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
