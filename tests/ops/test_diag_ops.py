"""Diag family beyond the Paddle fixtures: calls Paddle 3.3.1 refuses when building a program
(so no fixture can hold them) are refused at run time too."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import assert_refused

X = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("diag_embed", {"Input": X}, {"dim1": 1, "dim2": -2}, "should not be identical"),
    ("diagonal", {"Input": X}, {"axis1": 1, "axis2": -1}, "must differ"),
    ("tril_triu", {"X": X[0]}, {"lower": True}, "rank must be at least 2"),
    ("diag_v2", {"X": X[None]}, {}, "0-D, 1-D or 2-D"),
])
def test_refused_calls(op: str, inputs: dict, attrs: dict, match: str) -> None:
    assert_refused(op, inputs, attrs, ("Out",), match)
