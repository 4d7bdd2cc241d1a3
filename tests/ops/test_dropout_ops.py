"""Training-mode dropout beyond the Paddle fixtures (tests/fixtures/grads/dropout_grad holds
the seeded runs Paddle pins exactly): Paddle's engine against the C++ standard's check value,
and unseeded runs, whose mask no fixture can pin, checked for consistency."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs import cpu_engine
from phi.kernels.funcs import dropout as dropout_funcs
from phi.kernels.funcs import random as random_funcs
from tests.ops.op_helpers import rand, run_both


def test_mt19937_64_matches_the_standards_check_value() -> None:
    # [rand.predef]: the 10000th invocation of a default-constructed mt19937_64
    assert int(cpu_engine.mt19937_64(5489, 10000)[-1]) == 9981545732273789042


def test_uniform_float_draws_lie_in_zero_one() -> None:
    draws = cpu_engine.uniform_float(-3, 5000)
    assert draws.dtype == np.float32
    assert draws.min() >= 0.0 and draws.max() < 1.0
    assert abs(float(draws.mean()) - 0.5) < 0.02
    np.testing.assert_array_equal(draws[:700], cpu_engine.uniform_float(-3, 700))


@pytest.mark.parametrize("mode", ["upscale_in_train", "downgrade_in_infer"])
def test_unseeded_dropout_is_consistent(mode: str) -> None:
    x = rand((100, 80), 1)
    p = 0.3
    attrs = {"dropout_prob": p, "is_test": False, "dropout_implementation": mode}
    for path in ("legacy", "phi"):
        out, _ = run_single_op("dropout", {"X": x}, attrs, ["Out", "Mask"], path)
        mask = out["Mask"][0]
        assert mask.dtype == np.uint8 and set(np.unique(mask)) <= {0, 1}
        assert abs(1.0 - float(mask.mean()) - p) < 0.03
        kept = x / np.float32(1.0 - np.float32(p)) if mode == "upscale_in_train" else x
        np.testing.assert_array_equal(out["Out"][0], np.where(mask == 1, kept, 0))


def test_unseeded_dropout_follows_seed_all() -> None:
    attrs = {"dropout_prob": 0.5, "is_test": False}
    x = rand((6, 7), 2)
    masks = []
    for path in ("legacy", "phi", "legacy"):
        random_funcs.seed_all(11)
        masks.append(run_single_op("dropout", {"X": x}, attrs, ["Out", "Mask"], path)[0]["Mask"][0])
    np.testing.assert_array_equal(masks[0], masks[1])
    np.testing.assert_array_equal(masks[0], masks[2])
    assert not np.array_equal(
        masks[0], run_single_op("dropout", {"X": x}, attrs, ["Out", "Mask"])[0]["Mask"][0])


def test_seed_tensor_overrides_the_attribute() -> None:
    x = rand((4, 9), 3)
    attrs = {"dropout_prob": 0.4, "is_test": False, "fix_seed": True, "seed": 1}
    by_tensor = run_both("dropout", {"X": x, "Seed": np.array([77], np.int32)}, attrs,
                         ["Out", "Mask"])
    by_attr = run_both("dropout", {"X": x}, {**attrs, "seed": 77}, ["Out", "Mask"])
    np.testing.assert_array_equal(by_tensor["Mask"][0], by_attr["Mask"][0])
    expected = ~(cpu_engine.uniform_float(77, x.size) < np.float32(0.4))
    np.testing.assert_array_equal(by_attr["Mask"][0].reshape(-1), expected.astype(np.uint8))


def test_dropout_grad_in_training_needs_the_mask() -> None:
    with pytest.raises(ValueError, match="Mask"):
        dropout_funcs.dropout_grad(np, None, np.ones(3), 0.5, False, "upscale_in_train",
                                   np.empty(3))
