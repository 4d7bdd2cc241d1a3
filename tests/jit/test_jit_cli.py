"""`fluidphi run --library` and the bench's `numba` backend (compile time apart)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import compat.bench
import phi.jit
from fluidphi.cli import app

LENET = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "lenet"


def _run(*args: str):
    return CliRunner().invoke(app, ["run", str(LENET / "model"), "-i",
                                    str(LENET / "inputs_b1.npz"), *args])


def test_run_library_numba_runs_compiled_kernels(tmp_path: Path) -> None:
    pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")
    trace = tmp_path / "trace.json"
    done = _run("--library", "numba", "--trace-json", str(trace))
    assert done.exit_code == 0, done.output
    keys = {r["type"]: r["key"] for r in json.loads(trace.read_text())}
    assert "NUMBA" in keys["pool2d"] and "NUMBA" not in keys["feed"]
    assert "warning" not in done.output  # the plain kernels it falls back to are no fallback


def test_run_library_numba_without_numba_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phi.jit, "unavailable_reason", lambda: "numba is not installed")
    done = _run("--library", "numba")
    assert done.exit_code == 2
    assert "numba is not installed" in done.output and "jit" in done.output


def test_bench_numba_backend_reports_compile_time_apart(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")
    monkeypatch.setattr(compat.bench, "SAMPLE_SECONDS", 0.001)
    monkeypatch.setattr(compat.bench, "WARMUP_SECONDS", 0.0)
    done = CliRunner().invoke(app, ["bench", "--model", str(LENET / "model"), "--batch", "1",
                                    "--repeat", "2", "--threads", "1", "--max-foreign",
                                    "1000", "--backend", "planned", "--backend", "numba",
                                    "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    case = json.loads((tmp_path / "bench.json").read_text())["cases"][0]
    jit = case["backends"]["numba"]
    assert jit["status"] == "ok" and jit["first_run_ms"] > 0 and jit["compile_seconds"] >= 0
    assert "compile_seconds" not in case["backends"]["planned"] or \
        case["backends"]["planned"]["compile_seconds"] == 0
    md = (tmp_path / "bench.md").read_text()
    assert "## Compiled kernel library (numba)" in md and "| lenet | 1 |" in md


def test_inference_config_chooses_the_library_and_its_threads() -> None:
    pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")
    import numpy as np

    from fluidphi.inference import Config, create_predictor

    feeds = np.load(LENET / "inputs_b1.npz")
    outputs = []
    for library in ("plain", "numba"):
        config = Config(str(LENET))
        config.set_kernel_library(library)
        config.set_cpu_math_library_num_threads(1)
        assert config.kernel_library() == library
        row = next(r for r in config.summary().splitlines() if "kernel_library" in r)
        assert row.split("|")[2].strip() == library
        predictor = create_predictor(config)
        outputs.append(predictor.run([feeds[k] for k in feeds.files])[0].numpy())
    np.testing.assert_allclose(outputs[1], outputs[0], rtol=1e-5, atol=1e-6)
    assert phi.jit.runtime.threads() == 1
    with pytest.raises(ValueError, match="expected one of: plain, numba"):
        Config(str(LENET)).set_kernel_library("onednn")


def test_bench_targets_of_the_compiled_library() -> None:
    from compat import bench_targets

    case = {"model": "mobilenet_v2", "batch": 1, "backends": {
        name: {"status": "ok", "median_ms": ms, "peak_rss_mb": 100.0}
        for name, ms in {"planned": 10.0, "numba": 8.0, "paddle": 20.0, "ort": 4.0}.items()}}
    found = {v["target"]: v for v in bench_targets.evaluate([case])}
    assert found["pd/nb conv"]["value"] == pytest.approx(2.5)
    assert bench_targets.describe(found["pd/nb conv"]) == "met"
    assert bench_targets.describe(found["nb/ort conv"]) == "missed by 1.33x"
