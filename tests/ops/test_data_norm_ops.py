"""data_norm: inputs Paddle cannot be checked on (its kernel reads past the statistics, or
its build refuses them), and statistics that inference leaves as they are."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

_OUT = ("Y", "Means", "Scales")


def _inputs(c: int, dtype: str = "float32", **extra: np.ndarray) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {"X": rng.standard_normal((3, c)).astype(dtype),
            "BatchSize": np.full((c,), 10.0, dtype), "BatchSum": np.zeros((c,), dtype),
            "BatchSquareSum": np.full((c,), 40.0, dtype), **extra}


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("inputs", "attrs", "match"), [
    (_inputs(5), {"slot_dim": 2}, r"slot_dim 2 does not divide X's 5 columns"),
    (_inputs(4), {"enable_scale_and_shift": True}, r"needs the scale_w and bias inputs"),
    ({**_inputs(4), "BatchSum": np.zeros((3,), np.float32)}, {},
     r"1-D of X's 4 columns, got dims \[3\]"),
    ({**_inputs(4), "X": np.zeros((0, 4), np.float32)}, {}, r"should be greater than 0"),
], ids=["slot_dim not dividing", "scale without inputs", "stats size", "empty batch"])
def test_bad_inputs_raise(inputs: dict, attrs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("data_norm", inputs, attrs, _OUT, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_statistics_are_inputs_only(mode: str) -> None:
    """Inference never updates BatchSize / BatchSum / BatchSquareSum (persistables)."""
    inputs = _inputs(4, "float64")
    before = {k: v.copy() for k, v in inputs.items()}
    out, trace = run_single_op("data_norm", inputs, {}, _OUT, mode)
    assert trace.path == mode
    np.testing.assert_array_equal(out["Means"][0], np.zeros(4))
    np.testing.assert_allclose(out["Y"][0], before["X"] * 0.5, rtol=1e-15)
    for k, v in before.items():
        np.testing.assert_array_equal(inputs[k], v)
