"""fractional_max_pool2d / 3d with random_u 0: Paddle draws u from its process-wide
generator, which fluidphi cannot know; fluidphi draws it from its own
(`phi.kernels.funcs.random.seed_all`). Checked: each output is the input at its mask index,
the windows' maxima cover the input as fractional windows do, and the draw moves the
windows. Given a random_u the results are exact against Paddle (op_cases/pool.py)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs.pooling_nd import fractional_bounds
from phi.kernels.funcs.random import seed_all


def _pool(path: str, x: np.ndarray, output_size: list[int], seed: int) -> tuple:
    seed_all(seed)
    op = f"fractional_max_pool{x.ndim - 2}d"
    result, _ = run_single_op(op, {"x": x}, {"output_size": output_size, "random_u": 0.0},
                              ["out", "mask"], path)
    return result["out"][0], result["mask"][0]


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_unseeded_windows_pick_maxima_at_their_mask(path: str) -> None:
    x = np.random.default_rng(0).permutation(2 * 3 * 13 * 11).reshape(2, 3, 13, 11)
    x = x.astype(np.float32)
    outs = set()
    for seed in range(8):
        out, mask = _pool(path, x, [5, 4], seed)
        assert out.shape == mask.shape == (2, 3, 5, 4) and mask.dtype == np.int32
        flat = x.reshape(2, 3, -1)
        assert (np.take_along_axis(flat, mask.reshape(2, 3, -1), axis=-1)
                == out.reshape(2, 3, -1)).all()
        rows, cols = mask // 11, mask % 11
        assert (np.diff(rows, axis=2) >= 0).all() and (np.diff(cols, axis=3) >= 0).all()
        outs.add(out.tobytes())
    assert len(outs) > 1  # u is drawn: the windows move between draws


def test_bounds_cover_the_input_for_every_u() -> None:
    """Without a kernel size the windows tile the input: the first starts at 0, each starts
    where the previous ends, the last ends inside the input."""
    for u in np.linspace(0.0, 0.999, 37, dtype=np.float32):
        for size, out in ((13, 5), (11, 4), (7, 7), (9, 2)):
            starts, ends = fractional_bounds(size, out, 0, u)
            assert starts[0] == 0 and (starts[1:] == ends[:-1]).all()
            assert (ends > starts).all() and ends[-1] <= size
