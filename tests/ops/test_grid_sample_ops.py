"""affine_grid / grid_sampler beyond the Paddle fixtures (tests/fixtures/ops/vision_sample):
bad attributes and dims are refused with the op's name on both paths, and an identity
affine grid samples the input back unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_RNG = np.random.default_rng(5)
_X = _RNG.normal(0, 1, (2, 3, 4, 5)).astype(np.float32)
_GRID = _RNG.uniform(-1, 1, (2, 3, 6, 2)).astype(np.float32)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("x", "grid", "attrs", "match"), [
    (_X, _GRID, {"mode": "bicubic"}, "grid_sampler: mode must be one of"),
    (_X, _GRID, {"padding_mode": "wrap"}, "grid_sampler: padding_mode must be one of"),
    (_X, _GRID[..., :1], {}, r"Grid must be \[N, \*out, 2\]"),
    (_X, _GRID[:1], {}, r"with X's N \(2\)"),
    (_X[0], _GRID, {}, "wants a 4-D or 5-D X"),
    (_X[:, :, :0], _GRID, {}, "has an empty spatial dim"),
], ids=["mode", "padding", "grid last dim", "batch", "rank", "empty input"])
def test_grid_sampler_bad_inputs_raise(x: np.ndarray, grid: np.ndarray, attrs: dict,
                                       match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("grid_sampler", {"X": x, "Grid": grid}, attrs, {"Output": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("theta", "shape", "match"), [
    (np.zeros((2, 2, 3), np.float32), [2, 3, 4], "output_shape must hold 4 values"),
    (np.zeros((2, 3, 4), np.float32), [2, 3, 4, 5], r"Theta must be \[N, 2, 3\]"),
    (np.zeros((2, 2, 3), np.float32), [2, 3, 4, 5, 6], r"Theta must be \[N, 3, 4\]"),
], ids=["shape size", "2-D theta", "3-D theta"])
def test_affine_grid_bad_inputs_raise(theta: np.ndarray, shape: list[int], match: str,
                                      mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("affine_grid", {"Theta": theta}, {"output_shape": shape},
                      {"Output": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize("align", [True, False])
def test_identity_grid_samples_the_input_back(align: bool, mode: str) -> None:
    theta = np.tile(np.eye(2, 3, dtype=np.float64), (2, 1, 1))
    x = _X.astype(np.float64)
    got, _ = run_single_op("affine_grid", {"Theta": theta},
                           {"output_shape": [2, 3, 4, 5], "align_corners": align},
                           {"Output": 1}, mode)
    grid = got["Output"][0]
    assert grid.shape == (2, 4, 5, 2)
    for sample in ("bilinear", "nearest"):
        out, _ = run_single_op("grid_sampler", {"X": x, "Grid": grid},
                               {"mode": sample, "align_corners": align}, {"Output": 1}, mode)
        np.testing.assert_allclose(out["Output"][0], x, atol=1e-12)
