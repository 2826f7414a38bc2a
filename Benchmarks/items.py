#!/usr/bin/env python3
"""Items against links (issue #48): a route with N items (`items: recipes.csv`) against a catalog
of N plain links whose pages are the same size, and a one-item change, with the release binary.

    python3 Benchmarks/items.py [--bin .build-dist/release/trampoline] [--count 100000] [--runs 3]

Both catalogs make the same pages: /recipe/<id>/ with a title, a Markdown description and an
image each, the same defaults and no QR codes, so the two builds write the same number of files
of the same sizes (checked). The plain links come from a links file (CSV), the items from the
route's items file (CSV): the same reader, the same bytes per row.

Per round: the links build, the items build and the write floor (floor.c: mkdir + open + write +
close of the items site's files, nothing rendered), each into an empty folder on tmpfs; then the
items site is rebuilt after one row's title changed (each round's full build reads the original
file, its rebuild the changed one, so every rebuild is a one-item change). The figures are
medians; the targets, judged here:

- the items build takes at most 1.2x the links build;
- a one-item rebuild takes at most 20 % of the items build, and rewrites exactly one page.

Each round also changes that item back with the items cache turned off
(`TRAMPOLINE_PLAIN_PATHS=items-cache`): the fast path stays while that row shows it pays.

The tables go to stdout and to Benchmarks/results/items-latest.md.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
HEAD = """site:
  url: https://go.example.com
  title: Recipes
app:
  name: Cook
  ios: {team_id: ABCDE12345, bundle_id: com.example.cook, app_store_id: "1356057329", scheme: cook}
defaults:
  qr_code: false
  deferred: [clipboard, cookie]
"""
WORDS = ["lemon", "tart", "sharp", "sweet", "butter", "thyme", "東京", "crème", "№", "salt", "smoky", "fresh"]


def row(n: int, title: str | None = None) -> list[str]:
    words = " ".join(WORDS[(n * k) % len(WORDS)] for k in range(1, 9))
    return [
        str(n),
        title or f"Recipe {n}: {WORDS[n % len(WORDS)]} and {WORDS[(n // 7) % len(WORDS)]}",
        f"A *{words}* dish, number **{n}**, ready in {n % 90 + 10} minutes.",
        f"https://cdn.example.com/recipes/{n}.jpg",
    ]


def csv_text(rows: list[list[str]], header: list[str]) -> str:
    def cell(text: str) -> str:
        return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text
    return "\n".join(",".join(cell(c) for c in r) for r in [header] + rows) + "\n"


def write_projects(top: pathlib.Path, count: int):
    rows = [row(n) for n in range(1, count + 1)]
    links = top / "links"
    links.mkdir()
    (links / "site-config.yml").write_text(HEAD + "links_file: links.csv\n", encoding="utf-8")
    link_rows = [[f"/recipe/{r[0]}", r[1], r[2], r[3], f"cook://recipe/{r[0]}"] for r in rows]
    (links / "links.csv").write_text(
        csv_text(link_rows, ["path", "title", "description", "image", "deep_link"]), encoding="utf-8")
    items = top / "items"
    items.mkdir()
    (items / "site-config.yml").write_text(
        HEAD + "links:\n  - path: /recipe/:id(digits)\n    title: A recipe\n    items: recipes.csv\n",
        encoding="utf-8")
    original = csv_text(rows, ["id", "title", "description", "image"])
    changed_rows = list(rows)
    middle = count // 2
    changed_rows[middle] = row(middle + 1, title=f"Recipe {middle + 1}, changed tonight")
    changed = csv_text(changed_rows, ["id", "title", "description", "image"])
    (items / "recipes.csv").write_text(original, encoding="utf-8")
    return links, items, original, changed


def timed(command: list[str], cwd: pathlib.Path, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{proc.stderr[-3000:]}")
    return elapsed


def snapshot(folder: pathlib.Path) -> dict[str, tuple[int, int]]:
    out = {}
    for path in folder.rglob("*"):
        if path.is_file():
            info = path.stat()
            out[str(path.relative_to(folder))] = (info.st_mtime_ns, info.st_ino)
    return out


def pages(folder: pathlib.Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.glob("recipe/*/index.html")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(REPO / ".build-dist/release/trampoline"))
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", default="/dev/shm" if os.path.isdir("/dev/shm") else None)
    args = parser.parse_args()
    binary = pathlib.Path(args.bin).resolve()
    if not binary.exists():
        sys.exit(f"{binary} does not exist: run `make dist` (the static release build) first")
    floor = None
    if shutil.which("gcc"):
        floor = pathlib.Path(tempfile.mkdtemp()) / "floor"
        subprocess.run(["gcc", "-O2", "-o", str(floor), str(HERE / "floor.c")], check=True)

    inputs = pathlib.Path(tempfile.mkdtemp(prefix="trampoline-items-in-", dir="/var/tmp"))
    outputs = pathlib.Path(tempfile.mkdtemp(prefix="trampoline-items-out-", dir=args.out))
    try:
        links, items, original, changed = write_projects(inputs, args.count)
        os.sync()
        figures: dict[str, list[float]] = {"links": [], "items": [], "floor": [], "rebuild": [], "plain": []}
        rewritten: list[int] = []

        def build(project: pathlib.Path, name: str) -> float:
            out = outputs / name
            shutil.rmtree(out, ignore_errors=True)
            for cache in [project / ".trampoline", outputs / ".trampoline"]:
                shutil.rmtree(cache, ignore_errors=True)
            return timed([str(binary), "build", "--output", str(out)], project)

        # One round not counted (a fresh machine's first builds are slower), then the counted ones.
        for round_number in range(args.runs + 1):
            counted = round_number > 0
            t_links = build(links, "links")
            (items / "recipes.csv").write_text(original, encoding="utf-8")
            t_items = build(items, "items")
            link_pages, item_pages = pages(outputs / "links"), pages(outputs / "items")
            if len(link_pages) != args.count or len(item_pages) != args.count:
                sys.exit(f"expected {args.count} pages each, got {len(link_pages)} links and {len(item_pages)} items")
            if abs(sum(link_pages.values()) - sum(item_pages.values())) > 0.01 * sum(link_pages.values()):
                sys.exit(f"the pages differ in size: links {sum(link_pages.values()):,} B, items {sum(item_pages.values()):,} B")
            if floor:
                listing = inputs / "files.txt"
                files = [str(p.relative_to(outputs / "items")) for p in (outputs / "items").rglob("*") if p.is_file()]
                listing.write_text("\n".join(files) + "\n", encoding="utf-8")
                shutil.rmtree(outputs / "floor", ignore_errors=True)
                proc = subprocess.run([str(floor), str(listing), str(outputs / "items"), str(outputs / "floor")],
                                      capture_output=True, text=True, check=True)
                t_floor = float(proc.stdout.split()[0])
            else:
                t_floor = float("nan")
            # A one-item change over the items site just built.
            before = snapshot(outputs / "items")
            (items / "recipes.csv").write_text(changed, encoding="utf-8")
            t_rebuild = timed([str(binary), "build", "--output", str(outputs / "items")], items)
            after = snapshot(outputs / "items")
            # The same one-item change back, with the items cache off: what the fast path saves.
            (items / "recipes.csv").write_text(original, encoding="utf-8")
            t_plain = timed([str(binary), "build", "--output", str(outputs / "items")], items,
                            env=dict(os.environ, TRAMPOLINE_PLAIN_PATHS="items-cache"))
            changed_files = [p for p in after if before.get(p) != after[p]]
            page_changes = [p for p in changed_files if p.startswith("recipe/")]
            if counted:
                figures["links"].append(t_links)
                figures["items"].append(t_items)
                figures["floor"].append(t_floor)
                figures["rebuild"].append(t_rebuild)
                figures["plain"].append(t_plain)
                rewritten.append(len(page_changes))
        median = {k: statistics.median(v) for k, v in figures.items()}
        sizes = list(pages(outputs / "items").values())
        ratio = median["items"] / median["links"]
        rebuild_share = median["rebuild"] / median["items"]
        lines = [
            f"# Items against links ({args.count:,} each, {args.runs} runs, medians, outputs on {args.out})",
            "",
            f"Binary: {binary} · {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC",
            "",
            "| build | wall s | pages/s |",
            "|---|---|---|",
            f"| {args.count:,} plain links (links_file CSV) | {median['links']:.2f} | {args.count / median['links']:,.0f} |",
            f"| a route with {args.count:,} items (items CSV) | {median['items']:.2f} | {args.count / median['items']:,.0f} |",
            f"| write floor (the items site's files) | {median['floor']:.2f} | |",
            f"| one item changed, rebuilt | {median['rebuild']:.2f} | |",
            f"| one item changed, rebuilt without the items cache (`TRAMPOLINE_PLAIN_PATHS=items-cache`) | {median['plain']:.2f} | |",
            "",
            f"Page size: max {max(sizes):,} B, average {sum(sizes) // len(sizes):,} B.",
            "",
            "| target | figure | verdict |",
            "|---|---|---|",
            f"| items ÷ links ≤ 1.2 | {ratio:.2f} | {'PASS' if ratio <= 1.2 else 'FAIL'} |",
            f"| items ÷ floor | {median['items'] / median['floor']:.2f} | (shown) |",
            f"| one-item rebuild ÷ items build ≤ 0.20 | {rebuild_share:.2f} | {'PASS' if rebuild_share <= 0.2 else 'FAIL'} |",
            f"| the items cache saves, of a one-item rebuild | {1 - median['rebuild'] / median['plain']:.0%} | (shown) |",
            f"| pages rewritten by a one-item change = 1 | {rewritten} | {'PASS' if all(r == 1 for r in rewritten) else 'FAIL'} |",
        ]
        report = "\n".join(lines) + "\n"
        print(report)
        (HERE / "results").mkdir(exist_ok=True)
        (HERE / "results" / "items-latest.md").write_text(report, encoding="utf-8")
        if "FAIL" in report:
            sys.exit(1)
    finally:
        shutil.rmtree(inputs, ignore_errors=True)
        shutil.rmtree(outputs, ignore_errors=True)


if __name__ == "__main__":
    main()
