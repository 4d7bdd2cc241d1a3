"""set_value_grad beyond the Paddle fixtures (tests/conformance/op_cases/creation_grad.py
says why these are not exported): Input's gradient with `none_axes` and for a 0-d Input."""

from __future__ import annotations

import numpy as np

from tests.ops.op_helpers import rand, run_both


def test_none_axes_gives_input_its_gradient() -> None:
    grads = rand((2, 3), 1)
    out = run_both("set_value_grad", {"Out@GRAD": grads, "ValueTensor": rand((1, 1, 3), 2)},
                   {"axes": [0], "starts": [0], "ends": [1], "steps": [1], "none_axes": [1]},
                   ["Input@GRAD", "ValueTensor@GRAD"])
    expected = grads.copy()
    expected[0] = 0
    np.testing.assert_array_equal(out["Input@GRAD"][0], expected)
    np.testing.assert_array_equal(out["ValueTensor@GRAD"][0], grads[:1].reshape(1, 1, 3))


def test_0d_input() -> None:
    out = run_both("set_value_grad", {"Out@GRAD": np.array(2.5)},
                   {"axes": [], "starts": [], "ends": [], "steps": [], "values": [1.0],
                    "shape": [1]}, ["Input@GRAD"])
    assert out["Input@GRAD"][0].shape == ()
    assert out["Input@GRAD"][0] == 0
