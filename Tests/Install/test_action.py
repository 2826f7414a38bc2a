"""The composite action (action.yml) and its scripts, run locally.

Modelled, because they exist only on GitHub:
* the runner: ``run_action`` reads action.yml, fills in its ``${{ … }}`` expressions (dotted
  names and ``||``), and runs each ``run:`` step the way the runner does (``bash --noprofile
  --norc -eo pipefail``, GITHUB_OUTPUT, GITHUB_PATH prepended to PATH for later steps,
  GITHUB_ACTION_PATH, RUNNER_ARCH/OS/TOOL_CACHE), stopping at the first failing step;
* actions/cache: the tool-cache folder simply survives between runs that share it, which is what
  a cache hit restores (its key and path expressions are still evaluated and checked);
* github.com: a server on 127.0.0.1 (GITHUB_SERVER_URL points at it) that serves the tarball
  ``make dist`` built under /<owner>/<repo>/releases/download/v<version>/ and answers
  /releases/latest with a redirect to the tag, as GitHub does.
The scripts, the tarball, its checksum and the binary are the real ones.
"""
from __future__ import annotations

import http.server
import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from conftest import REPO

OWNER_REPO = "owner/trampoline"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class ReleaseServer:
    def __init__(self, root: Path, latest: str):
        self.root, self.latest, self.requests = root, latest, []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(server.root), **kwargs)

            def do_GET(self):
                server.requests.append(self.path)
                if self.path == f"/{OWNER_REPO}/releases/latest":
                    self.send_response(302)
                    self.send_header("Location", f"/{OWNER_REPO}/releases/tag/v{server.latest}")
                    self.end_headers()
                elif self.path.startswith(f"/{OWNER_REPO}/releases/tag/"):
                    body = b"<html>release page</html>"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                else:
                    super().do_GET()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def publish(self, release, *, checksum: str | None = None):
        folder = self.root / OWNER_REPO / "releases" / "download" / f"v{release.version}"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(release.tarball, folder / release.tarball.name)
        text = release.checksum.read_text() if checksum is None else f"{checksum}  {release.tarball.name}\n"
        (folder / release.checksum.name).write_text(text)

    def downloads(self) -> list[str]:
        return [path for path in self.requests if "/download/" in path]


@pytest.fixture
def server(tmp_path, release):
    srv = ReleaseServer(tmp_path / "srv", release.version)
    srv.publish(release)
    yield srv
    srv.httpd.shutdown()


@dataclass
class Step:
    name: str
    status: int
    stdout: str
    stderr: str


@dataclass
class Job:
    steps: list[Step] = field(default_factory=list)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    path_added: list[str] = field(default_factory=list)
    cache: dict[str, str] | None = None

    @property
    def failed(self) -> bool:
        return any(step.status != 0 for step in self.steps)

    @property
    def stdout(self) -> str:
        return "".join(step.stdout for step in self.steps)


def evaluate(text: str, context: dict) -> str:
    def one(expr: str) -> str:
        for alternative in (part.strip() for part in expr.split("||")):
            value = context
            for key in alternative.split("."):
                if not isinstance(value, dict) or key not in value:
                    raise AssertionError(f"the model does not know ${{{{ {alternative} }}}}")
                value = value[key]
            if value:
                return str(value)
        return ""
    return EXPRESSION.sub(lambda m: one(m.group(1)), text)


def run_action(workspace: Path, tool_cache: Path, server: ReleaseServer, tmp: Path, **inputs: str) -> Job:
    action = yaml.safe_load((REPO / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    declared = action["inputs"]
    assert set(inputs) <= set(declared), set(inputs) - set(declared)
    context = {
        "inputs": {name: str(inputs.get(name, spec.get("default", ""))) for name, spec in declared.items()},
        "github": {"action_repository": OWNER_REPO, "repository": "someone/catalog", "action_path": str(REPO)},
        "runner": {"os": "Linux", "arch": "X64"},
        "steps": {},
    }
    job = Job()
    github_path = tmp / "github_path"
    github_path.write_text("")
    base_path = os.environ["PATH"]
    for index, step in enumerate(action["runs"]["steps"]):
        name = evaluate(step.get("name", f"step {index}"), context)
        if "uses" in step:
            assert step["uses"].startswith("actions/cache@"), step["uses"]
            job.cache = {k: evaluate(str(v), context) for k, v in step["with"].items()}
            continue
        assert step["shell"] == "bash"
        output_file = tmp / f"output-{index}"
        output_file.write_text("")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "RUNNER_", "TRAMPOLINE_"))}
        env.update({k: evaluate(str(v), context) for k, v in step.get("env", {}).items()})
        added = [line for line in github_path.read_text().splitlines() if line]
        env.update(
            PATH=":".join(reversed(added)) + (":" if added else "") + base_path,
            GITHUB_ACTION_PATH=str(REPO), GITHUB_OUTPUT=str(output_file), GITHUB_PATH=str(github_path),
            GITHUB_SERVER_URL=server.url, GITHUB_REPOSITORY="someone/catalog", GITHUB_WORKSPACE=str(workspace),
            RUNNER_OS="Linux", RUNNER_ARCH="X64", RUNNER_TOOL_CACHE=str(tool_cache), RUNNER_TEMP=str(tmp),
        )
        script = tmp / f"step-{index}.sh"
        script.write_text(evaluate(step["run"], context))
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=workspace,
                              env=env, capture_output=True, text=True, timeout=300)
        job.steps.append(Step(name, proc.returncode, proc.stdout, proc.stderr))
        if "id" in step:
            outputs = dict(line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
            context["steps"][step["id"]] = {"outputs": outputs}
            job.outputs[step["id"]] = outputs
        if proc.returncode != 0:
            break
    job.path_added = [line for line in github_path.read_text().splitlines() if line]
    return job


def workspace_with(tmp: Path, edit=None) -> Path:
    ws = tmp / "ws"
    ws.mkdir()
    text = (REPO / "site-config.yml").read_text()
    if edit:
        text = edit(text)
    (ws / "site-config.yml").write_text(text)
    shutil.copytree(REPO / "Templates", ws / "Templates")
    return ws


def describe(job: Job) -> str:
    return "\n".join(f"--- {s.name}: {s.status}\n{s.stdout}{s.stderr}" for s in job.steps)


def test_installs_the_latest_release_and_checks_a_clean_catalog(server, release, tmp_path):
    ws, cache = workspace_with(tmp_path), tmp_path / "toolcache"
    job = run_action(ws, cache, server, tmp_path, strict="true")
    assert not job.failed, describe(job)
    assert [s.name for s in job.steps] == ["Pick the Trampoline release", "Install Trampoline", "trampoline check"]
    assert job.outputs["resolve"]["version"] == release.version
    dir_ = cache / "trampoline" / release.version / "x86_64"
    assert job.outputs["resolve"]["dir"] == str(dir_)
    assert job.cache == {"path": str(dir_), "key": f"trampoline-{release.version}-Linux-X64"}
    assert job.path_added == [str(dir_ / "bin")]
    assert (dir_ / "bin" / "trampoline").read_bytes() == release.binary.read_bytes()
    assert f"/{OWNER_REPO}/releases/latest" in server.requests
    assert server.downloads() == [f"/{OWNER_REPO}/releases/download/v{release.version}/{release.tarball.name}",
                                  f"/{OWNER_REPO}/releases/download/v{release.version}/{release.checksum.name}"]
    assert "::error" not in job.stdout
    assert f"trampoline {release.version}: check" in job.steps[-1].stderr


def test_a_cached_binary_is_not_downloaded_again(server, release, tmp_path):
    ws, cache = workspace_with(tmp_path), tmp_path / "toolcache"
    first = run_action(ws, cache, server, tmp_path, version=release.version)
    assert not first.failed, describe(first)
    server.requests.clear()
    second = run_action(ws, cache, server, tmp_path, version=release.version)
    assert not second.failed, describe(second)
    assert "cache hit" in second.steps[1].stdout
    assert server.requests == []  # a pinned version needs no /latest either


def test_catalog_errors_fail_the_job_with_annotations(server, tmp_path):
    ws = workspace_with(tmp_path, lambda text: text.replace("team_id: ABCDE12345", "team_id: nope", 1))
    job = run_action(ws, tmp_path / "toolcache", server, tmp_path)
    assert job.failed
    last = job.steps[-1]
    assert last.name == "trampoline check" and last.status == 1
    annotations = [line for line in last.stdout.splitlines() if line.startswith("::error ")]
    assert annotations, describe(job)
    assert re.match(r"::error file=site-config\.yml,line=\d+,col=\d+(,title=[^:]*)?::team_id 'nope'", annotations[0]), annotations


def test_strict_turns_warnings_into_a_failure(server, tmp_path):
    # A non-App-Store app_store_url is a warning (README, "The catalog").
    edit = lambda text: text.replace("app_store_url: https://apps.apple.com/app/id1356057329",
                                     "app_store_url: https://example.com/app", 1)
    ws = workspace_with(tmp_path, edit)
    relaxed = run_action(ws, tmp_path / "toolcache", server, tmp_path, strict="false")
    assert not relaxed.failed and "::warning " in relaxed.stdout, describe(relaxed)
    strict = run_action(ws, tmp_path / "toolcache", server, tmp_path, strict="true")
    assert strict.failed and "::error " in strict.steps[-1].stdout, describe(strict)


def test_a_checksum_mismatch_stops_the_action(server, release, tmp_path):
    server.publish(release, checksum="0" * 64)
    ws, cache = workspace_with(tmp_path), tmp_path / "toolcache"
    job = run_action(ws, cache, server, tmp_path)
    assert job.failed
    assert [s.name for s in job.steps] == ["Pick the Trampoline release", "Install Trampoline"]  # check never ran
    assert "::error title=trampoline setup::checksum mismatch" in job.steps[-1].stdout
    assert not (cache / "trampoline" / release.version).exists()
    assert job.path_added == []


def test_a_pinned_sha256_is_checked_instead_of_the_release_file(server, release, tmp_path):
    ws = workspace_with(tmp_path)
    wrong = run_action(ws, tmp_path / "cache-a", server, tmp_path, sha256="f" * 64)
    assert wrong.failed and "checksum mismatch" in wrong.steps[-1].stdout and "the sha256 input" in wrong.steps[-1].stdout
    good = release.checksum.read_text().split()[0].upper()
    right = run_action(ws, tmp_path / "cache-b", server, tmp_path, sha256=good)
    assert not right.failed, describe(right)
    assert not any(path.endswith(".sha256") for path in server.requests[-2:])


def test_a_missing_release_fails_clearly(server, tmp_path):
    job = run_action(workspace_with(tmp_path), tmp_path / "toolcache", server, tmp_path, version="9.9.9")
    assert job.failed
    assert "cannot download" in job.steps[-1].stdout and "v9.9.9" in job.steps[-1].stdout


def test_build_command_writes_the_site_and_annotates_a_broken_catalog(server, tmp_path):
    ws = workspace_with(tmp_path)
    job = run_action(ws, tmp_path / "toolcache", server, tmp_path, command="build", output="public")
    assert not job.failed, describe(job)
    assert (ws / "public" / "apple-app-site-association").is_file()
    (ws / "site-config.yml").write_text((ws / "site-config.yml").read_text().replace("scheme: marry", "scheme: ''", 1))
    broken = run_action(ws, tmp_path / "toolcache", server, tmp_path, command="build", output="public")
    assert broken.failed
    assert re.search(r"^::error file=site-config\.yml,line=\d+", broken.steps[-1].stdout, re.M), describe(broken)


def test_check_live_is_the_post_deploy_mode(server, release, tmp_path):
    # .invalid never resolves (RFC 6761), so nothing answers: the deployed site's findings are
    # annotations, the job fails. (Apple's CDN and Google's API cannot be reached here either:
    # warnings.) The fetching itself is tested against nginx in Tests/Live. (site.url may not be
    # localhost: a catalog must not point check --live at CI's own machine.)
    ws = workspace_with(tmp_path, lambda text: text.replace("url: https://go.example.com", "url: https://go.example.invalid", 1))
    job = run_action(ws, tmp_path / "toolcache", server, tmp_path, command="check-live", sample="1")
    last = job.steps[-1]
    assert last.name == "trampoline check-live" and last.status == 1, describe(job)
    assert re.search(r"^::error file=site-config\.yml,line=\d+,col=\d+::https://go\.example\.invalid/\.well-known/"
                     r"apple-app-site-association: no answer", last.stdout, re.M), describe(job)
    other = tmp_path / "bad"
    other.mkdir()
    bad = run_action(workspace_with(other), tmp_path / "toolcache", server, other, command="check-live", sample="ten")
    assert bad.failed and bad.steps[-1].status == 2
    assert "::error title=trampoline::sample must be a number" in bad.steps[-1].stdout


def test_bad_inputs_are_rejected(server, tmp_path):
    job = run_action(workspace_with(tmp_path), tmp_path / "toolcache", server, tmp_path, format="xml")
    assert job.failed and job.steps[-1].status == 2
    assert "::error title=trampoline::format must be github, text or json" in job.steps[-1].stdout


def test_workflows_and_readme_use_only_inputs_the_action_declares():
    declared = set(yaml.safe_load((REPO / "action.yml").read_text())["inputs"])
    links = yaml.safe_load((REPO / ".github/workflows/links.yml").read_text())
    steps = links["jobs"]["check"]["steps"]
    uses = [s for s in steps if s.get("uses") == "./"]
    assert len(uses) == 1 and set(uses[0]["with"]) <= declared
    assert not any("swift" in str(s).lower() for s in steps), "the example workflow must not need Swift"
    readme = (REPO / "README.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", readme, re.S)
    examples = [yaml.safe_load(b) for b in blocks if "trampoline@v1" in b]
    assert examples, "the README's workflow example uses <owner>/trampoline@v1"
    for example in examples:
        for job in example["jobs"].values():
            for step in job["steps"]:
                if "trampoline@" in step.get("uses", ""):
                    assert set(step.get("with", {})) <= declared
            assert "container" not in job and not any("swift build" in str(s) for s in job["steps"])


def mac_release(root: Path, version: str) -> str:
    """A macos-universal tarball as the release publishes it, laid out like the Linux one. Its
    bin/trampoline is a shell script that prints the version: a Mac binary cannot run here, and
    setup.sh only downloads, checks, unpacks and asks the binary its version."""
    name = f"trampoline-{version}-macos-universal"
    stage = root / "stage" / name
    (stage / "bin").mkdir(parents=True)
    (stage / "bin" / "trampoline").write_text(f"#!/bin/sh\necho {version}\n")
    (stage / "bin" / "trampoline").chmod(0o755)
    folder = root / "srv" / OWNER_REPO / "releases" / "download" / f"v{version}"
    folder.mkdir(parents=True)
    subprocess.run(["tar", "-czf", folder / f"{name}.tar.gz", "-C", stage.parent, name], check=True)
    digest = subprocess.run(["sha256sum", f"{name}.tar.gz"], cwd=folder, capture_output=True, text=True).stdout
    (folder / f"{name}.tar.gz.sha256").write_text(digest)
    return name


def setup_env(srv: ReleaseServer, tmp_path: Path, runner_os: str, arch: str) -> dict:
    return dict(
        os.environ,
        RUNNER_OS=runner_os,
        RUNNER_ARCH=arch,
        TRAMPOLINE_VERSION="1.2.0",
        TRAMPOLINE_RELEASES_URL=f"{srv.url}/{OWNER_REPO}/releases",
        TRAMPOLINE_INSTALL_ROOT=str(tmp_path / "tools"),
        GITHUB_OUTPUT=str(tmp_path / "output"),
        GITHUB_PATH=str(tmp_path / "path"),
    )


@pytest.mark.parametrize("arch", ["ARM64", "X64"])
def test_a_macos_runner_gets_the_universal_tarball(tmp_path, arch):
    name = mac_release(tmp_path, "1.2.0")
    srv = ReleaseServer(tmp_path / "srv", "1.2.0")
    try:
        env = setup_env(srv, tmp_path, "macOS", arch)
        setup = REPO / "scripts/action/setup.sh"
        resolved = subprocess.run([setup, "resolve"], env=env, capture_output=True, text=True)
        assert resolved.returncode == 0 and "for macos-universal" in resolved.stdout, resolved
        installed = subprocess.run([setup, "install"], env=env, capture_output=True, text=True)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert srv.downloads() == [
            f"/{OWNER_REPO}/releases/download/v1.2.0/{name}.tar.gz",
            f"/{OWNER_REPO}/releases/download/v1.2.0/{name}.tar.gz.sha256",
        ]
        binary = Path((tmp_path / "path").read_text().strip()) / "trampoline"
        assert subprocess.run([binary, "--version"], capture_output=True, text=True).stdout == "1.2.0\n"
    finally:
        srv.httpd.shutdown()


def test_a_windows_runner_is_refused_before_any_download(tmp_path):
    srv = ReleaseServer(tmp_path / "srv", "1.2.0")
    try:
        env = setup_env(srv, tmp_path, "Windows", "X64")
        proc = subprocess.run([REPO / "scripts/action/setup.sh", "install"], env=env, capture_output=True, text=True)
        assert proc.returncode == 1 and "no trampoline release for Windows" in proc.stdout, proc
        assert srv.downloads() == []
    finally:
        srv.httpd.shutdown()
