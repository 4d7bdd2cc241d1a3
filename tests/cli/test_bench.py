"""`fluidphi bench` runs and its figures follow from its own samples (nothing is timed here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import compat.bench
import compat.bench_cold
from compat import bench_backends, bench_report, bench_targets
from compat.bench_backends import Backend
from fluidphi.cli import app

MLP = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp" / "model"
FLUIDPHI = ["planned", "legacy", "kernels"]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("bench")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compat.bench, "SAMPLE_SECONDS", 0.001)  # speed, not precision, here
        mp.setattr(compat.bench, "WARMUP_SECONDS", 0.0)
        mp.setattr(compat.bench_cold, "COLD_RUNS", 2)
        absent = Backend("absent", "a backend whose package is missing", lambda *a: None,
                         needs=("fluidphi_no_such_package",))
        mp.setitem(bench_backends.BACKENDS, "absent", absent)
        args = ["bench", "--model", str(MLP), "--model", "chain", "--repeat", "3",
                "--batch", "4", "--max-foreign", "1000", "--out", str(out), "--json"]
        for name in [*FLUIDPHI, "numpy", "absent"]:
            args += ["--backend", name]
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads((out / "bench.json").read_text())
    assert json.loads(result.stdout) == doc  # --json alone: stdout holds the report only
    doc["md"] = (out / "bench.md").read_text()
    return doc


def test_bench_covers_every_case_and_backend(report: dict) -> None:
    cases = {(c["model"], c["batch"]): c for c in report["cases"]}
    assert set(cases) == {("mlp", 4), ("chain", 1)}
    mlp = cases[("mlp", 4)]
    assert mlp["ops"] == 9 and set(mlp["backends"]) == {*FLUIDPHI, "absent"}
    assert mlp["backends"]["absent"] == {"status": "not installed",
                                         "reason": "fluidphi_no_such_package"}
    chain = cases[("chain", 1)]
    assert chain["ops"] == 200 and set(chain["backends"]) == {*FLUIDPHI, "numpy", "absent"}
    assert "--repeat 3" in report["meta"]["command"]


def test_bench_figures_are_consistent(report: dict) -> None:
    for case in report["cases"]:
        for name, entry in case["backends"].items():
            if entry["status"] != "ok":
                continue
            samples = case["samples"][name]
            assert len(samples) >= 3 and all(s["seconds"] > 0 for s in samples)
            assert entry["p10_ms"] <= entry["median_ms"] <= entry["p90_ms"]
            assert entry["us_per_op"] == pytest.approx(entry["median_ms"] * 1e3 / case["ops"])
            assert entry["peak_rss_mb"] > 0 and entry["minflt_per_run"] >= 0
            assert entry["cpu_ms"] >= 0 and entry["majflt_per_run"] >= 0
            assert entry["loops"] >= 1 and entry["loaded_samples"] == 0
        ok = {n: e for n, e in case["backends"].items() if e["status"] == "ok"}
        expected = {f"{a}/{b}{suffix}": ok[a][key] / ok[b][key]
                    for key, suffix in (("median_ms", ""), ("cpu_ms", " cpu"))
                    for a, b in bench_report.RATIOS if a in ok and b in ok and ok[b][key] > 0}
        assert case["ratios"] == pytest.approx(expected)
        assert "legacy/planned" in case["ratios"] and "planned/kernels" in case["ratios"]


def test_bench_markdown_has_every_table_within_80_columns(report: dict) -> None:
    md = report["md"]
    for title in ("fluidphi", "Paddle Inference and ONNX Runtime", "Ratios of medians",
                  "Wall time:", "CPU time:", "Dispatch", "Spread, memory and load"):
        assert title in md
    assert "| mlp | 4 |" in md and "| absent | n/i |" in md  # in the dispatch table
    assert max(len(line) for line in md.splitlines()) <= 80


def test_bench_report_recomputes_the_same_figures_from_raw_samples(report: dict,
                                                                    tmp_path: Path) -> None:
    doc = {k: v for k, v in report.items() if k != "md"}
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bench.json").write_text(json.dumps(doc))
    assert bench_report.main([str(tmp_path / "in" / "bench.json"), str(tmp_path)]) == 0
    assert json.loads((tmp_path / "bench.json").read_text()) == doc
    assert (tmp_path / "bench.md").read_text() == report["md"]


def test_bench_with_a_missing_model_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["bench", "--model", str(tmp_path / "none" / "model"),
                                      "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "none" in result.output
    assert not (tmp_path / "bench.json").exists()


def test_bench_rejects_unknown_backends(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["bench", "--backend", "nope", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "nope" in result.output


def test_bench_checks_its_targets(report: dict) -> None:
    verdicts = {(v["target"], v["model"]): v for v in report["targets"]}
    # the chain has planned and numpy: the dispatch target has a figure
    chain = report["cases"][-1]["backends"]
    dispatch = verdicts[("dispatch", "chain")]
    assert dispatch["value"] == pytest.approx(chain["planned"]["us_per_op"]
                                              - chain["numpy"]["us_per_op"])
    assert dispatch["met"] == (dispatch["value"] <= 1.0)
    # no Paddle or ONNX Runtime backend in this run: no verdict claims a ratio to them
    assert not any(t.startswith(("pd/", "pl/pd", "pl/ort", "RSS", "cold")) for t, _ in verdicts)
    assert "## Targets" in report["md"]


def test_bench_times_the_cold_start_of_a_fresh_run(report: dict) -> None:
    """The mlp's cold start: `fluidphi run` in fresh processes (Paddle and ONNX Runtime
    not asked for here, so not started); the report shows it and the CPU it ran on."""
    (cold,) = report["cold"]
    assert cold["model"] == "mlp" and set(cold["backends"]) == {"planned"}
    entry = cold["backends"]["planned"]
    assert entry["status"] == "ok"
    assert 0 < entry["min_s"] <= entry["median_s"] and entry["cpu_s"] > 0
    assert "## Cold start" in report["md"] and "| mlp | planned |" in report["md"]
    assert report["meta"]["cpu"]["model"] and "CPU: " in report["md"]


def test_bench_targets_say_by_how_much_they_are_missed() -> None:
    def case(model: str, **medians: float) -> dict:
        return {"model": model, "batch": 1, "backends": {
            name: {"status": "ok", "median_ms": ms, "peak_rss_mb": 100.0 + ms}
            for name, ms in medians.items()}}

    verdicts = bench_targets.evaluate([
        case("resnet18", planned=10.0, paddle=16.0, ort=5.0),
        case("mlp", planned=3.0, paddle=1.0), case("unet", planned=2.0, paddle=1.0)])
    found = {(v["target"], v["model"]): v for v in verdicts}
    assert set(found) == {("pd/pl conv", "resnet18"), ("pl/ort conv", "resnet18"),
                          ("pl/pd small", "mlp"), ("RSS pl/ort", "resnet18"),
                          *(("RSS pl/pd", m) for m in ("resnet18", "mlp", "unet"))}
    # unet is neither a conv-net nor a small-model target; every model has an RSS verdict
    assert found[("pd/pl conv", "resnet18")]["value"] == pytest.approx(1.6)
    assert bench_targets.describe(found[("pd/pl conv", "resnet18")]) == "missed by 1.25x"
    assert bench_targets.describe(found[("pl/ort conv", "resnet18")]) == "missed by 1.33x"
    assert bench_targets.describe(found[("pl/pd small", "mlp")]) == "missed by 3.00x"
    assert found[("RSS pl/pd", "mlp")]["value"] == pytest.approx(103 / 101)
    assert found[("RSS pl/ort", "resnet18")]["value"] == pytest.approx(110 / 105)
    assert bench_targets.describe(found[("RSS pl/ort", "resnet18")]) == "missed by 1.05x"
    cold = {"model": "mlp", "backends": {"planned": {"status": "ok", "median_s": 0.45},
                                         "ort": {"status": "ok", "median_s": 0.12}}}
    (verdict,) = bench_targets.evaluate([cold], bench_targets.COLD_TARGETS)
    assert verdict["value"] == pytest.approx(3.75)
    assert bench_targets.describe(verdict) == "missed by 1.25x"


def test_a_verdict_on_few_clean_samples_says_so() -> None:
    def entry(ms: float, samples: int, all_loaded: bool) -> dict:
        return {"status": "ok", "median_ms": ms, "peak_rss_mb": 100.0, "samples": samples,
                "all_samples_loaded": all_loaded}

    def verdict(paddle: dict) -> dict:
        case = {"model": "mlp", "batch": 1,
                "backends": {"planned": entry(0.1, 5, False), "paddle": paddle}}
        (found,) = [v for v in bench_targets.evaluate([case]) if v["target"] == "pl/pd small"]
        return found

    assert bench_targets.describe(verdict(entry(0.08, 5, False))) == "missed by 1.25x"
    assert bench_targets.describe(verdict(entry(0.12, 1, False))) == "met (on 1 clean sample)"
    # only loaded samples were left: none of them clean
    assert bench_targets.describe(verdict(entry(0.08, 15, True))) == \
        "missed by 1.25x (on 0 clean samples)"


def test_cold_starts_run_with_their_bytecode_cached(tmp_path: Path) -> None:
    """The bench's processes share a bytecode folder, written even where the environment
    says not to write bytecode (a source tree is timed as installed, not compiling)."""
    env = compat.bench_cold.bytecode_env({"PYTHONDONTWRITEBYTECODE": "1", "A": "b"},
                                         tmp_path / "pyc")
    assert env == {"A": "b", "PYTHONPYCACHEPREFIX": str(tmp_path / "pyc")}
    env = compat.bench_cold.bytecode_env(dict(os.environ, PYTHONDONTWRITEBYTECODE="1"),
                                         tmp_path / "pyc")
    subprocess.run([sys.executable, "-c", "import compat.bench_targets"], env=env, check=True)
    assert list((tmp_path / "pyc").rglob("bench_targets*.pyc"))


def test_samples_last_long_enough_at_the_fastest_warm_up_pace() -> None:
    """A warm-up run that waited for the CPU (workers warm up side by side) does not
    shrink the samples: runs per sample follow the fastest warm-up run."""
    from compat.bench_worker import loops_for

    assert loops_for([0.1, 4e-5, 4e-5, 0.04], 0.2) == 5000
    assert loops_for([0.5, 0.3], 0.2) == 1
    assert loops_for([0.0], 0.25) == 2_500_000  # a run under the clock's resolution


def test_targets_are_issue_26s() -> None:
    """Issue 26's targets, bound for bound: conv nets >= 2x Paddle Inference without
    oneDNN and <= 1.5x ONNX Runtime; mlp, lenet, transformer <= 1x Paddle Inference and
    <= 2.5x ONNX Runtime; peak RSS <= both; cold start of the mlp <= 3x an ONNX Runtime
    script; planned dispatch <= 1 us/op over direct NumPy calls. The compiled library's
    conv rows hold it to the conv nets' bounds."""
    models = ["resnet18", "resnet50", "mobilenet_v2", "mlp", "lenet", "transformer",
              "unet", "chain"]
    found = {}
    for target in bench_targets.TARGETS:
        applies = tuple(m for m in models if target.applies({"model": m}))
        found[target.name] = (target.figure.backends, target.bound.value, target.limit,
                              applies)
    conv, small = ("resnet18", "resnet50", "mobilenet_v2"), ("mlp", "lenet", "transformer")
    every = tuple(m for m in models if m != "chain")
    assert found == {
        "dispatch": (("planned", "numpy"), "<=", 1.0, ("chain",)),
        "pd/pl conv": (("paddle", "planned"), ">=", 2.0, conv),
        "pl/ort conv": (("planned", "ort"), "<=", 1.5, conv),
        "pl/pd small": (("planned", "paddle"), "<=", 1.0, small),
        "pl/ort small": (("planned", "ort"), "<=", 2.5, small),
        "RSS pl/pd": (("planned", "paddle"), "<=", 1.0, every),
        "RSS pl/ort": (("planned", "ort"), "<=", 1.0, every),
        "pd/nb conv": (("paddle", "numba"), ">=", 2.0, conv),
        "nb/ort conv": (("numba", "ort"), "<=", 1.5, conv),
    }
    (cold,) = bench_targets.COLD_TARGETS
    assert (cold.name, cold.bound.value, cold.limit, cold.applies({"model": "mlp"}),
            cold.applies({"model": "lenet"})) == ("cold pl/ort", "<=", 3.0, True, False)
    # a small model's ONNX Runtime bound reads planned over ort
    case = {"model": "lenet", "batch": 1, "backends": {
        "planned": {"status": "ok", "median_ms": 0.06, "peak_rss_mb": 50.0},
        "ort": {"status": "ok", "median_ms": 0.02, "peak_rss_mb": 300.0}}}
    (verdict,) = [v for v in bench_targets.evaluate([case]) if v["target"] == "pl/ort small"]
    assert verdict["value"] == pytest.approx(3.0)
    assert bench_targets.describe(verdict) == "missed by 1.20x"
