"""LoD through concat and one_hot_v2, as Paddle 3.3.1's Executor gives it: concat along
axis 0 joins its inputs' sequences (offsets [0, 2, 3] and [0, 1, 3] give [0, 2, 3, 4, 6]);
along another axis, or when an input has no LoD, the first input's LoD is kept; one_hot_v2
keeps X's LoD. (The expected LoDs are what Paddle returned for these feeds.)"""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import PathMode
from compat.single_op import run_single_op_tensors
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs.concat_split import concat_lod


def _lod_tensor(array: np.ndarray, lod: list[list[int]]) -> DenseTensor:
    tensor = DenseTensor(array)
    tensor.lod = lod
    return tensor


A = np.arange(6, dtype=np.float32).reshape(3, 2)
B = A + 10


@pytest.mark.parametrize("mode", [PathMode.PHI, PathMode.LEGACY, PathMode.AUTO])
@pytest.mark.parametrize(("axis", "lods", "want"), [
    (0, [[[0, 2, 3]], [[0, 1, 3]]], [[0, 2, 3, 4, 6]]),
    (1, [[[0, 2, 3]], [[0, 1, 3]]], [[0, 2, 3]]),
    (0, [[[0, 2, 3]], []], [[0, 2, 3]]),
    (0, [[[0, 1, 3], [0, 1, 2, 3]], [[0, 2], [0, 2, 3]]], [[0, 1, 3, 5], [0, 1, 2, 3, 5, 6]]),
])
def test_concat_lod(mode: PathMode, axis: int, lods: list, want: list) -> None:
    xs = [_lod_tensor(A, lods[0]), _lod_tensor(B, lods[1])]
    run = run_single_op_tensors("concat", {"X": xs}, {"axis": axis}, ["Out"], mode)
    (out,) = run.outputs["Out"]
    assert out.lod == want
    np.testing.assert_array_equal(out.numpy(), np.concatenate([A, B], axis))


def test_concat_lods_of_different_depths_are_refused() -> None:
    with pytest.raises(ValueError, match="1 and 2 levels"):
        concat_lod([[[0, 3]], [[0, 1], [0, 1, 3]]], 0, 2)


@pytest.mark.parametrize("mode", [PathMode.PHI, PathMode.LEGACY])
def test_one_hot_v2_keeps_the_lod(mode: PathMode) -> None:
    ids = _lod_tensor(np.array([[1], [2], [3]], np.int64), [[0, 1, 3]])
    run = run_single_op_tensors("one_hot_v2", {"X": ids},
                                {"depth": 4, "dtype": 5, "allow_out_of_range": False},
                                ["Out"], mode)
    (out,) = run.outputs["Out"]
    assert out.lod == [[0, 1, 3]]
    assert out.dims == (3, 1, 4)
