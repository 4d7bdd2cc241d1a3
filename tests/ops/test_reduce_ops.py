"""Reduce ops where Paddle's program cannot be a fixture: what it refuses at build time or
answers with undefined memory, fluidphi refuses with a sentence (legacy and PHI paths)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["reduce_max", "reduce_min", "reduce_amax", "reduce_amin"])
def test_extremum_over_zero_elements_is_refused(op: str, path: str) -> None:
    """Paddle's InferShape refuses max/min along an axis of size 0 (no identity)."""
    x = np.zeros((0, 3), np.float32)
    with pytest.raises(Exception, match="axis 0, which has size 0"):
        run_single_op(op, {"X": x}, {"dim": [0]}, ["Out"], mode=path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["reduce_amax", "reduce_amin"])
def test_amax_reduce_all_with_partial_dim_is_refused(op: str, path: str) -> None:
    """Paddle 3.3.1 gives dim's dims with one element written and the rest uninitialized."""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    with pytest.raises(Exception, match="returns uninitialized memory"):
        run_single_op(op, {"X": x}, {"dim": [0], "reduce_all": True}, ["Out"], mode=path)
    out, _ = run_single_op(op, {"X": x}, {"dim": [0, 1], "reduce_all": True}, ["Out"],
                           mode=path)
    assert out["Out"][0] == (11.0 if op == "reduce_amax" else 0.0)


@pytest.mark.parametrize("path", PATHS)
def test_p_norm_of_0d_is_refused(path: str) -> None:
    """Paddle 3.3.1's p_norm reads dims[axis] of a 0-d X (it crashed in our runs)."""
    with pytest.raises(Exception, match="X is 0-d"):
        run_single_op("p_norm", {"X": np.float32(2.0)}, {"axis": 0}, ["Out"], mode=path)


@pytest.mark.parametrize("path", PATHS)
def test_reduce_ops_ignore_axis_tensor(path: str) -> None:
    """As Paddle's legacy programs, the `dim` attribute decides, not AxisTensor."""
    x = np.array([[1.0, 0.0], [1.0, 1.0]], np.float32)
    out, _ = run_single_op("reduce_all", {"X": x, "AxisTensor": np.array([1], np.int64)},
                           {"dim": [0]}, ["Out"], mode=path)
    np.testing.assert_array_equal(out["Out"][0], [True, False])


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_variance_refuses_a_repeated_axis(path: str) -> None:
    """Paddle refuses it when the op is built (so no fixture holds it)."""
    x = np.ones((2, 3), np.float32)
    with pytest.raises(Exception, match="duplicate dimensions"):
        run_single_op("variance", {"x": x}, {"axis": [1, -1]}, {"out": 1}, path)
