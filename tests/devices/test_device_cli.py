"""`fluidphi run --place emulated | <plug-in> --cpu-ops ...` and `fluidphi bench --place`:
a CPU-only op inside a device program shows its transfers in --trace and one warning line
names every fallback even without --trace."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import compat.bench
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.scope import Scope
from legacy_fluid.io import save_inference_model
from phi.backends import devices
from phi.common import DataType
from phi.core.kernel_factory import KERNELS
from phi.core.registry import scoped
from tests.cli.malformed import EXAMPLE, assert_clean_error, invoke
from tests.conftest import HAS_CUDA
from tests.devices.conftest import name_plugins
from tests.ops.test_crf_decode_ops import FEED, FETCH, _device_program

MLP = EXAMPLE / "model"
X = EXAMPLE / "x.npy"


@pytest.fixture(scope="module")
def crf_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """scale -> viterbi_decode, crf_decoding (CPU-only kernels) -> scale, saved as a model."""
    folder = tmp_path_factory.mktemp("crf")
    program = _device_program()
    for name, array in FEED.items():  # declared as fed, so that the feed checks pass
        var = program.global_block().var(name)
        var.dtype, var.shape = DataType.from_numpy(array.dtype), [-1, *array.shape[1:]]
    save_inference_model(folder / "model", program, list(FEED), FETCH, Scope())
    np.savez(folder / "feeds.npz", **FEED)
    return folder / "model", folder / "feeds.npz"


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("path", ["auto", "legacy"])
def test_cpu_only_op_in_a_device_program(crf_model: tuple[Path, Path], path: str) -> None:
    model, feeds = crf_model
    cpu = invoke("run", model, "-i", feeds, "--path", path, "--json")
    dev = invoke("run", model, "-i", feeds, "--path", path, "--place", "emulated", "--json")
    assert cpu.exit_code == 0 and dev.exit_code == 0, dev.output
    assert json.loads(cpu.stdout)["outputs"] == json.loads(dev.stdout)["outputs"]
    (line,) = _warnings(dev.stderr)
    kind = "PHI" if path == "auto" else "legacy"
    # viterbi_decode has CPU kernels only; crf_decoding asks for CPU itself (as Paddle's)
    assert line.startswith("warning: 1 of ") and "fell back on emulated: 1 on CPU as " \
        f"{kind} kernels, none for the place (transfers in and out) (viterbi_decode)" in line
    trace_file = model.parent / f"trace_{path}.json"
    traced = invoke("run", model, "-i", feeds, "--path", path, "--place", "emulated",
                    "--trace", "--trace-json", trace_file, "--no-passes", "--warm-runs", "0")
    assert traced.exit_code == 0 and "per-op kernel choices" in traced.stdout
    records = {r["type"]: r for r in json.loads(trace_file.read_text())}  # what --trace shows
    viterbi = records["viterbi_decode"]
    assert viterbi["note_kind"] == "cpu-only" and "no kernel for Place(emulated:0)" in \
        viterbi["note"]
    assert "t0: place Place(emulated:0)->Place(cpu)" in viterbi["transforms"]  # moved in
    # the scale after the decoders reads their CPU output: moved back onto the device
    assert "scores: place Place(cpu)->Place(emulated:0)" in records["scale"]["transforms"]
    assert _warnings(traced.stderr) == [line]


def test_cpu_ops_forces_ops_to_cpu_without_a_warning(tmp_path: Path) -> None:
    ref = invoke("run", MLP, "-i", X, "--json")
    res = invoke("run", MLP, "-i", X, "--place", "emulated", "--cpu-ops", "relu,softmax",
                 "--no-passes", "--json")
    assert res.exit_code == 0 and res.stderr == "", res.output
    assert json.loads(res.stdout)["outputs"] == json.loads(ref.stdout)["outputs"]
    invoke("run", MLP, "-i", X, "--place", "emulated", "--cpu-ops", "relu", "--no-passes",
           "--trace-json", tmp_path / "t.json", "--warm-runs", "0")
    trace = json.loads((tmp_path / "t.json").read_text())
    forced = [r for r in trace if r["note_kind"] == "forced-cpu"]
    assert [r["type"] for r in forced] == ["relu", "relu"]  # the mlp's two relus
    assert all("Place(emulated:0)->Place(cpu)" in " ".join(r["transforms"]) for r in forced)


def test_cpu_ops_names_op_types_of_the_model() -> None:
    assert_clean_error(invoke("run", MLP, "-i", X, "--cpu-ops", "relu,conv2d"),
                       "--cpu-ops: the model has no op of type conv2d", "(its op types:")


@pytest.mark.parametrize(("place", "needle"), [
    ("tpu", "no device type 'tpu' is registered (registered: emulated"),
    ("emulated:3", "place emulated:3 requested but only 1 such device(s) exist"),
])
def test_unusable_places_are_clear_errors(place: str, needle: str) -> None:
    assert_clean_error(invoke("run", MLP, "-i", X, "--place", place), needle)


def test_a_misspelt_place_is_a_usage_error() -> None:
    res = invoke("run", MLP, "-i", X, "--place", "Emu!")
    assert res.exit_code == 2 and "Invalid value for '--place'" in res.stderr
    assert "expected cpu, gpu or gpu:N, emulated," in " ".join(res.stderr.replace("│", "").split())


@pytest.mark.skipif(HAS_CUDA, reason="a CUDA device exists here: the error cannot happen")
@pytest.mark.parametrize("verb", ["run", "bench"])
def test_gpu_without_cuda_is_a_clear_error(verb: str, tmp_path: Path) -> None:
    args = ("run", MLP, "-i", X) if verb == "run" else ("bench", "--out", tmp_path)
    assert_clean_error(invoke(*args, "--place", "gpu"),
                       "place gpu:0 requested but no CUDA device is usable")
    assert not (tmp_path / "bench.json").exists()


@pytest.fixture
def plugin_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy device named in FLUIDPHI_DEVICE_PLUGINS, loaded on first use."""
    name_plugins(monkeypatch, "tests.devices.toy_autoload")
    with scoped(devices.DEVICE_TYPES, KERNELS, OP_KERNELS, inherit=True):
        yield


def test_run_on_a_plugin_device_named_by_the_environment(plugin_env: None) -> None:
    ref = invoke("run", MLP, "-i", X, "--json")
    res = invoke("run", MLP, "-i", X, "--place", "toy", "--no-passes", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["outputs"] == json.loads(ref.stdout)["outputs"]
    doc = json.loads(res.stdout)
    assert doc["place"] == "toy" and "relu" not in str(doc["fallbacks"])  # toy has relu


def test_bench_on_a_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compat.bench, "SAMPLE_SECONDS", 0.001)
    res = invoke("bench", "--model", MLP, "--repeat", "1", "--out", tmp_path,
                 "--place", "emulated")
    assert res.exit_code == 0, res.output
    meta = json.loads((tmp_path / "bench.json").read_text())["meta"]
    assert meta["place"] == "emulated:0" and "--place emulated:0" in meta["command"]
    assert "; place emulated:0)" in (tmp_path / "bench.md").read_text()
