"""Loss-scaling ops beyond Paddle's fixtures (tests/fixtures/ops/amp): a program whose Out
list does not match its X list is refused with the op's name on both paths."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.executor import OpRunError

_XS = [np.ones((2, 3), np.float32), np.ones((4,), np.float32)]
_CASES = {
    "check_finite_and_unscale": ({"X": _XS, "Scale": np.array([8.0], np.float32)}, {},
                                 {"Out": 1, "FoundInfinite": 1}),
    "update_loss_scaling": (
        {"X": _XS, "FoundInfinite": np.array([False]),
         "PrevLossScaling": np.array([1024.0], np.float32),
         "InGoodSteps": np.array([0], np.int32), "InBadSteps": np.array([0], np.int32)},
        {"incr_every_n_steps": 2, "decr_every_n_nan_or_inf": 1, "incr_ratio": 2.0,
         "decr_ratio": 0.5},
        {"Out": 1, "LossScaling": 1, "OutGoodSteps": 1, "OutBadSteps": 1}),
}


@pytest.mark.parametrize("path", ["legacy", "phi"])
@pytest.mark.parametrize("op", sorted(_CASES))
def test_out_list_shorter_than_x_is_refused(op: str, path: str) -> None:
    inputs, attrs, outputs = _CASES[op]
    with pytest.raises(OpRunError, match=f"(?i){op}: 2 x tensors but 1 out") as info:
        run_single_op(op, inputs, attrs, outputs, path)
    assert isinstance(info.value.__cause__, ValueError)
