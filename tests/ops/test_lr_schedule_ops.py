"""increment beyond the Paddle fixtures: a counter of more than one element is refused on
both paths (Paddle refuses it while building the program, so no fixture holds it); an
integer counter adds the step truncated toward zero."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_increment_refuses_more_than_one_element(path: str) -> None:
    with pytest.raises(Exception, match="exactly one element"):
        run_single_op("increment", {"X": np.zeros(2, np.float32)}, {"step": 1.0}, ["Out"], path)


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_increment_truncates_the_step_of_an_integer_counter(path: str) -> None:
    out, _ = run_single_op("increment", {"X": np.array([5], np.int64)}, {"step": -2.9},
                           ["Out"], path)
    assert out["Out"][0].dtype == np.int64 and int(out["Out"][0][0]) == 3
