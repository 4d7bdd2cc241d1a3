"""Pad and fold families beyond the Paddle fixtures: calls Paddle refuses when building (or
crashes on) get a clear error, or Paddle's obvious answer where it has none."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.ops.op_helpers import assert_refused

X5 = np.arange(24, dtype=np.float32).reshape(1, 1, 2, 3, 4)


@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("pad3d", {"X": X5}, {"paddings": [1] * 6, "mode": "edge"}, "not a PadMode"),
    ("pad3d", {"X": X5}, {"paddings": [1] * 4}, "6 entries"),
    ("pad3d", {"X": X5}, {"paddings": [1] * 6, "data_format": "NCHW"}, "NCDHW or NDHWC"),
    ("pad3d", {"X": X5}, {"paddings": [-3, -2, 0, 0, 0, 0]}, "crop more"),
    ("pad", {"X": X5[0, 0]}, {"paddings": [1, 0, -1, 0, 0, 0]}, "should >= 0"),
    ("pad", {"X": X5[0, 0]}, {"paddings": [1, 0]}, "2 entries per axis"),
    ("fold", {"X": np.ones((1, 6, 12), np.float32)},
     {"output_sizes": [4, 5], "kernel_sizes": [2, 2], "strides": [1, 1],
      "paddings": [0] * 4, "dilations": [1, 1]}, "should be"),
])
def test_refused_calls(op: str, inputs: dict, attrs: dict, match: str) -> None:
    assert_refused(op, inputs, attrs, ("Out",) if op.startswith("pad") else ("Y",), match)


def test_pad_of_a_0d_tensor_is_a_copy() -> None:
    """Paddle 3.3.1 crashes here; the only padding a 0-D tensor has is none."""
    out, _ = run_single_op("pad", {"X": np.array(2.5, np.float32)}, {"paddings": []}, ("Out",),
                           "phi")
    assert out["Out"][0].shape == () and out["Out"][0] == 2.5
