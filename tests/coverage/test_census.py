"""Paddle's op census (compat/coverage/census.json): strict loading, the join with
fluidphi's registries, and the generator's determinism (with Paddle only)."""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from compat.coverage.census import (
    CENSUS_PATH,
    CensusError,
    CpuKernel,
    Exclusion,
    load_census,
    parse_census,
)
from compat.coverage.census_grads import grads_headline_text
from compat.coverage.census_report import (
    RUNNABLE_FORMS,
    census_lines,
    census_section,
    headline_text,
)
from compat.coverage.validate import load_schema
from compat.predictor import kernel_forms
from legacy_fluid.framework.op_registry import OP_INFOS

ROOT = Path(__file__).resolve().parent.parent.parent
GENERATOR = ROOT / "tests/conformance/export_census.py"
PADDLE_PYTHON_ENV = "FLUIDPHI_PADDLE_PYTHON"


@pytest.fixture(scope="module")
def raw() -> dict:
    return json.loads(CENSUS_PATH.read_text(encoding="utf-8"))


def test_census_loads_with_protos_and_reasons() -> None:
    census = load_census()
    assert census.paddle_version == "3.3.1"
    assert census.command == "python tests/conformance/export_census.py"
    assert len(census.ops) == len({o.op_type for o in census.ops}) > 700
    conv = census.op("conv2d")
    assert conv is not None and conv.cpu_kernel is CpuKernel.KERNEL and conv.excluded is None
    assert [v.name for v in conv.inputs][:2] == ["Input", "Filter"]
    strides = next(a for a in conv.attrs if a.name == "strides")
    assert strides.type == "INTS" and strides.has_default and strides.default == [1, 1]
    assert "op_role" in census.common_attrs and all(a.name != "op_role" for a in conv.attrs)
    concat = census.op("concat")
    assert concat is not None and concat.inputs[0].duplicable
    # every excluded op type has a reason of the enum; one without a CPU kernel is excluded
    for op in census.ops:
        assert op.excluded is None or isinstance(op.excluded, Exclusion)
        if op.cpu_kernel is CpuKernel.NONE:
            assert op.excluded is not None, op.op_type
    assert census.op("c_concat").excluded is Exclusion.DISTRIBUTED
    assert census.op("feed").excluded is Exclusion.IO_HOST
    assert census.op("while").cpu_kernel is CpuKernel.FRAMEWORK
    batch_fc = census.op("batch_fc")  # registered for CPU; its kernel only raises
    assert batch_fc.cpu_kernel is CpuKernel.KERNEL and batch_fc.excluded is Exclusion.NOT_RUNNABLE
    assert "only supports GPU" in batch_fc.note and census.op("conv2d").note is None
    # registered with a CPU kernel, but Paddle crashes on every program holding it: the
    # experiment's finding is recorded with the op
    full_int_array = census.op("full_int_array")
    assert full_int_array.cpu_kernel is CpuKernel.KERNEL
    assert full_int_array.excluded is Exclusion.NOT_RUNNABLE and "SIGSEGV" in full_int_array.note


@pytest.mark.parametrize("change, message", [
    (lambda d: d["ops"][0].update(surprise=1), "op 'abs': unknown key(s) surprise"),
    (lambda d: d["ops"][0].pop("family"), "op 'abs': missing key(s) family"),
    (lambda d: d["ops"][0].update(excluded="lazy"), "op 'abs': 'excluded' is 'lazy', not one of"),
    (lambda d: d["ops"][0].update(cpu_kernel="none", excluded=None),
     "op 'abs': an op type without a CPU kernel must be excluded"),
    (lambda d: d["ops"][0]["inputs"].append({"name": "Q", "duplicable": "yes"}),
     "op 'abs' input 1: 'duplicable' must be bool"),
    (lambda d: d["ops"][0].update(excluded="not-runnable"),
     "op 'abs': 'note' must say why exactly when 'excluded' is 'not-runnable'"),
    (lambda d: d["ops"][0].update(note="why not"),
     "op 'abs': 'note' must say why exactly when 'excluded' is 'not-runnable'"),
    (lambda d: d.update(format=99), "top level: 'format' is 99; this fluidphi reads format 4"),
    (lambda d: d["ops"][0].pop("grad_ops"),
     "op 'abs': 'grad_ops' must be given exactly when the op type is not excluded"),
    (lambda d: d["ops"][0].update(grad_ops=["b_grad", "a_grad"]),
     "op 'abs': 'grad_ops' must be a sorted list of distinct op type names"),
    (lambda d: d["ops"][0].update(grad_note="crashed"),
     "op 'abs': 'grad_note' says why 'grad_ops' is empty: only with an empty 'grad_ops'"),
    (lambda d: d["ops"][0].pop("grad_kernels"),
     "op 'abs': 'grad_kernels' must have an entry for each of 'grad_ops', and no other"),
    (lambda d: d["ops"][0]["grad_kernels"].update(other_grad={"phi_kernel": None,
                                                             "cpu_dtypes": []}),
     "op 'abs': 'grad_kernels' must have an entry for each of 'grad_ops', and no other"),
    (lambda d: d["ops"][0]["grad_kernels"]["abs_grad"].update(cpu_dtypes=["int8", "bool"]),
     "op 'abs' grad kernel 'abs_grad': 'cpu_dtypes' must be a sorted list of distinct"),
    (lambda d: d["ops"][0].pop("cpu_dtypes"),
     "op 'abs': 'cpu_dtypes' must be given exactly when the op type is not excluded"),
    (lambda d: d["ops"][0].update(cpu_dtypes=["int8", "bool"]),
     "op 'abs': 'cpu_dtypes' must be a sorted list of distinct dtype names"),
    (lambda d: d["ops"][0].update(cpu_dtypes=[]),
     "op 'abs': 'cpu_dtypes' must be non-empty exactly when 'cpu_kernel' is 'kernel'"),
    (lambda d: d["ops"].reverse(), "top level: 'ops' must be sorted by op_type"),
])
def test_census_refuses_bad_data(raw: dict, change, message: str) -> None:
    bad = copy.deepcopy(raw)
    change(bad)
    with pytest.raises(CensusError, match=r"^census\.json: ") as err:
        parse_census(bad, "census.json")
    assert message in str(err.value)


def test_census_carries_paddles_grad_ops_for_every_runnable_op() -> None:
    census = load_census()
    for op in census.ops:
        assert (op.grad_ops is None) == (op.excluded is not None), op.op_type
        assert op.grad_note is None or op.grad_ops == (), op.op_type
    counted = census.counted
    with_grads = [o for o in counted if o.grad_ops or o.grad_note]
    # Paddle 3.3.1 has a non-empty grad op maker for 318 of the 459 runnable op types
    assert (len(counted), len(with_grads)) == (459, 318)
    assert census.op("conv2d").grad_ops == ("conv2d_grad",)
    assert census.op("relu").grad_ops == ("relu_grad",)
    # differentiated by forward ops, not by a grad op type of their own
    assert census.op("scale").grad_ops == ("scale",) and census.op("unbind").grad_ops == ("stack",)
    assert census.op("accuracy").grad_ops == () and census.op("accuracy").grad_note is None
    # from the training programs Paddle differentiated (its makers need the sub-block)
    for op_type in ("while", "conditional_block"):
        op = census.op(op_type)
        assert op.grad_ops == (f"{op_type}_grad",) and op.grad_note is None
        (kernel,) = op.grad_kernels
        assert kernel.phi_kernel is None and kernel.cpu_dtypes == ()  # a framework op
    assert census.op("feed").grad_ops is None
    # the kernel Paddle's CPU build runs for each grad op type
    (relu_grad,) = census.op("relu").grad_kernels
    assert relu_grad.grad_op == "relu_grad" and relu_grad.phi_kernel == "relu_grad"
    assert {"float32", "float64"} <= set(relu_grad.cpu_dtypes)
    (add_grad,) = census.op("elementwise_add").grad_kernels
    assert add_grad.phi_kernel == "add_grad" and "complex64" in add_grad.cpu_dtypes
    (flatten,) = census.op("flatten_contiguous_range").grad_kernels
    assert flatten.phi_kernel == "flatten_grad"  # Paddle's name table misses it


def test_census_carries_paddles_forward_cpu_dtypes() -> None:
    census = load_census()
    for op in census.ops:
        assert (op.cpu_dtypes is None) == (op.excluded is not None), op.op_type
    assert census.op("feed").cpu_dtypes is None
    assert census.op("while").cpu_dtypes == ()  # a framework op: no kernel
    relu = census.op("relu").cpu_dtypes
    assert {"float32", "float64"} <= set(relu) and "int32" not in relu
    assert {"complex64", "int64"} <= set(census.op("elementwise_add").cpu_dtypes)
    # the kernel registered under the op type where the PHI op name has none
    assert census.op("determinant").phi_kernel == "det"
    assert "float64" in census.op("determinant").cpu_dtypes


def test_every_registered_op_in_the_census_is_counted_as_running() -> None:
    census = load_census()
    section = census_section(census)
    by_type = {o["op_type"]: o for o in section["ops"]}
    registered = [t for t in OP_INFOS.op_types() if census.op(t) is not None
                  and census.op(t).excluded is None]
    assert len(registered) > 100
    for t in registered:
        assert by_type[t]["runs"], (t, kernel_forms(t))


def test_reported_numbers_follow_from_the_data() -> None:
    census = load_census()
    forms = {"relu": "both", "while": "framework", "conv2d": "phi", "lstm": "neither"}
    section = census_section(census, lambda t: forms.get(t, "missing"))
    counted = [o for o in census.ops if o.excluded is None]
    assert section["headline"] == {"runs": 4 - ("lstm" in forms), "total": len(counted),
                                   "percent": round(300 / len(counted), 1)}
    assert sum(f["total"] for f in section["by_family"]) == len(counted)
    assert sum(f["runs"] for f in section["by_family"]) == 3
    missing = {t for f in section["by_family"] for t in f["missing"]}
    assert missing == {o.op_type for o in counted} - {"relu", "while", "conv2d"}
    assert len(section["excluded"]) + len(counted) == len(census.ops) == section["op_types"]
    assert {e["reason"] for e in section["excluded"]} <= {e.value for e in Exclusion}
    assert sum(section["excluded_counts"].values()) == len(section["excluded"])
    assert [e["op_type"] for e in section["excluded"] if e["runs"]] == []  # none in `forms`
    shown = census_section(census, lambda t: "both" if t in ("feed", "relu") else "missing")
    assert [e["op_type"] for e in shown["excluded"] if e["runs"]] == ["feed"]
    assert RUNNABLE_FORMS == {"both", "phi", "legacy", "framework"}


def test_report_shows_the_census_within_80_columns() -> None:
    section = census_section()
    lines = census_lines(section)
    h = section["headline"]
    assert f"{h['runs']} / {h['total']}" in lines[0] and f"({h['percent']}%)" in lines[0]
    assert all(len(line) <= 80 for line in lines)
    shown = " ".join(lines[1:-1]).split()
    for f in section["by_family"]:  # each family with its figure, on one line
        assert any(f"{f['family']} {f['runs']}/{f['total']}" in line for line in lines[1:-1])
    g = section["grads"]["headline"]
    assert lines[-1].startswith(f"  grads: {g['complete']} / {g['total']} op types")
    assert len(shown) == 2 * len(section["by_family"])
    assert str(h["total"]) in headline_text(section)


def test_schema_names_the_exclusion_reasons_of_the_enum() -> None:
    census = load_schema()["$defs"]["census"]["properties"]
    reasons = [e.value for e in Exclusion]
    assert census["excluded"]["items"]["properties"]["reason"]["enum"] == reasons
    assert census["reasons"]["required"] == reasons
    assert census["excluded_counts"]["required"] == reasons


def _paddle_python() -> str:
    if importlib.util.find_spec("paddle") is not None:
        return sys.executable
    python = os.environ.get(PADDLE_PYTHON_ENV)
    if not python:
        pytest.skip(f"paddle is not installed (the conformance extra) and ${PADDLE_PYTHON_ENV} "
                    "names no Python that has it: the generator cannot run")
    return python


def test_generator_is_deterministic_and_matches_the_committed_census(tmp_path: Path) -> None:
    python = _paddle_python()
    env = dict(os.environ, FLAGS_enable_pir_api="0", OMP_NUM_THREADS="1")
    env.pop("PYTHONPATH", None)
    outs = []
    for i in range(2):
        out = tmp_path / f"census{i}.json"
        proc = subprocess.run([python, str(GENERATOR), "--out", str(out)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=600, check=False)
        assert proc.returncode == 0, proc.stderr[-3000:]
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    fresh = parse_census(json.loads(outs[0]), "fresh census")
    if fresh.paddle_version == load_census().paddle_version:
        assert outs[0] == CENSUS_PATH.read_bytes(), "census.json is stale: rerun the generator"


def test_readme_gives_the_committed_reports_census_figure() -> None:
    committed = json.loads((ROOT / "reports/coverage.json").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"| {headline_text(committed['census'])} — " in readme, \
        "README.md's census row must quote the committed report's headline"
    assert f"| {grads_headline_text(committed['census']['grads'])}; " in readme, \
        "README.md's census row must quote the committed report's grads figure"
