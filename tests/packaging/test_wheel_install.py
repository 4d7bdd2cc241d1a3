"""A non-editable install works (issue 21): the package as users get it, run from elsewhere.

The module's fixture builds an sdist from a copy of the source tree (nothing is written
into the repository), a wheel from that sdist, and installs the wheel (``--no-deps
--no-index``) into a fresh venv. The venv reaches the running environment's dependencies
through a ``.pth`` file naming its site-packages directories as plain paths: the ``.pth``
files there (an editable install's finder among them) are not processed, so the source
tree stays invisible; `test_the_venv_runs_the_installed_copy` checks it. Every command then
runs with an empty temporary directory as its working directory.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from compat.coverage import sources
from compat.coverage.cli_entry import FILE_NAMES
from tests.cli.test_train import FOLDER as TRAIN
from tests.cli.test_train import _step_files as step_files

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "mlp"
#: The same model exported by Paddle 3.3.1, with Paddle's outputs for the example's input.
PADDLE_MLP = ROOT / "tests" / "fixtures" / "models" / "mlp"
REPORTS = ROOT / "reports"
TIMEOUT = 120


@dataclass(frozen=True)
class Installed:
    venv: Path
    python: Path
    cli: Path
    wheel: Path
    sdist: Path
    source: Path  # the copy the sdist was built from
    cwd: Path  # empty at first; every command runs here
    env: dict[str, str]

    def run(self, *args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(a) for a in args], cwd=cwd or self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)

    def ok(self, *args: str | Path, cwd: Path | None = None) -> str:
        res = self.run(*args, cwd=cwd)
        assert res.returncode == 0, f"{args}: exit {res.returncode}\n{res.stdout}{res.stderr}"
        assert "Traceback" not in res.stdout + res.stderr, res.stdout + res.stderr
        return res.stdout


def _patterns(gitignore: Path) -> list[str]:
    lines = gitignore.read_text(encoding="utf-8").splitlines() if gitignore.is_file() else []
    return [line.strip().rstrip("/") for line in lines
            if line.strip() and not line.startswith("#")]


def _gitignored(root: Path) -> Callable[[str, list[str]], set[str]]:
    """copytree's ignore: .git and what the .gitignore files name ('/x' only where it is)."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        patterns = [".git", *_patterns(root / ".gitignore")]
        if Path(folder) != root:
            patterns = [p for p in patterns if not p.startswith("/")]
            patterns += _patterns(Path(folder) / ".gitignore")
        patterns = [p.lstrip("/") for p in patterns]
        return {n for n in names if any(fnmatch.fnmatch(n, p) for p in patterns)}

    return ignore


def _outer_site_dirs() -> list[str]:
    """The running environment's site-packages (and dist-packages) directories."""
    return list(dict.fromkeys(p for p in sys.path
                              if Path(p).name in ("site-packages", "dist-packages")
                              and Path(p).is_dir()))


def _check(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    res = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=TIMEOUT, check=False)
    assert res.returncode == 0, f"{cmd}: exit {res.returncode}\n{res.stdout}{res.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel_install")
    source, dist, venv, cwd = base / "src", base / "dist", base / "venv", base / "cwd"
    shutil.copytree(ROOT, source, ignore=_gitignored(ROOT))
    dist.mkdir()
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env |= {"PYTHONNOUSERSITE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    # The sdist by PEP 517's hook, then the wheel from it as pip builds it, offline.
    if importlib.util.find_spec("setuptools") is None:
        pytest.fail("building fluidphi needs setuptools: reinstall the test extra "
                    "(pip install -e '.[test]')")
    _check([sys.executable, "-c", "import sys; from setuptools import build_meta; "
            "build_meta.build_sdist(sys.argv[1])", str(dist)], source, env)
    (sdist,) = dist.glob("*.tar.gz")
    _check([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
            "-w", str(dist), str(sdist)], base, env)
    (wheel,) = dist.glob("*.whl")
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                       capture_output=True, timeout=TIMEOUT)
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"this interpreter cannot make a venv with pip (python -m venv failed: "
                    f"{exc.stderr.decode(errors='replace').strip()[-300:]})")
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _check([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
            str(wheel)], base, env)
    site = subprocess.run([str(python), "-c", "import sysconfig; "
                           "print(sysconfig.get_paths()['purelib'])"], capture_output=True,
                          text=True, check=True, env=env).stdout.strip()
    (Path(site) / "_outer_dependencies.pth").write_text(
        "".join(f"{p}\n" for p in _outer_site_dirs()), encoding="utf-8")
    cli = python.parent / ("fluidphi.exe" if os.name == "nt" else "fluidphi")
    return Installed(venv, python, cli, wheel, sdist, source, cwd, env)


def _pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version = "([^"]+)"', text, re.MULTILINE).group(1)


def test_the_venv_runs_the_installed_copy(installed: Installed) -> None:
    out = installed.ok(installed.python, "-c", "import json, compat, fluidphi, legacy_fluid, "
                       "migrate, phi; print(json.dumps({m.__name__: m.__file__ for m in "
                       "(compat, fluidphi, legacy_fluid, migrate, phi)} | "
                       "{'version': fluidphi.__version__}))")
    found = json.loads(out)
    version = found.pop("version")
    for name, path in found.items():
        assert Path(path).resolve().is_relative_to(installed.venv.resolve()), (name, path)
    assert installed.wheel.name.startswith(f"fluidphi-{version}-")
    assert version == _pyproject_version()
    assert installed.ok(installed.cli, "--version").split() == ["fluidphi", version]


def test_the_wheel_holds_every_data_file_of_the_packages(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    top = {n.split("/")[0] for n in names if "/" in n and ".dist-info/" not in n}
    expected = sorted(p.relative_to(installed.source).as_posix()
                      for package in top for p in (installed.source / package).rglob("*")
                      if p.is_file() and p.suffix not in (".py", ".pyc"))
    assert top == {"phi", "legacy_fluid", "compat", "migrate", "fluidphi"}  # no tests/ etc.
    assert "phi/backward.yaml" in expected and "phi/ops.yaml" in expected
    assert [n for n in expected if n not in names] == []
    bundled = f"compat/coverage/{sources.BUNDLE_DIR}"
    evidence = sources.evidence_files(ROOT)
    assert [n for n in evidence if f"{bundled}/{n}" not in names] == []
    with tarfile.open(installed.sdist) as tar:
        in_sdist = {m.name.split("/", 1)[1] for m in tar.getmembers() if "/" in m.name}
    assert [n for n in evidence if n not in in_sdist] == []


def test_run_gives_paddles_outputs_for_the_example(installed: Installed) -> None:
    for name in ("model.pdmodel", "model.pdiparams"):  # the example is that Paddle export
        assert (EXAMPLE / name).read_bytes() == (PADDLE_MLP / name).read_bytes()
    x = np.load(EXAMPLE / "x.npy")
    (inputs,) = np.load(PADDLE_MLP / f"inputs_b{len(x)}.npz").values()
    np.testing.assert_array_equal(x, inputs)
    expected = dict(np.load(PADDLE_MLP / f"outputs_b{len(x)}.npz"))
    out = installed.cwd / "run_out.npz"
    installed.ok(installed.cli, "run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy",
                 "--output", out)
    got = dict(np.load(out))
    assert sorted(got) == sorted(expected)
    for name, value in expected.items():
        np.testing.assert_allclose(got[name], value, rtol=1e-5, atol=1e-6)


def test_the_public_api_runs_the_example(installed: Installed) -> None:
    (expected,) = np.load(PADDLE_MLP / "outputs_b4.npz").values()
    got = installed.cwd / "api_out.npy"
    installed.ok(installed.python, "-c", "import sys, numpy as np, fluidphi\n"
                 "model = fluidphi.load_model(sys.argv[1])\n"
                 "res = fluidphi.run_model(model, {'x': np.load(sys.argv[2])})\n"
                 "(out,) = res.outputs.values()\n"
                 "np.save(sys.argv[3], out)", EXAMPLE / "model", EXAMPLE / "x.npy", got)
    np.testing.assert_allclose(np.load(got), expected, rtol=1e-5, atol=1e-6)


def test_check_kernels_and_help(installed: Installed) -> None:
    assert "no problems found" in installed.ok(installed.cli, "check", EXAMPLE / "model")
    assert "SoftmaxKernel" in installed.ok(installed.cli, "kernels")
    assert "softmax: the pieces of the op" in installed.ok(installed.cli, "kernels", "softmax")
    pieces = json.loads(installed.ok(installed.cli, "kernels", "softmax", "--json"))["pieces"]
    (phi,) = pieces["phi"]
    assert phi["ops_yaml_file"].startswith("phi/ops.yaml:")  # read from the installed yaml
    assert pieces["legacy"][0]["kernels"][0]["class"].endswith(".SoftmaxKernel")
    helped = installed.ok(installed.python, "-m", "fluidphi", "--help")
    for verb in ("run", "check", "kernels", "coverage", "migrate"):
        assert re.search(rf"\b{verb}\b", helped), verb


def test_train_matches_paddle_step_by_step(installed: Installed) -> None:
    """Grad and optimizer ops: backward.yaml is read from the installed package."""
    meta = json.loads((TRAIN / "meta.json").read_text(encoding="utf-8"))
    loss = meta["fetches"][0]
    folder = installed.cwd / "train"
    folder.mkdir()
    out = folder / "out.npz"
    installed.ok(installed.cli, "train", TRAIN / "state.pdmodel", "--params",
                 TRAIN / "state.pdparams", *step_files(folder, meta), "--fetch", loss,
                 "--output", out)
    with np.load(out) as got, np.load(TRAIN / "expected.npz") as expected:
        ref = np.stack([expected[f"{i}/{loss}"] for i in range(meta["steps"])])
        np.testing.assert_allclose(got[loss].reshape(ref.shape), ref, rtol=1e-5, atol=1e-6)
        for name in meta["persistables"]:
            np.testing.assert_allclose(got[f"param:{name}"], expected[f"param:{name}"],
                                       rtol=1e-5, atol=1e-6)


def test_migrate_verifies_a_legacy_kernel_without_writing(installed: Installed) -> None:
    source = ROOT / "legacy_fluid" / "operators" / "softmax_op.py"
    copy = installed.cwd / "migrate" / source.name
    copy.parent.mkdir()
    shutil.copyfile(source, copy)
    said = " ".join(installed.ok(installed.cli, "migrate", copy, "--verify").split())
    assert "1 migrated" in said
    assert re.search(r"verify: [1-9]\d* identical, 0 differing, 0 errored, 0 unverified", said)
    assert copy.read_bytes() == source.read_bytes()  # a dry run


def test_coverage_reproduces_the_committed_reports(installed: Installed) -> None:
    committed = json.loads((REPORTS / "coverage.json").read_text(encoding="utf-8"))
    migrated = committed["summary"]["progress"]["migrated"]
    assert migrated > 0
    # no --model and no fixture models here: op types and kernels only, from the bundle
    bare = installed.cwd / "coverage_bare"
    said = installed.ok(installed.cli, "coverage", "--format", "json", "--out", bare)
    assert "no fixture models" in said
    doc = json.loads((bare / "coverage.json").read_text(encoding="utf-8"))
    assert doc["summary"]["progress"] == committed["summary"]["progress"]
    assert doc["sources"] == committed["sources"]
    # the committed command, on a copy of its models: the same bytes as reports/
    args = shlex.split(committed["command"])
    work = installed.cwd / "coverage_models"
    for prefix in (a for prev, a in itertools.pairwise(args) if prev == "--model"):
        shutil.copytree(ROOT / Path(prefix).parent, work / Path(prefix).parent)
    out = installed.cwd / "coverage_full"
    installed.ok(installed.cli, *args[1:], "--format", "md", "--format", "json",
                 "--format", "html", "--out", out, cwd=work)
    for name in FILE_NAMES.values():
        assert (out / name).read_bytes() == (REPORTS / name).read_bytes(), name


def _readme_snippets() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def _with_repository_paths(code: str) -> str:
    """Each string literal naming a repository file (or a prefix of one) made absolute."""
    out = code
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and "/" in node.value and next(ROOT.glob(f"{node.value}*"), None):
            segment = ast.get_source_segment(code, node)
            out = out.replace(segment, repr(str(ROOT / node.value)))
    return out


def test_readme_python_snippets_run(installed: Installed) -> None:
    snippets = _readme_snippets()
    assert len(snippets) >= 2
    for i, code in enumerate(snippets):
        folder = installed.cwd / f"snippet_{i}"
        folder.mkdir()
        installed.ok(installed.python, "-c", _with_repository_paths(code), cwd=folder)
