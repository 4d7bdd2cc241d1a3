"""Special files and unusable names among a model's files: refused, never opened or hung on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from legacy_fluid.framework.scope import Scope
from legacy_fluid.io import load_inference_model, save_inference_model
from legacy_fluid.proto import framework_pb2 as pb
from tests.cli.malformed import EXAMPLE, assert_clean_error, invoke

ROOT = Path(__file__).resolve().parent.parent.parent
X = EXAMPLE / "x.npy"
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _separate(tmp_path: Path) -> Path:
    """The example saved one file per variable (`dir/__model__`, `dir/linear_0.w_0`, ...)."""
    scope = Scope()
    program, feeds, fetches = load_inference_model(EXAMPLE / "model", scope=scope)
    save_inference_model(tmp_path / "sep", program, feeds, fetches, scope,
                         separate_params=True)
    return tmp_path / "sep"


def _fluidphi(*args: object) -> subprocess.CompletedProcess[str]:
    """The CLI in a child process: a hang is a timeout here, not a stuck test run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "fluidphi", *map(str, args)], env=env,
                          capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)


def _fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def test_a_fifo_as_a_per_variable_parameter_file(tmp_path: Path) -> None:
    model = _separate(tmp_path)
    _fifo(model / "linear_0.b_0")
    for verb in (("run", model, "-i", X), ("check", model), ("inspect", model)):
        res = _fluidphi(*verb)
        assert res.returncode == 2, (verb, res.stderr)
        assert "Traceback" not in res.stderr
        assert "linear_0.b_0" in res.stderr and "is a FIFO (named pipe), not a regular file" \
            in res.stderr, res.stderr


def test_a_fifo_as_the_params_or_model_file(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "model.pdmodel").write_bytes((EXAMPLE / "model.pdmodel").read_bytes())
    _fifo(tmp_path / "m" / "model.pdiparams")
    res = _fluidphi("run", tmp_path / "m" / "model", "-i", X)
    assert res.returncode == 2 and "model.pdiparams: the params file is a FIFO" in res.stderr
    _fifo(tmp_path / "p.pdmodel")
    res = _fluidphi("train", tmp_path / "p.pdmodel", "--params", tmp_path / "none.npz",
                    "--feed", tmp_path / "none.npz")
    assert res.returncode == 2, res.stderr
    assert "p.pdmodel: the model file is a FIFO" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.parametrize(("name", "why"), [
    ("linear_0.b\0x", "it holds a NUL byte"),
    ("..", "'..' path part"),
    ("/etc/passwd", "absolute path"),
    ("b" * 256, "longer than 255 bytes"),
])
def test_a_variable_name_that_cannot_be_a_file_name(tmp_path: Path, name: str, why: str) -> None:
    model = _separate(tmp_path)
    msg = pb.ProgramDesc.FromString((model / "__model__").read_bytes())
    old = "linear_0.b_0"
    for block in msg.blocks:
        for var in block.vars:
            if var.name == old:
                var.name = name
        for op in block.ops:
            for slot in [*op.inputs, *op.outputs]:
                slot.arguments[:] = [name if a == old else a for a in slot.arguments]
    (model / "__model__").write_bytes(msg.SerializeToString())
    for verb in (("run", model, "-i", X), ("check", model)):
        res = invoke(*verb)
        assert res.exit_code == 2, res.output
        assert "Traceback" not in res.output
        text = " ".join(res.stderr.split())
        assert "cannot be a file name in the one-file-per-variable params layout" in text, text
        assert why in text, text


@pytest.mark.parametrize("size", ["1e999", "inf", "nan", "-1", "1e-9", "99999999999999999999T"])
def test_max_memory_that_is_not_a_size(size: str) -> None:
    assert_clean_error(invoke("run", EXAMPLE / "model", "-i", X, "--max-memory", size),
                       "--max-memory", repr(size))


@pytest.mark.parametrize("option", [
    ("bench", "--max-foreign", "nan"), ("bench", "--max-foreign", "inf"),
    ("bench", "--max-foreign", "-1"), ("bench", "--batch", "0"), ("bench", "--retries", "-1"),
    ("bench", "--threads", "-2"), ("migrate", "--jobs", "1000000"),
])
def test_numeric_options_out_of_range_are_usage_errors(option: tuple[str, ...],
                                                       tmp_path: Path) -> None:
    verb, *rest = option
    res = invoke(verb, *rest, *(["--out", tmp_path / "b"] if verb == "bench" else [tmp_path]))
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"Invalid value for '{rest[0]}'" in " ".join(res.output.split())
    assert not (tmp_path / "b").exists()
