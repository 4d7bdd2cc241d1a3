"""`fluidphi check`, and the checks `run` makes before anything runs (memory guard)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compat.memory_guard import Limit, parse_size, resolve_limit
from legacy_fluid.framework.var_type import AttrType, VarType
from tests.cli.malformed import EXAMPLE, ROOT, assert_clean_error, edited, invoke
from tests.conformance.paddle_reference import INFERRED_BY_RUNNING, SUB_BLOCK_MODELS

X = EXAMPLE / "x.npy"
MODELS = sorted(p.parent for p in (ROOT / "tests" / "fixtures").glob("models*/*/model.pdmodel"))


def _fill_constant(m, shape: list[int], dtype: int = VarType.FP32) -> None:
    """Append `big = fill_constant(shape)` and fetch it as a second column."""
    block = m.blocks[0]
    v = block.vars.add(name="big")
    v.type.type = VarType.LOD_TENSOR
    v.type.lod_tensor.tensor.data_type = dtype
    v.type.lod_tensor.tensor.dims.extend(shape)
    op = block.ops.add(type="fill_constant")
    op.outputs.add(parameter="Out", arguments=["big"])
    op.attrs.add(name="shape", type=AttrType.LONGS, longs=shape)
    op.attrs.add(name="dtype", type=AttrType.INT, i=dtype)
    op.attrs.add(name="value", type=AttrType.FLOAT, f=1.0)
    fetch = block.ops.add()
    fetch.CopyFrom(block.ops[10])
    fetch.inputs[0].arguments[0] = "big"
    next(a for a in fetch.attrs if a.name == "col").i = 1


@pytest.mark.parametrize("model_dir", MODELS, ids=[p.name for p in MODELS])
def test_check_passes_every_fixture(model_dir: Path) -> None:
    res = invoke("check", model_dir / "model", "--json")
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["ok"] and report["problems"] == []
    # Control flow, tensor arrays and what follows a data-dependent shape are inferred only
    # by running them; everything else is.
    framework = [n for n in report["infer_meta"]["not_inferred"]
                 if "framework op" in n["why"] or "is not inferred" in n["why"]]
    assert report["infer_meta"]["not_inferred"] == framework
    # InferMeta walks the global block: sub-blocks' ops are left to the run.
    assert (report["infer_meta"]["ops"] == report["ops"]) == (
        model_dir.name not in SUB_BLOCK_MODELS)
    if framework:
        assert model_dir.name in INFERRED_BY_RUNNING


def test_check_lists_every_problem_and_exits_2(tmp_path: Path) -> None:
    def edit(m):
        ops = m.blocks[0].ops
        ops[3].type = "my_relu"
        ops[6].type = "my_other_op"
        next(a for a in ops[2].attrs if a.name == "axis").type = AttrType.STRING

    model = edited(tmp_path / "m", edit)
    res = invoke("check", model, "--json")
    assert res.exit_code == 2
    doc = json.loads(res.stdout)
    kinds = [p["kind"] for p in doc["problems"]]
    assert kinds.count("unknown-op") == 2 and "attribute" in kinds
    # the op whose attribute is refused is not created for the InferMeta pass
    assert any(n["op"] == 2 and "stored as STRING" in n["why"]
               for n in doc["infer_meta"]["not_inferred"])
    text = " ".join(invoke("check", model).stderr.split())
    for needle in ("no operator 'my_relu'", "no operator 'my_other_op'",
                   "op #2 'elementwise_add': attribute 'axis' is stored as STRING ('')"
                   "; the op declares INT"):
        assert needle in text, text


def test_check_reports_a_malformed_file_cleanly(tmp_path: Path) -> None:
    (tmp_path / "m.pdmodel").write_bytes(b"\x0a\x02\x08")
    assert_clean_error(invoke("check", tmp_path / "m"), "not a valid Paddle program")
    assert_clean_error(invoke("check", tmp_path / "nothing"), "model not found")
    res = invoke("check", tmp_path / "m", "--json")
    assert res.exit_code == 2 and json.loads(res.stdout)["problems"][0]["kind"] == "format"


def test_check_finds_what_a_kernel_rejects_and_run_names_the_op(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: setattr(
        next(a for a in m.blocks[0].ops[9].attrs if a.name == "axis"), "i", 5))
    res = invoke("check", model, "--json")
    assert res.exit_code == 2
    assert json.loads(res.stdout)["problems"] == [
        {"kind": "kernel", "message": "op #9 'softmax': ValueError: softmax: axis 5 is out of "
                                      "range for a 2-D tensor (expected [-2, 2))"}]
    assert_clean_error(invoke("run", model, "-i", X), "op #9 'softmax'", "failed", code=1)


def test_run_refuses_what_infer_meta_rejects_before_running(tmp_path: Path) -> None:
    def edit(m):  # x^T @ w: [16, 4] @ [16, 32], inner dims disagree
        next(a for a in m.blocks[0].ops[1].attrs if a.name == "trans_x").b = True

    model = edited(tmp_path / "m", edit)
    out = tmp_path / "out.npz"
    assert_clean_error(invoke("run", model, "-i", X, "--output", out), "nothing was run",
                       "op #1 'matmul_v2'")
    assert not out.exists()
    assert json.loads(invoke("check", model, "--json").stdout)["problems"][0]["kind"] == \
        "infer-meta"


def test_memory_guard_refuses_a_huge_fill_constant(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: _fill_constant(m, [2**31]))
    res = invoke("run", model, "-i", X, "--max-memory", "1GiB")
    assert_clean_error(res, "about 8.0 GiB", "'big' [2147483648] float32",
                       "op #11 'fill_constant'", "limit of 1.0 GiB (--max-memory 1GiB)",
                       "nothing was run")
    check = json.loads(invoke("check", model, "--json").stdout)
    assert check["infer_meta"]["largest"]["bytes"] == 8 * 2**30
    small = edited(tmp_path / "s", lambda m: _fill_constant(m, [1000]))
    assert invoke("run", small, "-i", X, "--max-memory", "1MiB").exit_code == 0
    assert_clean_error(invoke("run", small, "-i", X, "--max-memory", "lots"),
                       "--max-memory", "not a size")


def test_sizes_and_default_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_size("512M") == 512 << 20 and parse_size("4GiB") == 4 << 30
    assert parse_size("1e3") == 1000 and parse_size("none") is None
    for bad in ("-1", "0", "12 parsecs", "", "1e999", "inf", "nan", "-inf", "1e-3", "8e18k",
                "9" * 40, "1e99999"):
        with pytest.raises(ValueError):
            parse_size(bad)
    import compat.memory_guard as guard

    monkeypatch.setattr(guard, "available_memory", lambda: (10 << 30, "the memory test"))
    assert resolve_limit(None) == Limit(8 << 30, "80% of the memory test")
    assert resolve_limit("none").bytes is None


def _singular_inverse(m) -> None:
    """Append `inv = inverse(fill_constant([2, 2], 1.0))` (a singular matrix known before
    anything runs) and fetch it as a second column."""
    block = m.blocks[0]
    for name in ("ones", "inv"):
        v = block.vars.add(name=name)
        v.type.type = VarType.LOD_TENSOR
        v.type.lod_tensor.tensor.data_type = VarType.FP32
        v.type.lod_tensor.tensor.dims.extend([2, 2])
    fill = block.ops.add(type="fill_constant")
    fill.outputs.add(parameter="Out", arguments=["ones"])
    fill.attrs.add(name="shape", type=AttrType.LONGS, longs=[2, 2])
    fill.attrs.add(name="dtype", type=AttrType.INT, i=VarType.FP32)
    fill.attrs.add(name="value", type=AttrType.FLOAT, f=1.0)
    inverse = block.ops.add(type="inverse")
    inverse.inputs.add(parameter="Input", arguments=["ones"])
    inverse.outputs.add(parameter="Output", arguments=["inv"])
    fetch = block.ops.add()
    fetch.CopyFrom(block.ops[10])
    fetch.inputs[0].arguments[0] = "inv"
    next(a for a in fetch.attrs if a.name == "col").i = 1


def test_check_tells_placeholder_values_from_known_ones(tmp_path: Path) -> None:
    """Kernels that refuse values (a singular matrix, one not positive definite) are run
    on placeholder data by `check`: there the refusal means nothing (linalg_head passes,
    above); on values known before anything runs it is a problem of the program."""
    model = edited(tmp_path / "m", _singular_inverse)
    res = invoke("check", model, "--json")
    assert res.exit_code == 2
    (problem,) = json.loads(res.stdout)["problems"]
    assert problem["kind"] == "kernel"
    assert "'inverse': InvalidValueError: inverse: Input is not invertible" in problem["message"]
