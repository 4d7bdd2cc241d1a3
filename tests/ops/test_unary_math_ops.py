"""unary_math family: Paddle 2.x's round (no `decimals`: ties away from zero), beside the
Paddle fixtures (tests/fixtures/ops/unary_math, and models_v2/math_v2 for a real 2.6.2
program)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.single_op import run_single_op
from legacy_fluid.framework.op_registry import create_op
from legacy_fluid.framework.program_desc import OpDesc

_TIES = np.array([0.5, -0.5, 1.5, -2.5, 0.3, -0.3, np.nan, np.inf], np.float32)


def _round_op(attrs: dict):
    desc = OpDesc("round", {"X": ["x"]}, {"Out": ["out"]}, attrs)
    return create_op(desc)


def test_round_desc_without_decimals_is_a_2x_round() -> None:
    """create_op fills proto defaults; RoundOp takes decimals out again for a 2.x desc, so
    the mapping picks legacy_round; a 3.x desc (decimals written, even 0) keeps round."""
    old, new = _round_op({}), _round_op({"decimals": 0})
    assert "decimals" not in old.attrs and new.attrs["decimals"] == 0
    for op, kernel in ((old, "legacy_round"), (new, "round")):
        ctx = ExecutionArgumentMappingContext(op, None)
        assert get_kernel_signature(op.proto, ctx).name == kernel


@pytest.mark.parametrize("mode", ["legacy", "phi", "auto"])
def test_round_2x_and_3x_differ_only_at_ties(mode: str) -> None:
    old = run_single_op("round", {"X": _TIES}, {}, ["Out"], mode)[0]["Out"][0]
    new = run_single_op("round", {"X": _TIES}, {"decimals": 0}, ["Out"], mode)[0]["Out"][0]
    with np.errstate(invalid="ignore"):
        ties = np.abs(_TIES - np.trunc(_TIES)) == 0.5
    np.testing.assert_array_equal(old[~ties], new[~ties])
    away, even = np.trunc(_TIES) + np.sign(_TIES), np.rint(_TIES)
    np.testing.assert_array_equal(old[ties], away[ties])  # 2.x: 0.5 -> 1, -2.5 -> -3
    np.testing.assert_array_equal(new[ties], even[ties])  # 3.x: 0.5 -> 0, -2.5 -> -2


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_round_2x_rejects_integers_as_paddle_2x_did(mode: str) -> None:
    with pytest.raises(Exception, match=r"round|legacy_round"):
        run_single_op("round", {"X": np.arange(3, dtype=np.int32)}, {}, ["Out"], mode)
