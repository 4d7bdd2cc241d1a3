"""Parity runs: identical / differing / errored per dtype; the file's merge rules."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from compat.coverage import parity as par
from compat.coverage.facts import collect_facts
from compat.single_op import run_single_op
from phi.backends.devices import gpu_or_stand_in
from phi.common import CPUPlace, CustomPlace, DataType


@pytest.fixture(scope="module")
def scale_facts():
    return collect_facts()["scale"]


def test_scale_is_identical_on_every_common_cpu_dtype(scale_facts) -> None:
    results = par.verify_op(scale_facts, "cpu")
    assert set(results) == set(scale_facts.cpu_common_dtypes("cpu"))
    assert "float32" in results
    assert {r["status"] for r in results.values()} == {"identical"}


def _fake_run(out_legacy: np.ndarray, out_phi: np.ndarray, fail: str | None = None):
    def run(op_type, inputs, attrs, outputs, mode, place):
        if mode == fail:
            raise ValueError("boom")
        trace = types.SimpleNamespace(path=mode)
        return {"Out": [out_legacy if mode == "legacy" else out_phi]}, trace
    return run


def test_compare_case_statuses() -> None:
    case = par.VerifyCase("c", {"X": (2, 2)}, {}, {"Out": 1})
    a = np.arange(4, dtype=np.float32)
    same = par.compare_case("scale", case, DataType.FLOAT32, CPUPlace(), _fake_run(a, a.copy()))
    assert same["status"] == "identical" and same["max_abs_diff"] is None
    diff = par.compare_case("scale", case, DataType.FLOAT32, CPUPlace(), _fake_run(a, a + 0.5))
    assert diff["status"] == "differing" and diff["max_abs_diff"] == 0.5
    assert diff["error"] == "Out[0]: values differ (max abs diff 0.5)"
    cast = par.compare_case("scale", case, DataType.FLOAT32, CPUPlace(),
                            _fake_run(a, a.astype(np.float64)))
    assert cast["error"] == "Out[0]: dtype float32 vs float64"
    empty = par.compare_case("scale", case, DataType.FLOAT32, CPUPlace(),
                             _fake_run(np.empty(0, np.int32), np.empty(0, np.float32)))
    assert empty["status"] == "identical"  # an output no kernel wrote
    err = par.compare_case("scale", case, DataType.FLOAT32, CPUPlace(), _fake_run(a, a, "phi"))
    assert err["status"] == "errored" and err["error"] == "phi: ValueError: boom"


def test_on_the_emulated_device_the_cpu_answer_is_required_too() -> None:
    case = par.VerifyCase("c", {"X": (2, 2)}, {}, {"Out": 1})
    a = np.arange(4, dtype=np.float32)
    device = CustomPlace("emulated", 0)

    def run(op_type, inputs, attrs, outputs, mode, place):  # the device agrees with itself
        out = a if place.is_cpu else a + 0.25
        return {"Out": [out]}, types.SimpleNamespace(path=mode)

    got = par.compare_case("scale", case, DataType.FLOAT32, device, run)
    assert got["status"] == "differing" and got["max_abs_diff"] == 0.25
    assert got["error"] == "CPU vs device Out[0]: values differ (max abs diff 0.25)"
    same = par.compare_case("scale", case, DataType.FLOAT32, device, _fake_run(a, a.copy()))
    assert same["status"] == "identical"


def test_verify_cases_from_the_op_module(monkeypatch: pytest.MonkeyPatch, scale_facts) -> None:
    module = sys.modules[scale_facts.module]
    monkeypatch.setattr(module, "VERIFY_CASES", [
        {"inputs": {"X": (3,)}, "attrs": {"scale": 2.0}, "dtypes": ["FLOAT32"], "name": "x2"},
        {"op": "other_op", "inputs": {"X": (1,)}},
    ], raising=False)
    cases = par.explicit_cases("scale")
    assert cases is not None and [c.name for c in cases] == ["x2"]
    assert cases[0].dtypes == ["float32"]
    results = par.verify_op(scale_facts, "cpu")
    assert list(results) == ["float32"]
    assert results["float32"]["status"] == "identical" and results["float32"]["case"] == "x2"


def test_input_specs() -> None:
    rng = np.random.default_rng(0)
    case = par.VerifyCase("c", {"X": {"shape": [2], "dtype": "int64", "low": 1, "high": 2},
                                "ScaleTensor": {"value": [3]}})
    got = par.materialize_inputs("scale", case, DataType.FLOAT32, rng)
    assert got["X"].dtype == np.int64 and got["X"].tolist() == [1, 1]
    assert got["ScaleTensor"].dtype == np.float32 and got["ScaleTensor"].tolist() == [3.0]
    default = par.materialize_inputs("scale", par.VerifyCase("d"), DataType.FLOAT64, rng)
    assert list(default) == ["X"] and default["X"].shape == (3, 4)  # dispensable slot left out
    assert par.default_cases("scale")[0].default_shape == (3, 4)


def test_no_gradient_output_is_asked_for_an_absent_input() -> None:
    """layer_norm_grad without Scale / Bias (as Paddle's grad maker writes it): Scale@GRAD
    and Bias@GRAD are not fetched; with them, every gradient is."""
    asked: list[dict[str, int]] = []

    def run(op_type, inputs, attrs, outputs, mode, place):
        asked.append(dict(outputs))
        return {"X@GRAD": [np.zeros(2)]}, types.SimpleNamespace(path=mode)

    grads = {"X@GRAD", "Scale@GRAD", "Bias@GRAD"}
    common = {"X": (3, 4), "Mean": (3,), "Variance": (3,), "Y@GRAD": (3, 4)}
    without = par.VerifyCase("no scale", {**common, "Scale": None, "Bias": None})
    par.compare_case("layer_norm_grad", without, DataType.FLOAT32, CPUPlace(), run)
    assert set(asked[-1]) == {"X@GRAD"}
    with_scale = par.VerifyCase("scale", {**common, "Scale": (4,), "Bias": (4,)})
    par.compare_case("layer_norm_grad", with_scale, DataType.FLOAT32, CPUPlace(), run)
    assert set(asked[-1]) == grads
    listed = par.VerifyCase("listed", {**common, "Scale": None}, outputs={"Scale@GRAD": 1})
    par.compare_case("layer_norm_grad", listed, DataType.FLOAT32, CPUPlace(), run)
    assert set(asked[-1]) == {"X@GRAD", "Scale@GRAD"}  # a listed output is always asked


def test_a_kernel_the_op_never_selects_gets_no_row() -> None:
    """reduce_sum's CPU float16 kernel (registered as Paddle does) is declared unreachable:
    the op refuses a float16 X on the CPU, so it has no row; the GPU's float16 is kept."""
    facts = collect_facts()["reduce_sum"]
    assert "float16" in facts.cpu_common_dtypes("cpu")
    assert set(par.unreachable_dtypes("reduce_sum", "cpu")) == {"float16"}
    assert par.unreachable_dtypes("reduce_sum", "gpu") == {}
    results = par.verify_op(facts, "cpu")
    assert "float16" not in results and results["float32"]["status"] == "identical"


def _declared_unreachable() -> list[tuple[str, str, str]]:
    collect_facts()  # loads every op module
    return sorted((op, device, dtype) for name, module in list(sys.modules.items())
                  if name.startswith("legacy_fluid.operators.")
                  for op, kernels in (getattr(module, "UNREACHABLE_KERNELS", None) or {}).items()
                  for device, dtype in kernels)


def test_the_unreachable_declarations_hide_no_kernel_that_runs() -> None:
    """Each declared (op, device, dtype) is refused on both paths for the op's case."""
    declared = _declared_unreachable()
    assert {("reduce_sum", "cpu", "float16"), ("tdm_child", "gpu", "float32"),
            ("correlation", "cpu", "float64")} <= set(declared)
    for op, device, dtype in declared:
        case = (par.explicit_cases(op) or par.default_cases(op))[0]
        inputs = par.materialize_inputs(op, case, DataType.parse(dtype),
                                        np.random.default_rng(0))
        place = CPUPlace() if device == "cpu" else gpu_or_stand_in()
        for path in ("legacy", "phi"):
            with pytest.raises(Exception):  # noqa: B017 - any refusal: Paddle's own words vary
                run_single_op(op, inputs, case.attrs, par._outputs_of(op, case, inputs), path,
                              place)


def test_file_merge_and_aggregation(tmp_path: Path) -> None:
    path = tmp_path / "parity.json"
    assert par.load_parity(path) == par.empty_parity()
    ok = {"status": "identical", "case": "c", "max_abs_diff": None, "error": None}
    bad = {**ok, "status": "differing", "max_abs_diff": 1.0}
    par.merge_results(path, "gpu", {"scale": {"float16": ok}}, source="test", device_desc="GPU X",
                      timestamp="2024-01-01T00:00:00Z")
    par.merge_results(path, "cpu", {"scale": {"float32": ok, "float64": bad}}, source="test",
                      device_desc="CPU", timestamp="2024-01-02T00:00:00Z")
    doc = par.load_parity(path)
    assert doc["runs"]["gpu"]["device"] == "GPU X"  # another device's run is kept
    cpu = par.op_parity(doc, "scale", "cpu")
    assert cpu == {"status": "differing", "dtypes": {"float32": "identical",
                                                      "float64": "differing"},
                   "timestamp": "2024-01-02T00:00:00Z"}
    assert par.op_parity(doc, "scale", "gpu")["status"] == "identical"
    assert par.op_parity(doc, "relu", "cpu") == {"status": "not run", "dtypes": {},
                                                 "timestamp": None}
    path.write_text(json.dumps({"version": 99}))
    assert par.load_parity(path) == par.empty_parity()
    with pytest.raises(ValueError, match="parity device"):
        par.merge_results(path, "tpu", {}, source="test")


def test_refresh_without_cuda_keeps_gpu_results(tmp_path: Path, scale_facts) -> None:
    path = tmp_path / "parity.json"
    ok = {"status": "identical", "case": "c", "max_abs_diff": None, "error": None}
    par.merge_results(path, "gpu", {"scale": {"float16": ok}}, source="earlier",
                      device_desc="GPU X", timestamp="2024-01-01T00:00:00Z")
    doc = par.refresh_parity([scale_facts], path, gpu=False)
    assert doc["runs"]["gpu"]["source"] == "earlier"
    assert doc["runs"]["cpu"]["ops"]["scale"]["float32"]["status"] == "identical"
    assert json.loads(path.read_text()) == doc
