"""gather_grad beyond the Paddle fixtures: a 0-D index along a middle axis, where Paddle
3.3.1's CPU kernel scatters the gradient to the wrong places, is refused on both paths;
along the first and last axes (fixtures) it is right."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_gather_grad_refuses_a_0d_index_along_a_middle_axis(path: str) -> None:
    inputs = {"X": np.zeros((3, 4, 5), np.float32), "Index": np.array(2, np.int64),
              "Out@GRAD": np.ones((3, 5), np.float32)}
    with pytest.raises(Exception, match="middle axis"):
        run_single_op("gather_grad", inputs, {"axis": 1}, ["X@GRAD"], path)
