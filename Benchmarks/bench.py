#!/usr/bin/env python3
"""Trampoline vs Hugo vs the write floor. Run through Benchmarks/run.sh (it installs what is missing
and builds the binaries); see Benchmarks/README.md for what each column means.

Python 3 standard library only.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KB = 1024


def log(message):
    print(message, file=sys.stderr, flush=True)


def rkey(fs, n, shape="rotating"):
    """The results key: the first catalog shape keeps the plain "fs/n" (older latest.json reads)."""
    return f"{fs}/{n}" if shape == "rotating" else f"{fs}/{n}/{shape}"


SHAPE_NAMES = {"rotating": "rotating", "distinct": "distinct"}


def label(n):
    return f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


def command_output(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "n/a"


# ---------------------------------------------------------------------------------------------
# Measuring


def settle():
    """On disk, flush what earlier runs left dirty (untimed), so that one run does not pay for
    the write-back of another."""
    if STATE.get("sync"):
        os.sync()


def run_group(cmd):
    """subprocess.run in a process group of its own: on Ctrl-C or an error the whole group goes
    (GNU time's child too), so nothing keeps writing into a folder being cleaned up."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = proc.communicate()
    except BaseException:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        raise
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def timed(cmd, what):
    """Runs cmd under GNU time. Wall clock is measured here (perf_counter, finer than %e);
    user, sys and peak RSS come from GNU time."""
    time_file = os.path.join(STATE["scratch"], "time.txt")
    settle()
    start = time.perf_counter()
    proc = run_group(["/usr/bin/time", "-f", "%e %U %S %M", "-o", time_file] + cmd)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{what} failed (exit {proc.returncode}):\n$ {' '.join(cmd)}\n{proc.stdout[-2000:]}{proc.stderr[-4000:]}")
    with open(time_file) as f:
        fields = f.read().split("\n")
    e, u, s, m = [line for line in fields if line.strip()][-1].split()
    return {"wall": wall, "cpu": float(u) + float(s), "user": float(u), "sys": float(s),
            "rss_kb": int(m), "stdout": proc.stdout.strip()}


def floor_run(list_file, src, dst):
    settle()
    proc = run_group([STATE["floor"], list_file, src, dst])
    if proc.returncode != 0:
        sys.exit(f"floor failed: {proc.stderr}")
    wall, user, sys_, rss, files, size = proc.stdout.split()
    return {"wall": float(wall), "cpu": float(user) + float(sys_), "user": float(user), "sys": float(sys_),
            "rss_kb": int(rss), "files": int(files), "bytes": int(size)}


def summary(runs):
    return {"wall": statistics.median(r["wall"] for r in runs),
            "cpu": statistics.median(r["cpu"] for r in runs),
            "rss_kb": max(r["rss_kb"] for r in runs),
            "runs": len(runs),
            "walls": [round(r["wall"], 3) for r in runs]}


def repeat(count, tag, what, step):
    """Calls step(r) up to count times and returns the measurements. When the first run takes
    longer than --slow seconds, that one run is all: the whole benchmark has a time budget."""
    runs = []
    for r in range(count):
        m = step(r)
        runs.append(m)
        log(f"{tag} {what} {r + 1}/{count}: {m['wall']:.3f} s, {m['rss_kb'] // KB} MiB{m.get('note', '')}")
        if r == 0 and count > 1 and m["wall"] > STATE["slow"]:
            log(f"{tag} {what} took more than {STATE['slow']:.0f} s: 1 run only")
            break
    return runs


def work_folder(output):
    """Where Trampoline keeps its caches for an output folder (WorkFolder.swift)."""
    output = os.path.normpath(output)
    return os.path.join(os.path.dirname(output), ".trampoline", os.path.basename(output))


def link_cache(catalog):
    """Where Trampoline keeps the link cache of a catalog (WorkFolder.linkCache(forCatalog:))."""
    catalog = os.path.normpath(catalog)
    return os.path.join(os.path.dirname(catalog), ".trampoline", ".catalogs", os.path.basename(catalog) + ".links")


def rmfile(path):
    if os.path.lexists(path):
        os.remove(path)


def rmtree(path):
    if os.path.lexists(path):
        shutil.rmtree(path)


def cleanup(*paths):
    for path in paths:
        for _ in range(3):
            try:
                rmtree(path)
                break
            except OSError:
                time.sleep(1)
        else:
            log(f"warning: could not remove {path}")


def stat_tree(root):
    """{relative path: (mtime_ns, inode, size)} for every file under root."""
    result = {}
    for folder, _, files in os.walk(root):
        for name in files:
            full = os.path.join(folder, name)
            st = os.lstat(full)
            result[os.path.relpath(full, root)] = (st.st_mtime_ns, st.st_ino, st.st_size)
    return result


def digest(path):
    with open(path, "rb") as f:
        return hashlib.blake2b(f.read(), digest_size=16).digest()


def is_page(rel):
    return rel.startswith("p/") and rel.endswith("/index.html")


def page_sizes(root):
    sizes = {rel: st[2] for rel, st in stat_tree(root).items()}
    pages = [size for rel, size in sizes.items() if is_page(rel)]
    return pages, sizes


# ---------------------------------------------------------------------------------------------
# One size on one file system


def interleaved(count, tag, steps, after_first=None, warmup=0):
    """Runs each (what, step) of steps in turn, count rounds: T, F, H, T, F, H, … so that the
    machine's drift over a run (this kind of machine's speed moves by a fifth within minutes) falls
    on every tool alike instead of on whichever ran in the slow minutes. after_first() is called
    once the first step's first run is done (the others need its output). A step whose first run
    passes --slow seconds runs once, as in repeat(). The first `warmup` rounds are run and not
    counted (reported as warm-up). Returns {what: [measurements]}."""
    runs = {what: [] for what, _ in steps}
    active = list(steps)
    for r in range(warmup + count):
        counted = r - warmup
        for what, step in list(active):
            m = step(counted)
            if counted < 0:
                log(f"{tag} {what} warm-up {r + 1}/{warmup}: {m['wall']:.3f} s (not counted)")
            else:
                runs[what].append(m)
                log(f"{tag} {what} {counted + 1}/{count}: {m['wall']:.3f} s, {m['rss_kb'] // KB} MiB{m.get('note', '')}")
            if r == 0 and count > 1 and m["wall"] > STATE["slow"]:
                log(f"{tag} {what} took more than {STATE['slow']:.0f} s: 1 run only")
                active.remove((what, step))
                # Too slow to run again: the warm-up is that tool's one run, and counted.
                if counted < 0:
                    runs[what].append(m)
            if r == 0 and after_first and what == steps[0][0]:
                after_first()
    return runs


def full_builds(n, fs, inputs, outs, runs, results, shape):
    key = rkey(fs, n, shape)
    tag = f"[{label(n)} {fs} {shape}]"
    catalog = os.path.join(inputs, "site-config.yml")
    hugo_src = os.path.join(inputs, "hugo")
    list_file = os.path.join(STATE["scratch"], f"files-{n}.txt")
    sizes = {}

    # Trampoline: a full build into an empty folder each time, with no local caches either (the
    # stamp and claim caches live in .trampoline/ beside the output folder, the link cache beside
    # the catalog).
    def trampoline(r):
        rmtree(outs["trampoline"])
        rmtree(work_folder(outs["trampoline"]))
        rmfile(link_cache(catalog))
        return timed([STATE["bin"], "build", "--config", catalog, "--output", outs["trampoline"]], "trampoline build")

    def after_first_build():
        pages, found = page_sizes(outs["trampoline"])
        if len(pages) != n:
            sys.exit(f"{tag} trampoline wrote {len(pages)} link pages, expected {n}")
        sizes.update(found)
        others = {rel: size for rel, size in sizes.items() if rel.endswith(".html") and not is_page(rel)}
        results["pages"][key] = {"max": max(pages), "avg": sum(pages) / len(pages), "files": len(sizes),
                                 "bytes": sum(sizes.values()),
                                 "largest_other_html": max(others.items(), key=lambda kv: kv[1]) if others else None,
                                 "aasa": sizes.get("apple-app-site-association", 0)}
        # The Hugo layout is Trampoline's own page for /p/1 with link 1's values swapped for fields.
        with open(os.path.join(outs["trampoline"], "p", "1", "index.html"), encoding="utf-8") as f:
            gen.write_hugo_layout(hugo_src, f.read(), shape)
        with open(list_file, "w") as f:
            f.write("\n".join(sorted(sizes)) + "\n")

    # The offline check of the folder just built, as CI runs it on a fresh checkout: no link cache
    # (build and check make and read the same one), every byte compared. It must find nothing.
    def check(r):
        rmfile(link_cache(catalog))
        m = timed([STATE["bin"], "check", "--config", catalog, "--output", outs["trampoline"]], "trampoline check")
        rmfile(link_cache(catalog))
        return m

    # The floor: the same files, the same bytes, only mkdir + write (read from Trampoline's output
    # of the same round, which every round leaves byte-identical).
    def floor(r):
        rmtree(outs["floor"])
        m = floor_run(list_file, outs["trampoline"], outs["floor"])
        if m["files"] != len(sizes) or m["bytes"] != sum(sizes.values()):
            sys.exit(f"{tag} the floor wrote {m['files']} files / {m['bytes']} bytes, expected {len(sizes)} / {sum(sizes.values())}")
        return m

    # Hugo: a full build into an empty folder each time.
    def hugo(r):
        rmtree(outs["hugo"])
        return timed(["hugo", "--quiet", "--source", hugo_src, "--destination", outs["hugo"]], "hugo")

    # A fresh machine's first builds of a size are slower for every tool (the kernel first hands
    # out memory never touched before: at 100k the first round had taken 1.5-2x the next ones):
    # --warmup rounds of all three tools come first and are not counted.
    measured = interleaved(runs, tag, [("trampoline full build", trampoline), ("trampoline check", check),
                                       ("floor", floor), ("hugo full build", hugo)],
                           after_first=after_first_build, warmup=STATE["warmup"])
    t_runs, f_runs, h_runs = measured["trampoline full build"], measured["floor"], measured["hugo full build"]
    results["trampoline"][key] = summary(t_runs)
    results["trampoline"][key]["stdout"] = t_runs[-1]["stdout"]
    results["floor"][key] = summary(f_runs)
    c_runs = measured["trampoline check"]
    results["check"][key] = summary(c_runs)
    results["check"][key]["rounds"] = [round(c["wall"] / t["wall"], 2) for t, c in zip(t_runs, c_runs)]
    rmtree(outs["floor"])
    h_pages, h_sizes = page_sizes(outs["hugo"])
    if len(h_pages) != n:
        sys.exit(f"{tag} hugo wrote {len(h_pages)} link pages, expected {n}")
    results["hugo"][key] = summary(h_runs)
    results["hugo"][key]["avg_page"] = sum(h_pages) / len(h_pages)
    results["hugo"][key]["files"] = len(h_sizes)
    # Each round's ratio, from the runs of one round (minutes apart at most): how much the machine
    # moved during the run shows in their spread.
    results["ratios"][key] = [round(h["wall"] / t["wall"], 2) for t, h in zip(t_runs, h_runs)]


def compact_builds(n, fs, inputs, outs, runs, results, shape):
    """The same catalog with site.layout: compact: build time, files, bytes, largest shard."""
    key = rkey(fs, n, shape)
    tag = f"[{label(n)} {fs} {shape} compact]"
    catalog = os.path.join(inputs, "site-config.compact.yml")
    gen.write_catalog(catalog, n, layout="compact", shape=shape)

    def trampoline(r):
        rmtree(outs["compact"])
        rmtree(work_folder(outs["compact"]))
        rmfile(link_cache(catalog))
        return timed([STATE["bin"], "build", "--config", catalog, "--output", outs["compact"]], "trampoline compact build")
    c_runs = repeat(runs, tag, "trampoline compact build", trampoline)
    sizes = {rel: st[2] for rel, st in stat_tree(outs["compact"]).items()}
    shards = [size for rel, size in sizes.items() if rel.startswith("_links/")]
    if any(rel.startswith("p/") for rel in sizes) or not shards:
        sys.exit(f"{tag} not a compact site: {sorted(sizes)[:5]}")
    results["compact"][key] = summary(c_runs)
    results["compact"][key].update(files=len(sizes), bytes=sum(sizes.values()), shards=len(shards), largest_shard=max(shards))
    rmtree(outs["compact"])


def rebuilds(n, fs, inputs, outs, runs, results, shape):
    """One link's title changes; each tool rebuilds over its previous output. Runs alternate
    between the edited and the original catalog, so every run is a one-link change."""
    key = rkey(fs, n, shape)
    tag = f"[{label(n)} {fs} {shape}]"
    k = n // 2 + 1
    page = f"p/{k}/index.html"
    # The edit is made in place, as a person would: the catalog the full build read gets the edited
    # or the original text before each run (its link cache, beside it, is then the one in use).
    catalog = os.path.join(inputs, "site-config.yml")
    catalogs = [os.path.join(inputs, "site-config.edited.yml"), os.path.join(inputs, "site-config.original.yml")]

    before = stat_tree(outs["trampoline"])
    digests = {rel: digest(os.path.join(outs["trampoline"], rel)) for rel in before}
    checks = []

    def trampoline(r):
        nonlocal before
        shutil.copyfile(catalogs[r % 2], catalog)
        m = timed([STATE["bin"], "build", "--config", catalog, "--output", outs["trampoline"]], "trampoline rebuild")
        after = stat_tree(outs["trampoline"])
        rewritten = sorted(rel for rel, st in after.items() if before.get(rel, (None, None))[:2] != st[:2])
        new_digests = {rel: digest(os.path.join(outs["trampoline"], rel)) for rel in rewritten}
        same_bytes = [rel for rel in rewritten if rel in digests and digests[rel] == new_digests[rel]]
        content_changed = [rel for rel in rewritten if rel not in same_bytes]
        check = {"rewritten": rewritten, "pages_rewritten": [rel for rel in rewritten if is_page(rel)],
                 "unchanged_rewritten": same_bytes, "content_changed": content_changed,
                 "removed": sorted(set(before) - set(after))}
        if page not in content_changed:
            sys.exit(f"{tag} the rebuild did not change {page}: {check}")
        checks.append(check)
        digests.update(new_digests)
        before = after
        m["note"] = f"; {len(rewritten)} files rewritten ({', '.join(rewritten[:5])}{' …' if len(rewritten) > 5 else ''})"
        return m
    t_runs = repeat(runs, tag, "trampoline 1-link rebuild", trampoline)
    shutil.copyfile(catalogs[1], catalog)
    results["t_rebuild"][key] = summary(t_runs)
    results["t_rebuild"][key]["checks"] = checks
    results["t_rebuild"][key]["stdout"] = t_runs[-1]["stdout"]

    hugo_src = os.path.join(inputs, "hugo")
    h_rewritten = []
    before = stat_tree(outs["hugo"])

    def hugo(r):
        nonlocal before
        gen.edit_hugo_link(hugo_src, k, edited=(r % 2 == 0), shape=shape)
        m = timed(["hugo", "--quiet", "--source", hugo_src, "--destination", outs["hugo"]], "hugo rebuild")
        after = stat_tree(outs["hugo"])
        h_rewritten.append(sum(1 for rel, st in after.items() if before.get(rel, (None, None))[:2] != st[:2]))
        before = after
        m["note"] = f"; {h_rewritten[-1]} files rewritten"
        return m
    h_runs = repeat(1 if results["hugo"][key]["runs"] == 1 else runs, tag, "hugo 1-link rebuild", hugo)
    gen.edit_hugo_link(hugo_src, k, edited=False, shape=shape)
    results["h_rebuild"][key] = summary(h_runs)
    results["h_rebuild"][key]["rewritten"] = h_rewritten


# ---------------------------------------------------------------------------------------------
# Report


def fmt_s(x):
    return f"{x:.3f}" if x < 10 else f"{x:.2f}" if x < 100 else f"{x:.1f}"


def fmt_int(x):
    return f"{x:,.0f}"


def mb(kb):
    """GNU time's %M is in KiB; the report uses MB (10^6 bytes), like the target."""
    return f"{kb * KB / 1e6:,.0f}"


def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def times(x):
    return f"{x:.1f}×" if x < 10 else f"{x:.0f}×"


def ratio(a, b):
    return a / b if b else float("inf")


def present(results, fs, sizes, table="trampoline"):
    """(n, shape, key) for every size and catalog shape this run measured, in order."""
    return [(n, shape, rkey(fs, n, shape)) for n in sizes for shape in SHAPE_NAMES if rkey(fs, n, shape) in results[table]]


def full_table(results, fs, sizes):
    lines = [
        "| links | catalog | tool | wall s (median) | runs | pages/s | user+sys s | CPU µs per link | peak RSS MB | Trampoline ÷ this (wall) |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, shape, key in present(results, fs, sizes):
        t = results["trampoline"][key]
        for name, tool in (("Trampoline", "trampoline"), ("Hugo", "hugo"), ("floor (C, writes only)", "floor")):
            m = results[tool][key]
            rel = "1" if tool == "trampoline" else f"{ratio(t['wall'], m['wall']):.2f}"
            lines.append(f"| {label(n)} | {shape} | {name} | {fmt_s(m['wall'])} | {m['runs']} | {fmt_int(n / m['wall'])} | "
                         f"{fmt_s(m['cpu'])} | {fmt_int(1e6 * m['cpu'] / n)} | {mb(m['rss_kb'])} | {rel} |")
    return "\n".join(lines)


def ratio_table(results, fs, sizes):
    lines = [
        "| links | catalog | Trampoline s | Hugo s | floor s | Trampoline/Hugo | Hugo ÷ Trampoline (speed-up) | each round's Hugo ÷ Trampoline | Trampoline/floor | Trampoline CPU µs per link |",
        "|---:|---|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for n, shape, key in present(results, fs, sizes):
        t, h, f = (results[tool][key]["wall"] for tool in ("trampoline", "hugo", "floor"))
        rounds = ", ".join(times(x) for x in results.get("ratios", {}).get(key, [])) or "–"
        lines.append(f"| {label(n)} | {shape} | {fmt_s(t)} | {fmt_s(h)} | {fmt_s(f)} | {ratio(t, h):.3f} | "
                     f"{times(ratio(h, t))} | {rounds} | {times(ratio(t, f))} | {fmt_int(1e6 * results['trampoline'][key]['cpu'] / n)} |")
    return "\n".join(lines)


def rebuild_table(results, fs, sizes):
    lines = [
        "| links | catalog | Trampoline full s | Trampoline 1-link rebuild s | rebuild ÷ full | Hugo rebuild s | Hugo ÷ Trampoline (rebuild) | files rewritten by Trampoline | link pages rewritten | unchanged files rewritten | files rewritten by Hugo |",
        "|---:|---|---:|---:|---:|---:|---:|---|---:|---|---:|",
    ]
    for n, shape, key in present(results, fs, sizes, "t_rebuild"):
        full = results["trampoline"][key]["wall"]
        tr, hr = results["t_rebuild"][key], results["h_rebuild"][key]
        checks = tr["checks"]
        rewritten = sorted({len(c["rewritten"]) for c in checks})
        pages = sorted({len(c["pages_rewritten"]) for c in checks})
        unchanged = sorted({rel for c in checks for rel in c["unchanged_rewritten"]})
        lines.append(
            f"| {label(n)} | {shape} | {fmt_s(full)} | {fmt_s(tr['wall'])} ({plural(tr['runs'], 'run')}) | {100 * ratio(tr['wall'], full):.1f} % | "
            f"{fmt_s(hr['wall'])} ({plural(hr['runs'], 'run')}) | {times(ratio(hr['wall'], tr['wall']))} | "
            f"{'/'.join(map(str, rewritten))} | {'/'.join(map(str, pages))} | "
            f"{len(unchanged)}{' (' + ', '.join('`' + u + '`' for u in unchanged) + ')' if unchanged else ''} | "
            f"{fmt_int(max(hr['rewritten']))} |")
    return "\n".join(lines)


def page_table(results, fs, sizes):
    lines = ["| links | catalog | files written | total bytes | link page max | link page avg | Hugo page avg | AASA | largest other page |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---|"]
    for n, shape, key in present(results, fs, sizes, "pages"):
        p = results["pages"][key]
        other = f"`{p['largest_other_html'][0]}` {fmt_int(p['largest_other_html'][1])} B" if p["largest_other_html"] else "—"
        lines.append(f"| {label(n)} | {shape} | {fmt_int(p['files'])} | {fmt_int(p['bytes'])} | {fmt_int(p['max'])} B | "
                     f"{fmt_int(p['avg'])} B | {fmt_int(results['hugo'][key]['avg_page'])} B | {fmt_int(p['aasa'])} B | {other} |")
    return "\n".join(lines)


def targets(results, sizes):
    """The issue's targets, judged on every catalog shape this run measured (tmpfs)."""
    fs = "tmpfs"
    rows = []

    def add(name, ok, detail):
        rows.append(f"| {name} | {'n/a' if ok is None else 'PASS' if ok else 'FAIL'} | {detail} |")

    for shape in SHAPE_NAMES:
        if not any(rkey(fs, n, shape) in results["trampoline"] for n in sizes):
            continue
        # (name, other tool, holds(Trampoline s, other s), measured as a ratio)
        for name, tool, holds, measure in (
            ("full build ≥ 5× faster than Hugo", "hugo", lambda t, o: o / t >= 5, lambda t, o: o / t),
            ("full build ≤ 3× the write floor", "floor", lambda t, o: t / o <= 3, lambda t, o: t / o),
        ):
            for n in (10_000, 100_000):
                key = rkey(fs, n, shape)
                if key not in results["trampoline"]:
                    add(f"{shape}: {name} at {label(n)}", None, "size not run")
                    continue
                t, o = results["trampoline"][key]["wall"], results[tool][key]["wall"]
                add(f"{shape}: {name} at {label(n)}", holds(t, o), f"{times(measure(t, o))} ({fmt_s(t)} s vs {fmt_s(o)} s)")
        for n in (10_000, 100_000):
            key = rkey(fs, n, shape)
            if key not in results["check"]:
                add(f"{shape}: offline check ≤ a full build at {label(n)}", None, "size not run")
                continue
            t, c = results["trampoline"][key]["wall"], results["check"][key]["wall"]
            add(f"{shape}: offline check ≤ a full build at {label(n)}", c <= t, f"{c / t:.2f} of the build ({fmt_s(c)} s vs {fmt_s(t)} s)")
        key = rkey(fs, 100_000, shape)
        if key in results["t_rebuild"]:
            full, tr, hr = results["trampoline"][key]["wall"], results["t_rebuild"][key], results["h_rebuild"][key]
            add(f"{shape}: 1 changed link ≤ 25 % of a full build at 100k", tr["wall"] <= 0.25 * full,
                f"{100 * tr['wall'] / full:.1f} % ({fmt_s(tr['wall'])} s vs {fmt_s(full)} s)")
            add(f"{shape}: 1 changed link ≥ 20× faster than Hugo's rebuild at 100k", hr["wall"] / tr["wall"] >= 20,
                f"{times(hr['wall'] / tr['wall'])} ({fmt_s(tr['wall'])} s vs {fmt_s(hr['wall'])} s)")
            checks = tr["checks"]
            pages_ok = all(len(c["pages_rewritten"]) == 1 for c in checks)
            unchanged = sorted({rel for c in checks for rel in c["unchanged_rewritten"]})
            add(f"{shape}: 1 changed link: exactly one page file rewritten", pages_ok,
                "link pages rewritten per run: " + ", ".join(str(len(c["pages_rewritten"])) for c in checks))
            add(f"{shape}: 1 changed link: no unchanged file rewritten", not unchanged,
                "none" if not unchanged else "same bytes, new mtime: " + ", ".join(f"`{u}`" for u in unchanged))
        else:
            add(f"{shape}: 1 changed link at 100k", None, "size not run")
        if key in results["trampoline"]:
            rss = results["trampoline"][key]["rss_kb"]
            add(f"{shape}: peak RSS at 100k ≤ 300 MB", rss * KB <= 300e6, f"{mb(rss)} MB (highest of {plural(results['trampoline'][key]['runs'], 'run')})")
        else:
            add(f"{shape}: peak RSS at 100k ≤ 300 MB", None, "size not run")
        largest = max(results["pages"][rkey(fs, n, shape)]["max"] for n in sizes if rkey(fs, n, shape) in results["pages"])
        add(f"{shape}: each link page ≤ 10 KB (the build's page budget)", largest <= 10 * KB, f"largest {fmt_int(largest)} B over all sizes")
    return "\n".join(["| target (tmpfs, this run) | result | measured |", "|---|---|---|"] + rows)


def check_table(results, fs, sizes):
    lines = [
        "| links | catalog | full build s | check s | check ÷ build | each round's check ÷ build | check user+sys s | check peak RSS MB |",
        "|---:|---|---:|---:|---:|---|---:|---:|",
    ]
    for n, shape, key in present(results, fs, sizes, "check"):
        t, c = results["trampoline"][key], results["check"][key]
        rounds = ", ".join(f"{x:.2f}" for x in c.get("rounds", [])) or "–"
        lines.append(f"| {label(n)} | {shape} | {fmt_s(t['wall'])} | {fmt_s(c['wall'])} | {ratio(c['wall'], t['wall']):.2f} | "
                     f"{rounds} | {fmt_s(c['cpu'])} | {mb(c['rss_kb'])} |")
    return "\n".join(lines)


def compact_table(results, fs, sizes):
    lines = [
        "| links | catalog | layout | wall s (median) | files | bytes | largest file of the link table | Trampoline folders ÷ compact (wall) |",
        "|---:|---|---|---:|---:|---:|---:|---:|",
    ]
    for n, shape, key in present(results, fs, sizes, "compact"):
        c, t, p = results["compact"][key], results["trampoline"][key], results["pages"][key]
        lines.append(f"| {label(n)} | {shape} | folders | {fmt_s(t['wall'])} | {fmt_int(p['files'])} | {fmt_int(p['bytes'])} | – | 1 |")
        lines.append(f"| {label(n)} | {shape} | compact ({c['shards']} shards) | {fmt_s(c['wall'])} | {fmt_int(c['files'])} | "
                     f"{fmt_int(c['bytes'])} | {fmt_int(c['largest_shard'])} | {times(ratio(t['wall'], c['wall']))} |")
    return "\n".join(lines)


def section(title, intro, table):
    """A report section, or nothing when the table has no rows (its size was not run)."""
    return ["", f"## {title}", "", intro, "", table] if table.count("\n") > 1 else []


def report(results, sizes, info):
    out = [f"# Trampoline build benchmark", ""]
    out.append(f"- date: {info['date']}")
    out.append(f"- machine: `nproc` = {info['nproc']}, {info['cpu']}, {info['mem']} RAM, {info['kernel']}")
    out.append(f"- Trampoline: `{info['bin']}` ({info['git']}), {info['swift']}")
    out.append(f"- Hugo: {info['hugo']}")
    out.append(f"- floor: `Benchmarks/floor.c`, {info['gcc']} -O2")
    out.append(f"- outputs: tmpfs `{info['shm']}` ({info['shm_fs']}); disk `{info['disk']}` ({info['disk_fs']}); inputs on disk")
    out.append(f"- runs: {info['runs']}; wall is the median, peak RSS the highest run; this run took {info['elapsed']}")
    out.append("")
    out.append("Only ratios within one run count: the machine is shared and noisy (see Benchmarks/README.md).")
    out.append("")
    out.append("Catalog shapes (Benchmarks/gen.py): *rotating*, four description shapes in turn; *distinct*, every link "
               "its own two or three sentences with emphasis and a link, and one in ten its own image.")
    out.append("")
    out.append("## Targets")
    out.append("")
    out.append(targets(results, sizes))
    for fs, title in (("tmpfs", "outputs on tmpfs (headline)"), ("disk", "outputs on disk")):
        if not present(results, fs, sizes):
            continue
        out += ["", f"## Full build, {title}", "", ratio_table(results, fs, sizes), "", full_table(results, fs, sizes)]
        out += section(f"One changed link, {title}",
                       "One link's title is edited; each tool builds again over its previous output. "
                       "Hugo has no incremental mode for `hugo` (a plain build), so its rebuild is a full build with one content file changed.",
                       rebuild_table(results, fs, sizes))
        out += section(f"Offline check beside the build, {title}",
                       "`trampoline check` of the folder each full build wrote, in the same round, with no link cache "
                       "(a fresh CI checkout): it renders every file and compares every byte, and must take no longer than the build.",
                       check_table(results, fs, sizes))
        out += ["", f"## Output, {title}", "", page_table(results, fs, sizes)]
        out += section(f"Compact layout, {title}",
                       "The same catalog with `site.layout: compact`: one lookup page and the link table in shards, no page or QR code per link.",
                       compact_table(results, fs, sizes))
    example = results["t_rebuild"].get("tmpfs/100000") or next(iter(results["t_rebuild"].values()), None)
    if example:
        out += ["", "Trampoline's own summary of the last rebuild: `" + example["stdout"] + "`"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------


STATE = {}


def interrupted(signum, frame):
    raise KeyboardInterrupt


def fs_type(path):
    found = command_output(["findmnt", "-n", "-o", "FSTYPE", "-T", path])
    return found.split("\n")[0] if found != "n/a" else command_output(["stat", "-f", "-c", "%T", path])


def machine_info(args):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            mem = f"{int(f.readline().split()[1]) / KB / KB:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    rev = command_output(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
    shown = args.bin_label or args.bin
    built = ""
    if os.path.exists(shown):
        stamp = datetime.datetime.fromtimestamp(os.path.getmtime(shown), datetime.timezone.utc)
        built = ", binary built " + stamp.strftime("%Y-%m-%d %H:%M UTC")
    dirty = command_output(["git", "-C", REPO, "status", "--porcelain", "--", "Sources", "Package.swift", "Tool/Package.swift"])
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": command_output(["nproc"]),
        "cpu": cpu,
        "mem": mem,
        "kernel": f"{platform.system()} {platform.release()}",
        "bin": args.bin_label or (os.path.relpath(args.bin, REPO) if args.bin.startswith(REPO + "/") else args.bin),
        "git": f"git {rev}" + (" + uncommitted changes in Sources/" if dirty not in ("", "n/a") else "") + built,
        "swift": command_output(["swift", "--version"]).split("\n")[0] if shutil.which("swift") else "Swift n/a",
        "hugo": command_output(["hugo", "version"]),
        "gcc": command_output(["gcc", "-dumpfullversion"]).join(["gcc ", ""]),
        "shm": args.shm, "disk": args.disk,
        "shm_fs": fs_type(os.path.dirname(args.shm)),
        "disk_fs": fs_type(os.path.dirname(args.disk)),
    }


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--report-from":
        # Renders the markdown again from a saved latest.json (after a change to the tables).
        with open(sys.argv[2]) as f:
            saved = json.load(f)
        sizes = sorted({int(key.split("/")[1]) for key in saved["results"]["trampoline"]})
        print(report(saved["results"], sizes, saved["info"]), end="")
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True, help="the trampoline binary")
    parser.add_argument("--bin-label", help="how to name the binary in the report (default: --bin)")
    parser.add_argument("--floor", required=True, help="the compiled floor.c")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rebuild-sizes", default="10000,100000")
    parser.add_argument("--compact-sizes", default="100000", help="sizes that also get a compact-layout build")
    parser.add_argument("--shapes", default=",".join(gen.SHAPES), help="catalog shapes: rotating, distinct or both (Benchmarks/gen.py)")
    parser.add_argument("--runs", type=int, default=3, help="runs per tool below 100k")
    parser.add_argument("--runs-large", type=int, default=3, help="runs per tool at 100k and above")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds of the full builds before the counted ones")
    parser.add_argument("--slow", type=float, default=30, help="a tool whose first run at a size takes longer than this (s) gets 1 run there")
    parser.add_argument("--fs", default="tmpfs,disk", help="tmpfs, disk or both")
    parser.add_argument("--shm", default="/dev/shm/trampoline-bench")
    parser.add_argument("--disk", default="/var/tmp/trampoline-bench")
    parser.add_argument("--out", default=os.path.join(REPO, "Benchmarks", "results", "latest.md"))
    parser.add_argument("--keep", action="store_true", help="keep the generated inputs and outputs")
    args = parser.parse_args()
    # A plain kill cleans up like Ctrl-C does.
    signal.signal(signal.SIGTERM, interrupted)

    sizes = [int(s) for s in args.sizes.split(",") if s]
    rebuild_sizes = {int(s) for s in args.rebuild_sizes.split(",") if s}
    compact_sizes = {int(s) for s in args.compact_sizes.split(",") if s}
    shapes = [s for s in args.shapes.split(",") if s]
    for shape in shapes:
        if shape not in gen.SHAPES:
            sys.exit(f"unknown catalog shape {shape!r}: use {', '.join(gen.SHAPES)}")
    systems = [s for s in args.fs.split(",") if s]
    for path in (args.bin, args.floor):
        if not os.access(path, os.X_OK):
            sys.exit(f"not executable: {path}")
    args.bin, args.floor = os.path.abspath(args.bin), os.path.abspath(args.floor)
    STATE.update(bin=args.bin, floor=args.floor, slow=args.slow, warmup=args.warmup, scratch=os.path.join(args.disk, "scratch"))
    started = time.perf_counter()
    info = machine_info(args)
    if "disk" in systems and info["disk_fs"] in ("tmpfs", "ramfs"):
        log(f"warning: {args.disk} is on {info['disk_fs']}, not a disk; set BENCH_DISK_DIR")

    results = {k: {} for k in ("trampoline", "hugo", "floor", "t_rebuild", "h_rebuild", "pages", "compact", "ratios",
                                 "check")}
    roots = {"tmpfs": args.shm, "disk": args.disk}
    try:
        for root in roots.values():
            rmtree(root)
        os.makedirs(STATE["scratch"])
        os.makedirs(args.shm, exist_ok=True)
        for n in sizes:
            runs = args.runs_large if n >= 100_000 else args.runs
            for shape in shapes:
                inputs = os.path.join(args.disk, "in", str(n), shape)
                os.makedirs(inputs)
                log(f"[{label(n)} {shape}] generating the catalog and the Hugo site")
                gen.write_catalog(os.path.join(inputs, "site-config.yml"), n, shape=shape)
                gen.write_catalog(os.path.join(inputs, "site-config.edited.yml"), n, edited=n // 2 + 1, shape=shape)
                shutil.copyfile(os.path.join(inputs, "site-config.yml"), os.path.join(inputs, "site-config.original.yml"))
                gen.write_hugo_site(os.path.join(inputs, "hugo"), n, shape=shape)
                # The inputs (100k Hugo content files at 100k) are on disk: written back now, untimed,
                # rather than by the kernel during whichever tool's runs come first.
                os.sync()
                for fs in systems:
                    STATE["sync"] = fs == "disk"
                    base = os.path.join(roots[fs], "out", str(n))
                    outs = {tool: os.path.join(base, tool) for tool in ("trampoline", "hugo", "floor", "compact")}
                    full_builds(n, fs, inputs, outs, runs, results, shape)
                    if n in rebuild_sizes:
                        rebuilds(n, fs, inputs, outs, runs, results, shape)
                    # The compact layout once per size, on the first shape.
                    if n in compact_sizes and shape == shapes[0]:
                        compact_builds(n, fs, inputs, outs, runs, results, shape)
                    rmtree(base)
                if not args.keep:
                    rmtree(inputs)
    finally:
        if not args.keep:
            cleanup(args.shm, args.disk)

    elapsed = time.perf_counter() - started
    info["elapsed"] = f"{elapsed / 60:.1f} min"
    info["runs"] = (f"{args.runs} per tool below 100k, {args.runs_large} at 100k (1 when a tool's first run exceeds {args.slow:.0f} s), "
                    f"after {args.warmup} untimed warm-up round{'' if args.warmup == 1 else 's'} of the full builds")
    text = report(results, sizes, info)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(text)
    with open(os.path.splitext(args.out)[0] + ".json", "w") as f:
        json.dump({"info": info, "results": results}, f, indent=1, default=str)
    print(text)
    log(f"written to {os.path.relpath(args.out, REPO)}")


if __name__ == "__main__":
    main()
