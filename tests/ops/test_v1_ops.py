"""v1 family beyond the Paddle fixtures: calls Paddle 3.3.1 refuses when building a program
(so no fixture can hold them) are refused at run time too."""

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
])
def test_refused_calls(op: str, inputs: dict, attrs: dict, outputs: tuple[str, ...],
                       match: str) -> None:
    assert_refused(op, inputs, attrs, outputs, match)
