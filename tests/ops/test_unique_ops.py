"""unique / unique_consecutive inside a program: their outputs' dims change with the data,
so a planned run must size them afresh and re-infer every op after them.

One saved model runs several times in a row (same feed dims, different numbers of
distinct values) on every path; the later ops (scale, gather, cumsum, reduce_sum) must see
the new dims each time. The expected values are NumPy's, computed here.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import LoadedModel, run_model
from phi.common import DataType
from tests.ops.op_helpers import saved_model

PATHS = ("auto", "phi", "legacy")
#: same dims, different numbers of distinct values / runs (fewer, more and back again)
FEEDS = [np.float32([3, 1, 3, 2, 7, 7]), np.float32([5, 5, 5, 5, 5, 1]),
         np.float32([6, 5, 4, 3, 2, 1]), np.float32([3, 1, 3, 2, 7, 7])]
FETCHES = ["doubled", "rebuilt", "running_counts", "total"]


def _save_chain(tmp_path: Path, op: str, attrs: dict) -> LoadedModel:
    """x -> op (Out, Index, Counts) -> scale(Out), gather(Out, Index), cumsum(Counts),
    reduce_sum(Out)."""
    return saved_model(tmp_path, {"x": (DataType.FLOAT32, [6])}, [
        (op, {"X": ["x"]}, {"Out": ["out"], "Index": ["index"], "Counts": ["counts"]}, attrs),
        ("scale", {"X": ["out"]}, {"Out": ["doubled"]},
         {"scale": 2.0, "bias": 0.0, "bias_after_scale": True}),
        ("gather", {"X": ["out"], "Index": ["index"]}, {"Out": ["rebuilt"]}, {"axis": 0}),
        ("cumsum", {"X": ["counts"]}, {"Out": ["running_counts"]}, {"axis": -1}),
        ("reduce_sum", {"X": ["out"]}, {"Out": ["total"]}, {"dim": [], "reduce_all": True}),
    ], FETCHES)


def _expected(op: str, x: np.ndarray) -> dict[str, np.ndarray]:
    if op == "unique":
        values, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    else:
        starts = np.flatnonzero(np.r_[True, x[1:] != x[:-1]])
        values, counts = x[starts], np.diff(np.r_[starts, x.size])
        inverse = np.cumsum(np.r_[True, x[1:] != x[:-1]]) - 1
    return {"doubled": values * 2, "rebuilt": values[inverse], "running_counts":
            np.cumsum(counts), "total": np.float32(values.sum())}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("op", "attrs"), [
    ("unique", {"is_sorted": True, "return_inverse": True, "return_counts": True}),
    ("unique_consecutive", {"return_inverse": True, "return_counts": True, "dtype": 3}),
], ids=["unique", "unique_consecutive"])
def test_data_dependent_dims_rerun(tmp_path: Path, op: str, attrs: dict, path: str) -> None:
    model = _save_chain(tmp_path, op, attrs)
    for x in FEEDS:
        result = run_model(model, {"x": x}, path=path)
        for name, want in _expected(op, x).items():
            got = result.outputs[name]
            assert got.shape == want.shape, f"{op} [{path}] {name} for {x}: dims {got.shape}"
            np.testing.assert_allclose(got, want, err_msg=f"{op} [{path}] {name} for {x}")
        np.testing.assert_array_equal(result.outputs["rebuilt"], x)
