"""activation family: what the Paddle fixtures cannot hold (programs Paddle refuses to
build: its InferShape rejects them), on the legacy and the PHI path."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


@pytest.mark.parametrize(("shape", "attrs", "match"), [
    ((1, 4, 2, 2), {"groups": 1, "axis": 1}, "groups must be greater than 1"),
    ((1, 5, 2, 2), {"groups": 2, "axis": 1}, "not divisible by groups=2"),
    ((1, 4, 2, 2), {"groups": 2, "axis": 2}, "axis must be 1, -1 or 3"),
    ((1, 4, 2, 2), {"groups": 2, "axis": -3}, "axis must be 1, -1 or 3"),
    ((4, 2, 2), {"groups": 2, "axis": 1}, "X must be 4-D"),
])
def test_maxout_rejects_what_paddle_rejects(shape, attrs, match) -> None:
    x = np.zeros(shape, np.float32)
    for mode in ("legacy", "phi"):
        with pytest.raises(Exception, match=f"maxout: .*{match}"):
            run_single_op("maxout", {"X": x}, attrs, ["Out"], mode)


def test_maxout_nhwc_matches_nchw_transposed() -> None:
    """axis -1 on NHWC is axis 1 on the same data in NCHW."""
    x = np.random.default_rng(0).standard_normal((2, 6, 3, 4)).astype(np.float32)
    for mode in ("legacy", "phi"):
        nchw, _ = run_single_op("maxout", {"X": x}, {"groups": 3, "axis": 1}, ["Out"], mode)
        nhwc, _ = run_single_op("maxout", {"X": x.transpose(0, 2, 3, 1)},
                                {"groups": 3, "axis": -1}, ["Out"], mode)
        got = nhwc["Out"][0].transpose(0, 3, 1, 2)
        np.testing.assert_array_equal(got, nchw["Out"][0])
        np.testing.assert_array_equal(got, x.reshape(2, 2, 3, 3, 4).max(axis=2))


@pytest.mark.parametrize("path", ["legacy", "phi"])
@pytest.mark.parametrize(("inputs", "match"), [
    ({"x": np.ones((2, 3))}, "exactly divided by 2"),
    ({"x": np.ones((2, 4)), "y": np.ones((2, 1))}, "should be equal of the shape"),
])
def test_swiglu_rejects_what_paddle_rejects(inputs: dict, match: str, path: str) -> None:
    """Paddle refuses these when the op is built (so no fixture holds them)."""
    with pytest.raises(Exception, match=f"swiglu: .*{match}"):
        run_single_op("swiglu", inputs, {}, {"out": 1}, path)
