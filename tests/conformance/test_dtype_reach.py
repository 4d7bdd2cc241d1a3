"""What Paddle 3.3.1's legacy programs run on uint16 / uint32 / uint64 and float8 tensors
(tests/fixtures/dtype_reach.json, written by check_dtype_reach.py) agrees with fluidphi's
rules: no legacy CPU program reaches an unsigned tensor, so those are exactly the element
types no fluid kernel is keyed on (var_type.dtypes_without_legacy_kernel: the legacy form
is held to Paddle's dtypes less them, tests/ops/op_helpers.held_dtypes) and no unsigned gap
is declared; no float8 gap while Paddle's programs make and use float8 tensors; fluidphi's
cast refuses the unsigned targets Paddle's refuses."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.var_type import VarType, dtypes_without_legacy_kernel
from tests.conformance.op_cases import family_names, load_family
from tests.ops import grad_dtype_gaps, op_dtype_gaps

RECORD = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "dtype_reach.json")
                    .read_text())["types"]
UNSIGNED = ("uint16", "uint32", "uint64")
FLOAT8 = ("float8_e4m3fn", "float8_e5m2")


def _declared() -> dict[tuple[str, str], str]:
    """(op type, dtype) -> reason, over the forward DTYPE_GAPS and MISSING and grad
    MISSING."""
    out = {(op, d): reason for name in family_names()
           for op, gaps in getattr(load_family(name), "DTYPE_GAPS", {}).items()
           for d, reason in gaps.items()}
    out |= {(op, d): grad_dtype_gaps.reason(op, d)
            for op, ds in grad_dtype_gaps.MISSING.items() for d in ds}
    out |= {(op, d): op_dtype_gaps.reason(op, d)
            for op, ds in op_dtype_gaps.MISSING.items() for d in ds}
    return out


def test_paddle_reaches_no_unsigned_tensor() -> None:
    for name in ("UINT16", "UINT32", "UINT64"):
        ran = sorted(k for k, outcome in RECORD[name].items() if outcome == "ok")
        assert ran == [], f"Paddle ran {ran} on {name}: VarType.{name}.keys_kernel is wrong"
        assert not VarType[name].keys_kernel
    assert "tensor.set()" in RECORD["UINT32"]["feed"]
    assert "Invalid enum data type" in RECORD["UINT64"]["cast_to"]


def test_the_types_without_a_legacy_kernel_are_those_paddle_runs_nothing_on() -> None:
    nothing_ran = {name.lower() for name, outcomes in RECORD.items()
                   if "ok" not in outcomes.values()}
    assert {str(d) for d in dtypes_without_legacy_kernel()} == nothing_ran == set(UNSIGNED)


def test_no_unsigned_gap_is_declared() -> None:
    """The legacy form is held without them by rule, the PHI form registers them."""
    unsigned = sorted(k for k in _declared() if k[1] in UNSIGNED)
    assert unsigned == [], f"unsigned gaps declared: {unsigned}"


def test_paddle_programs_use_float8_so_no_gap_is_declared() -> None:
    for name in ("FP8_E4M3FN", "FP8_E5M2"):
        assert RECORD[name]["cast_to"] == "ok" and RECORD[name]["load_combine+cast"] == "ok"
        assert RECORD[name]["feed"] != "ok" and RECORD[name]["load_combine+fetch"] != "ok"
    float8 = sorted(k for k in _declared() if k[1] in FLOAT8)
    assert float8 == [], f"float8 gaps declared: {float8}"


@pytest.mark.parametrize("path", ["legacy", "phi", "auto"])
@pytest.mark.parametrize("name", ["UINT16", "UINT32", "UINT64"])
def test_cast_refuses_unsigned_targets_as_paddle(name: str, path: str) -> None:
    assert "Invalid enum data type" in RECORD[name]["cast_to"]
    attrs = {"in_dtype": int(VarType.FP32), "out_dtype": int(VarType[name])}
    with pytest.raises(Exception, match=f"cast: attribute out_dtype is {name.lower()}: "
                                        "Paddle 3.3.1 has no cast to it"):
        run_single_op("cast", {"X": [np.ones(3, np.float32)]}, attrs, ["Out"], path)
    attrs["out_dtype"] = int(VarType.UINT8)  # the one unsigned target Paddle casts to
    out, _ = run_single_op("cast", {"X": [np.full(3, 7.9, np.float32)]}, attrs, ["Out"], path)
    assert out["Out"][0].dtype == np.uint8 and out["Out"][0].tolist() == [7, 7, 7]
