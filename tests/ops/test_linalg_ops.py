"""linalg ops: inputs Paddle rejects while building the program (so no Paddle fixture can
hold them) give clear errors on both paths; Paddle's outputs are checked by the single-op
fixtures in tests/fixtures/ops/linalg."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


def _f32(*shape: int) -> np.ndarray:
    return np.random.default_rng(sum(shape)).uniform(-1, 1, shape).astype(np.float32)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("bmm", {"X": _f32(2, 3, 4), "Y": _f32(3, 4, 5)}, {}, "batch sizes differ"),
    ("bmm", {"X": _f32(3, 4), "Y": _f32(4, 5)}, {}, "must be 3-D"),
    ("trace", {"Input": _f32(3, 3)}, {"axis1": 1, "axis2": -1}, "must be different axes"),
    ("trace", {"Input": _f32(3, 3)}, {"axis1": 2}, "axis1 2 is out of range"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(4, 5)]}, {"equation": "ij,jk->ik"},
     "label 'j' of 'ij,jk->ik' has sizes 3 and 4"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(3, 4)]}, {"equation": "ij,jk"},
     "must be explicit"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(3, 4)]}, {"equation": "...j,jk->...k"},
     "without '...'"),
    ("einsum", {"Operands": [_f32(2, 3)]}, {"equation": "ij,jk->ik"}, "names 2 operands"),
    ("cross", {"X": _f32(3, 4), "Y": _f32(3, 4)}, {"dim": 1}, "size 3 at dim 1"),
    ("cross", {"X": _f32(3, 4), "Y": _f32(3, 3)}, {}, "same dims"),
    ("dot", {"X": _f32(3), "Y": _f32(4)}, {}, "same dims"),
    ("mv", {"X": _f32(3, 4), "Vec": _f32(3)}, {}, "Vec"),
    ("addmm", {"Input": _f32(3, 5), "X": _f32(2, 4), "Y": _f32(4, 5)}, {},
     "does not broadcast"),
    ("dist", {"X": _f32(2, 3), "Y": _f32(2, 4)}, {}, "do not broadcast"),
    ("determinant", {"Input": _f32(2, 3)}, {}, "square matrices"),
    ("matrix_power", {"X": _f32(3)}, {"n": 2}, "square matrices"),
    ("cholesky", {"X": np.array([[[4.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, -1.0]]],
                                np.float32)}, {}, "matrix 1 of the batch"),
    ("norm", {"X": _f32(2, 3)}, {"axis": 2}, "axis 2 is out of range"),
    ("norm", {"X": np.float32(1.0).reshape(())}, {"axis": 0}, "at least 1 dimension"),
    ("frobenius_norm", {"X": _f32(2, 3)}, {"dim": [2]}, "axis 2 is out of range"),
    ("frobenius_norm", {"X": _f32(2, 3)}, {"dim": [0, -2]}, "duplicate"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_inputs_raise(op: str, inputs: dict, attrs: dict, match: str, mode: str) -> None:
    outputs = {"Output": 1} if op == "inverse" else {"Out": 1}
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outputs, mode)


def test_slogdeterminant_of_nan_has_sign_zero() -> None:
    x = np.array([[np.nan, 1.0], [1.0, 1.0]], np.float64)
    for mode in ("legacy", "phi"):
        got, _ = run_single_op("slogdeterminant", {"Input": x}, {}, {"Out": 1}, mode)
        assert got["Out"][0][0] == 0 and np.isnan(got["Out"][0][1])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_norm_writes_its_divisor(mode: str) -> None:
    """Norm (stripped from saved programs, so no fixture holds it) is what Out divides by."""
    x = np.array([[3.0, 4.0], [0.0, 0.0]], np.float64)
    out, _ = run_single_op("norm", {"X": x}, {"axis": 1, "epsilon": 1e-10},
                           {"Out": 1, "Norm": 1}, mode)
    np.testing.assert_allclose(out["Norm"][0], [[5.0], [1e-5]], rtol=1e-9)
    np.testing.assert_allclose(out["Out"][0], [[0.6, 0.8], [0.0, 0.0]], rtol=1e-9)
