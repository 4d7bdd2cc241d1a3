"""v1 family beyond the Paddle fixtures: calls Paddle 3.3.1 refuses when building a program
(so no fixture can hold them), or does not check at all (crop), are refused at run time."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import assert_refused

X = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize(("op", "inputs", "attrs", "outputs", "match"), [
    ("expand", {"X": X}, {"expand_times": [2]}, ("Out",), "one entry per dim of X"),
    ("expand", {"X": X}, {"expand_times": [2, 1, 1]}, ("Out",), "one entry per dim of X"),
    ("expand", {"X": X}, {"expand_times": [2, -1]}, ("Out",), "must be >= 0"),
    ("top_k", {"X": X}, {"k": 4}, ("Out", "Indices"), "less than or equal to 3"),
    # Paddle's crop reads past X's end here (no check) and dies on empty offsets
    ("crop", {"X": X}, {"shape": [2, 3], "offsets": [0, 2]}, ("Out",), "is past X's dim 1"),
    ("crop", {"X": X}, {"shape": [2, 3]}, ("Out",), "one entry per dim of X"),
    ("crop_tensor", {"X": X}, {"shape": [2, 3]}, ("Out",), "one entry per dim of X"),
    ("crop_tensor", {"X": X}, {"shape": [-2, 3], "offsets": [0, 0]}, ("Out",),
     "must be -1 or >= 0"),
])
def test_refused_calls(op: str, inputs: dict, attrs: dict, outputs: tuple[str, ...],
                       match: str) -> None:
    assert_refused(op, inputs, attrs, outputs, match)
