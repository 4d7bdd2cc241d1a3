"""fft family beyond the Paddle fixtures: calls Paddle 3.3.1 refuses when building a program
(so no fixture can hold them), and fft_c2r with a last_dim_size needing more bins than X has
(Paddle runs it and reads past X: garbage), are refused on both paths."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import assert_refused

SEQ = np.arange(8, dtype=np.float32).reshape(2, 4)
SPECTRUM = np.ones((3, 5), dtype=np.complex64)


@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("frame", {"X": SEQ}, {"frame_length": 5, "hop_length": 1}, "frame_length 5 exceeds"),
    ("frame", {"X": SEQ}, {"frame_length": 2, "hop_length": 1, "axis": 1}, "must be 0 or -1"),
    ("frame", {"X": SEQ}, {"frame_length": 2, "hop_length": 0}, "'hop_length' must be > 0"),
    ("overlap_add", {"X": SEQ}, {"hop_length": 3}, "hop_length 3 exceeds the frame length 2"),
    ("overlap_add", {"X": SEQ[0]}, {"hop_length": 1}, "rank >= 2"),
    ("as_complex", {"X": SEQ}, {}, "last axis must be 2"),
    ("fft_c2r", {"X": SPECTRUM},
     {"axes": [1], "normalization": "backward", "forward": False, "last_dim_size": 20},
     "last_dim_size 20 does not fit"),
    ("fft_r2c", {"X": SEQ}, {"axes": [1, 1], "normalization": "ortho", "forward": True,
                             "onesided": True}, "names an axis twice"),
    ("fft_c2c", {"X": SPECTRUM}, {"axes": [], "normalization": "ortho", "forward": True},
     "at least one axis"),
])
def test_refused_calls(op: str, inputs: dict, attrs: dict, match: str) -> None:
    assert_refused(op, inputs, attrs, ("Out",), match)
