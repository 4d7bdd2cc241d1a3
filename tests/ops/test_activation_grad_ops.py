"""Activation grads beyond the Paddle fixtures: hard_swish_grad's refusal of custom
constants (on both paths) and 0-d softmaxes (constant functions: zero gradient)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.ops.op_helpers import rand, run_both


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_hard_swish_grad_refuses_constants_other_than_6_6_3(path):
    inputs = {"X": rand((3, 4), 1), "Out@GRAD": rand((3, 4), 2)}
    with pytest.raises(Exception, match="not 6/6/3"):
        run_single_op("hard_swish_grad", inputs, {"threshold": 4.0, "scale": 5.0,
                                                  "offset": 2.0}, ["X@GRAD"], path)


def test_hard_swish_grad_takes_the_default_constants():
    x = np.array([-4.0, -3.0, -1.0, 0.0, 2.0, 3.0, 5.0], np.float32)
    got = run_both("hard_swish_grad", {"X": x, "Out@GRAD": np.ones_like(x)}, {}, ["X@GRAD"])
    np.testing.assert_allclose(got["X@GRAD"][0], [0, 0, 1 / 6, 0.5, 7 / 6, 1, 1], rtol=1e-6)


@pytest.mark.parametrize("op", ["softmax_grad", "log_softmax_grad"])
def test_a_0d_softmax_has_a_zero_gradient(op):
    out = np.array(1.0 if op == "softmax_grad" else 0.0, np.float32)
    got = run_both(op, {"Out": out, "Out@GRAD": np.array(0.7, np.float32)}, {"axis": -1},
                   ["X@GRAD"])
    assert got["X@GRAD"][0].shape == () and got["X@GRAD"][0] == 0
