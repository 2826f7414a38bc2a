"""The documentation checks: links and anchors resolve, the README stays short, every catalog key
in the JSON Schema is documented, and the README's console examples are the real output.

    python3 -m pytest Tests/Docs -q                 # check
    UPDATE_DOCS=1 python3 -m pytest Tests/Docs -q   # re-record the console examples

A console example is a ```console block right after a marker comment:

    <!-- console: trampoline init && trampoline build -->

The commands (joined by ` && `) run one after another in a fresh temporary folder, with
`trampoline` on PATH (TRAMPOLINE_BIN, default .build/debug/trampoline) and HOME and the cache
folder inside the temporary folder. Each command is shown as `$ command` followed by its standard
output, then its standard error (exit statuses are not compared: an example may show errors). A
command written `@command` runs but is not shown (set-up, such as an edit with sed). `cd DIR`
changes the folder for the commands after it. Timings (`25 ms`, `1.25 s`) and the temporary
folder's path are normalised before comparing; a re-recorded block keeps its old timings when
nothing else changed.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
README_LIMIT = 25 * 1024
CONTRIBUTING_LIMIT = 18 * 1024


def doc_files():
    """The documentation the checks cover: the README, CONTRIBUTING and its pages, SECURITY,
    docs/*.md and the benchmark history."""
    files = [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "SECURITY.md"]
    files += sorted((REPO / "contributing").glob("*.md"))
    files += sorted((REPO / "docs").glob("*.md")) + [REPO / "Benchmarks/HISTORY.md"]
    return [f for f in files if f.exists()]


def rel(path):
    return str(path.relative_to(REPO))


# --- Markdown, as far as links and headings go ---------------------------------------------------

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def prose_lines(text):
    """(line number, line) for every line outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield number, line


def without_code_spans(line):
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped except - and _ (a word
    character), each space a -."""
    text = re.sub(r"<[^>]+>", "", heading)                      # inline HTML
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)      # links keep their text
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in "-_ ")
    return text.replace(" ", "-")


def anchors(path):
    """Every anchor a file offers: its headings' slugs (duplicates -1, -2, …) and HTML ids."""
    seen = {}
    found = set()
    text = path.read_text(encoding="utf-8")
    for _, line in prose_lines(text):
        m = re.match(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for m in re.finditer(r"""<a\s+(?:id|name)=["']([^"']+)["']""", line):
            found.add(m.group(1))
    return found


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")


def links(path):
    """(line number, target) of every inline link, image and reference definition in prose."""
    text = path.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        plain = without_code_spans(line)
        for m in LINK.finditer(plain):
            yield number, m.group(1)
        m = REFERENCE.match(plain)
        if m:
            yield number, m.group(1)
        for m in re.finditer(r"""<(?:a|img)\s[^>]*(?:href|src)=["']([^"']+)["']""", plain):
            yield number, m.group(1)


def link_cases():
    for path in doc_files():
        for number, target in links(path):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):    # https:, mailto:, …
                continue
            yield pytest.param(path, number, target, id=f"{rel(path)}:{number}:{target}")


@pytest.mark.parametrize("path,line,target", list(link_cases()))
def test_relative_links_and_anchors_resolve(path, line, target):
    where = f"{rel(path)}:{line}: {target}"
    file_part, _, anchor = target.partition("#")
    dest = path if file_part == "" else (path.parent / file_part).resolve()
    assert dest.exists(), f"{where}: {file_part} does not exist"
    assert REPO in dest.parents or dest == REPO, f"{where}: leaves the repository"
    if anchor and dest.suffix == ".md":
        offered = anchors(dest)
        assert anchor in offered, f"{where}: no heading gives #{anchor} in {rel(dest)}"


def test_the_link_checker_finds_links():
    """A guard for the parser above: it must see the README's links and anchors at all."""
    readme = list(links(REPO / "README.md"))
    assert any(t.startswith("docs/") for _, t in readme)
    assert slug("Links in a spreadsheet: `links_file`") == "links-in-a-spreadsheet-links_file"
    assert slug("What is tested, and what is not") == "what-is-tested-and-what-is-not"
    assert slug("Compact sites: `site.layout: compact`") == "compact-sites-sitelayout-compact"


# --- The README's size ---------------------------------------------------------------------------

def test_readme_is_at_most_25_kb():
    size = (REPO / "README.md").stat().st_size
    assert size <= README_LIMIT, f"README.md is {size:,} bytes; the limit is {README_LIMIT:,}: move detail to docs/"


def test_contributing_is_at_most_18_kb_and_links_each_of_its_pages():
    text = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    size = len(text.encode("utf-8"))
    assert size <= CONTRIBUTING_LIMIT, (
        f"CONTRIBUTING.md is {size:,} bytes; the limit is {CONTRIBUTING_LIMIT:,}: move a part to contributing/")
    pages = sorted(p.name for p in (REPO / "contributing").glob("*.md"))
    assert pages, "contributing/ has no pages"
    for name in pages:
        assert f"](contributing/{name})" in text, f"CONTRIBUTING.md does not link contributing/{name}"


def test_readme_names_exactly_the_public_types_of_trampolinelink():
    """The README's paragraph on TrampolineLink's public API names every public type of the
    library and nothing else, so a type made public (or no longer) shows here."""
    declared = set()
    for source in (REPO / "Sources/TrampolineLink").glob("*.swift"):
        declared |= set(re.findall(
            r"(?m)^(?:@\w+ )*public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)",
            source.read_text(encoding="utf-8")))
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index("Its public API, all of it:")
    paragraph = text[start:text.index("\n\n", start)]
    named = set(re.findall(r"`(\w+)`", paragraph))
    assert named == declared, f"README lacks {sorted(declared - named)}, names no type {sorted(named - declared)}"


def test_readme_keeps_the_two_set_up_commands():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "make site" in readme and "make test" in readme


# --- The catalog reference against the schema ----------------------------------------------------

def schema_properties(node):
    """Every property name the schema declares, at any depth."""
    found = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                found.update(value)
            found |= schema_properties(value)
    elif isinstance(node, list):
        for item in node:
            found |= schema_properties(item)
    return found


def test_every_schema_property_is_in_docs_catalog():
    schema = json.loads((REPO / "schema/site-config.schema.json").read_text(encoding="utf-8"))
    keys = schema_properties(schema)
    assert {"site", "app", "links", "url", "team_id", "sha256_cert_fingerprints", "qr_error_correction"} <= keys
    catalog = (REPO / "docs/catalog.md").read_text(encoding="utf-8")
    missing = sorted(k for k in keys if f"`{k}`" not in catalog)
    assert not missing, f"docs/catalog.md does not document {missing} (write each as `key`)"


# --- Console examples ----------------------------------------------------------------------------

MARKER = re.compile(r"^<!-- console: (.+?) -->\n```console\n(.*?)^```$", re.M | re.S)


def console_examples():
    """(file, commands, which of the file's examples with these commands) for every example."""
    for path in doc_files():
        text = path.read_text(encoding="utf-8")
        seen = {}
        for m in MARKER.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            nth = seen.get(m.group(1), 0)
            seen[m.group(1)] = nth + 1
            yield pytest.param(path, m.group(1), nth, id=f"{rel(path)}:{line}")


def test_the_readme_has_console_examples():
    assert any(p.values[0].name == "README.md" for p in console_examples())


@pytest.fixture(scope="session")
def trampoline_bin():
    binary = pathlib.Path(os.environ.get("TRAMPOLINE_BIN", REPO / ".build/debug/trampoline"))
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `make build` (or set TRAMPOLINE_BIN)")
    return binary.resolve()


def test_serve_md_lists_the_templates_init_writes(trampoline_bin):
    """serve.md's table of what `init` writes names every template it copies, and their number."""
    top = pathlib.Path(tempfile.mkdtemp(prefix="trampoline-docs-init-"))
    try:
        subprocess.run([str(trampoline_bin), "init"], cwd=top, check=True, capture_output=True,
                       env=dict(os.environ, HOME=str(top), XDG_CACHE_HOME=str(top / "cache")))
        written = sorted(p.name for p in (top / "Templates").iterdir())
    finally:
        shutil.rmtree(top, ignore_errors=True)
    row = next(line for line in (REPO / "docs/serve.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `Templates/` |"))
    assert f"a copy of the {len(written)} built-in templates" in row, (written, row)
    listed = re.findall(r"`([^`/]+\.(?:md|html|css|js))`", row)
    assert sorted(listed) == written, (listed, written)


def run_example(commands, binary):
    """The console text of `commands` run in a fresh folder, that folder's path written /path/to."""
    top = pathlib.Path(tempfile.mkdtemp(prefix="trampoline-docs-")).resolve()
    try:
        bindir = top / "bin"
        bindir.mkdir()
        (bindir / "trampoline").symlink_to(binary)
        work = top / "work"
        work.mkdir()
        env = dict(os.environ)
        env.update(PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}", HOME=str(top / "home"),
                   XDG_CACHE_HOME=str(top / "cache"), LC_ALL="C.UTF-8", TZ="UTC")
        env.pop("TERM", None)
        cwd = work
        out = []
        for command in commands.split(" && "):
            command = command.strip()
            hidden = command.startswith("@")
            command = command.lstrip("@")
            if not hidden:
                out.append(f"$ {command}\n")
            if m := re.fullmatch(r"cd (\S+)", command):
                cwd = (cwd / m.group(1)).resolve()
                continue
            proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                                  timeout=120)
            if not hidden:
                out.append(proc.stdout.decode())
                out.append(proc.stderr.decode())
        text = "".join(out)
        for path in (work, top):
            text = text.replace(str(path), "/path/to")
        return text
    finally:
        shutil.rmtree(top, ignore_errors=True)


def normalised(text):
    """Timings as the binary prints them (`40 ms`, `1.25 s`) made alike."""
    text = re.sub(r"\b\d+ ms\b|\b\d+\.\d\d s\b", "<time>", text)
    return text.rstrip("\n") + "\n"


@pytest.mark.parametrize("path,commands,nth", list(console_examples()))
def test_console_example_is_real_output(path, commands, nth, trampoline_bin):
    text = path.read_text(encoding="utf-8")
    block = re.compile(r"^<!-- console: " + re.escape(commands) + r" -->\n```console\n(.*?)^```$", re.M | re.S)
    example = list(block.finditer(text))[nth]
    shown = example.group(1)
    real = run_example(commands, trampoline_bin)
    if normalised(shown) == normalised(real):
        return
    if os.environ.get("UPDATE_DOCS") == "1":
        start, end = example.span(1)
        path.write_text(text[:start] + real.rstrip("\n") + "\n" + text[end:], encoding="utf-8")
        return
    assert normalised(shown) == normalised(real), (
        f"{rel(path)}: the example `{commands}` is not what the commands print; "
        "re-record with UPDATE_DOCS=1 python3 -m pytest Tests/Docs -q")
