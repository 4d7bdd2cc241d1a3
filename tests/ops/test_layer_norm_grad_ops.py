"""layer_norm_grad beyond the Paddle fixtures: the call Paddle 3.3.1 answers wrongly (X@GRAD
through a Scale that takes no gradient) is refused on every path, and the gradients a
program does not ask for are not computed."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.executor import OpRunError
from tests.ops.op_helpers import rand, run_both


def _inputs() -> dict[str, np.ndarray]:
    x = rand((3, 8), 1)
    return {"X": x, "Scale": rand((8,), 2) + 1.0, "Bias": rand((8,), 3),
            "Mean": x.mean(axis=1), "Variance": x.var(axis=1), "Y@GRAD": rand((3, 8), 4)}


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_x_grad_through_a_frozen_scale_is_refused(path: str) -> None:
    with pytest.raises(OpRunError, match="drops Scale from X@GRAD"):
        run_single_op("layer_norm_grad", _inputs(), {}, ["X@GRAD"], path)


def test_only_the_asked_gradients_are_written() -> None:
    out = run_both("layer_norm_grad", _inputs(), {}, ["Scale@GRAD", "Bias@GRAD"])
    assert set(out) == {"Scale@GRAD", "Bias@GRAD"}
    inputs = _inputs()
    np.testing.assert_allclose(out["Bias@GRAD"][0], inputs["Y@GRAD"].sum(axis=0), rtol=1e-6)
