"""Optimizer updates where Paddle 3.3.1's CPU kernels give no reference: nadam and radam
over parameters of more than one element (Paddle reads their [1] step states out of bounds
past the first element), checked element by element against one-element runs, which the
single-op fixtures compare with Paddle."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import rand, run_both

_STEP_STATES = {
    "nadam": {"momentum_decay_pow": [0.96], "beta2_pow": [0.999], "mu_product": [0.85]},
    "radam": {"beta1_pow": [0.9 ** 20], "beta2_pow": [0.99 ** 20], "rho": [9.5]},
}
_ATTRS = {"nadam": {}, "radam": {"beta2": 0.99}}
_OUTS = {"nadam": ("param_out", "momentum_decay_pow_out", "beta2_pow_out", "mu_product_out",
                   "moment1_out", "moment2_out"),
         "radam": ("param_out", "beta1_pow_out", "beta2_pow_out", "rho_out", "moment1_out",
                   "moment2_out")}


@pytest.mark.parametrize("op", ["nadam", "radam"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_step_states_broadcast_over_the_parameter(op: str, dtype: type) -> None:
    shape = (3, 4)
    tensors = {"param": rand(shape, 1, dtype), "grad": rand(shape, 2, dtype),
               "moment1": rand(shape, 3, dtype, 0.1),
               "moment2": rand(shape, 4, dtype, 0.1, low=0.0)}
    states = {k: np.array(v, dtype) for k, v in _STEP_STATES[op].items()}
    lr = np.array([0.01], dtype)
    whole = run_both(op, {**tensors, **states, "learning_rate": lr}, _ATTRS[op], _OUTS[op])
    for index in np.ndindex(shape):
        one = {k: v[index].reshape(1) for k, v in tensors.items()}
        single = run_both(op, {**one, **states, "learning_rate": lr}, _ATTRS[op], _OUTS[op])
        for slot in ("param_out", "moment1_out", "moment2_out"):
            assert whole[slot][0][index] == single[slot][0][0], (op, slot, index)
        for slot in _OUTS[op][1:4]:
            np.testing.assert_array_equal(whole[slot][0], single[slot][0])
    assert not np.array_equal(whole["param_out"][0], tensors["param"])


def test_dpsgd_seed0_draws_one_noise_from_the_process_generator() -> None:
    """seed 0 (Paddle: the time) takes its seed from the generator `seed_all` seeds: the
    same after reseeding, another draw otherwise; one noise value for every element."""
    from compat.single_op import run_single_op
    from phi.kernels.funcs import random as random_funcs

    def run(mode: str) -> np.ndarray:  # one path at a time: each run draws
        return run_single_op("dpsgd", inputs, attrs, ("ParamOut",), mode)[0]["ParamOut"][0]

    inputs = {"Param": rand((3, 4), 5), "Grad": rand((3, 4), 6, scale=0.1),
              "LearningRate": np.array([0.1], np.float32)}
    attrs = {"seed": 0, "clip": 100.0, "batch_size": 2.0}
    random_funcs.seed_all(11)
    first = run("legacy")
    random_funcs.seed_all(11)
    again = run("phi")
    other = run("phi")
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, other)
    noise = (inputs["Param"] - first) / np.float32(0.1) - inputs["Grad"]
    np.testing.assert_allclose(noise, noise.flat[0], atol=1e-5)
