"""Optimizer updates where Paddle 3.3.1's CPU kernels give no reference: nadam and radam
over parameters of more than one element (Paddle reads their [1] step states out of bounds
past the first element), checked element by element against one-element runs, which the
single-op fixtures compare with Paddle. The master copy table (CPU_MASTER_COPY) covers every
op with a MasterParamOut, and a MasterParamOut the kernel leaves unwritten stays
uninitialised on every path (the single-op fixtures hold the named-in-place cases)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import build_single_op_program, run_single_op_tensors
from compat.static import Executor, ExecutorInputError
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.scope import Scope
from phi.core.dense_tensor import DenseTensor
from phi.core.kernel_registry import KERNELS
from phi.kernels.funcs.optimizers import CPU_MASTER_COPY, master_out
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


_MASTER_SLOTS = ("MasterParamOut", "master_param_out")


def test_master_copy_table_covers_every_op_with_a_master_output() -> None:
    """Every op type with a MasterParamOut output (legacy proto) and every PHI kernel with a
    master_param_out argument is in CPU_MASTER_COPY, and nothing else is."""
    legacy = {name for name in OP_INFOS.keys()
              if any(o.name in _MASTER_SLOTS for o in OP_INFOS.info(name).proto.outputs)}
    KERNELS.ensure_loaded()
    phi = {name for name in KERNELS.names() for kernel in KERNELS.kernels_of(name).values()
           if any(a.name.startswith("master_param_out") for a in kernel.args_def.outputs)}
    assert legacy == set(CPU_MASTER_COPY), legacy ^ set(CPU_MASTER_COPY)
    assert phi == set(CPU_MASTER_COPY), phi ^ set(CPU_MASTER_COPY)


def test_master_out_follows_the_table() -> None:
    out, master = object(), object()
    assert master_out("adam", True, out) is None
    assert master_out("lamb", True, out) is out
    assert master_out("lamb", False, out) is None
    assert master_out("adadelta", True, master, master) is master
    with pytest.raises(ValueError, match="adadelta: with multi_precision, MasterParamOut"):
        master_out("adadelta", True, out, master)


def _momentum_inputs() -> dict[str, np.ndarray]:
    return {"Param": rand((3, 4), 1), "Grad": rand((3, 4), 2), "Velocity": rand((3, 4), 3),
            "LearningRate": np.array([0.1], np.float32), "MasterParam": rand((3, 4), 4)}


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize("op, multi_precision", [("momentum", True), ("lamb", False)])
def test_a_master_output_of_its_own_stays_uninitialised(mode: str, op: str,
                                                        multi_precision: bool) -> None:
    """Paddle leaves it unwritten (momentum allocates it with garbage, lamb without
    multi_precision names another buffer): here it holds no value, Param still updates."""
    inputs = _momentum_inputs()
    outputs = ["ParamOut", "VelocityOut", "MasterParamOut"]
    attrs = {"mu": 0.9, "multi_precision": multi_precision}
    if op == "lamb":
        attrs = {"weight_decay": 0.01, "multi_precision": multi_precision}
        inputs = {"Param": inputs["Param"], "Grad": inputs["Grad"],
                  "LearningRate": inputs["LearningRate"], "Moment1": rand((3, 4), 5),
                  "Moment2": rand((3, 4), 6, low=0.0), "Beta1Pow": np.array([0.9], np.float32),
                  "Beta2Pow": np.array([0.999], np.float32), "MasterParam": inputs["MasterParam"]}
        outputs = ["ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut",
                   "MasterParamOut"]
    run = run_single_op_tensors(op, inputs, attrs, outputs, mode)
    assert run.trace.path == mode
    assert not run.outputs["MasterParamOut"][0].initialized()
    assert not np.array_equal(run.outputs["ParamOut"][0].numpy(), inputs["Param"])


@pytest.mark.parametrize("path, planned", [("legacy", False), ("phi", True), ("auto", True),
                                           ("phi", False)])
def test_fetching_an_unwritten_master_output_is_a_clear_error(path: str, planned: bool
                                                              ) -> None:
    """compat.static's Executor (op by op and planned): the aliased master copy keeps its
    value, a MasterParamOut of its own is refused by name when fetched."""
    inputs = _momentum_inputs()
    attrs = {"mu": 0.9, "multi_precision": True}
    outputs = ["ParamOut", "VelocityOut", "MasterParamOut"]
    aliased, feed, names = build_single_op_program(
        "momentum", inputs, attrs, outputs,
        {"ParamOut": "Param", "VelocityOut": "Velocity", "MasterParamOut": "MasterParam"})
    scope = Scope()  # the updated states live in the scope, as a training program's do
    for slot in ("Param", "Velocity", "MasterParam"):
        aliased.global_block().find_var(names[f"{slot}Out"][0]).persistable = True
        scope.var(names[f"{slot}Out"][0]).value = DenseTensor(inputs[slot].copy())
    states = {n for slot in ("ParamOut", "VelocityOut", "MasterParamOut") for n in names[slot]}
    master, param = Executor(path=path, planned=planned).run(
        aliased, feed={k: v for k, v in feed.items() if k not in states}, scope=scope,
        fetch_list=[names["MasterParamOut"][0], names["ParamOut"][0]])
    np.testing.assert_array_equal(master, inputs["MasterParam"])
    assert not np.array_equal(param, inputs["Param"])
    fresh, feed, names = build_single_op_program("momentum", inputs, attrs, outputs)
    with pytest.raises(ExecutorInputError, match=f"fetch '{names['MasterParamOut'][0]}'"):
        Executor(path=path, planned=planned).run(fresh, feed=feed, scope=Scope(),
                                                 fetch_list=names["MasterParamOut"])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_adadelta_steps_its_master_copy_only_in_place(mode: str) -> None:
    """Paddle's CPU adadelta writes the master copy without allocating it (a MasterParamOut
    of its own fails there): refused with the op and the slots named."""
    inputs = {"Param": rand((3, 4), 1), "Grad": rand((3, 4), 2),
              "AvgSquaredGrad": rand((3, 4), 3, low=0.0),
              "AvgSquaredUpdate": rand((3, 4), 4, low=0.0),
              "LearningRate": np.array([1.0], np.float32), "MasterParam": rand((3, 4), 5)}
    outputs = ["ParamOut", "AvgSquaredGradOut", "AvgSquaredUpdateOut", "MasterParamOut"]
    with pytest.raises(Exception, match="adadelta: with multi_precision, MasterParamOut must "
                                        "be MasterParam's own variable"):
        run_single_op_tensors("adadelta", inputs, {"multi_precision": True}, outputs, mode)


def test_phi_api_leaves_an_unwritten_master_output_uninitialised() -> None:
    """phi.api's momentum_ (outputs of their own): master_param_out is returned holding no
    value on the CPU, as the kernel left it; Param and Velocity update."""
    from phi.api.generated.optimizers_momentum import momentum_

    inputs = _momentum_inputs()
    param, velocity, master = momentum_(inputs["Param"], inputs["Grad"], inputs["Velocity"],
                                        inputs["LearningRate"], inputs["MasterParam"], 0.9,
                                        multi_precision=True)
    assert not master.impl.initialized()
    v = np.float32(0.9) * inputs["Velocity"] + inputs["Grad"]
    np.testing.assert_allclose(velocity.numpy(), v, rtol=1e-6)
    np.testing.assert_allclose(param.numpy(), inputs["Param"] - np.float32(0.1) * v, rtol=1e-6)
