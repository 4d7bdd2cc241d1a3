"""Verify compares what a run leaves behind: outputs, and inputs a kernel updates in place
(pyramid_hash_grad steps W and writes no output); a run that leaves nothing to compare is
unverified, never "identical"."""

from __future__ import annotations

import numpy as np

from compat.single_op import SingleOpRun, run_single_op_tensors
from legacy_fluid.framework.trace import OpTrace
from migrate.verify import differs_from, wrote_something
from phi.core.dense_tensor import DenseTensor

Tensors = dict[str, list[DenseTensor]]


def _run(outputs: Tensors, inputs: Tensors) -> SingleOpRun:
    return SingleOpRun(outputs, OpTrace.__new__(OpTrace), None, inputs)


def test_a_single_op_run_keeps_its_inputs_as_the_run_left_them() -> None:
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    run = run_single_op_tensors("scale", {"X": x}, {"scale": 2.0}, ["Out"], "legacy")
    assert np.array_equal(run.inputs["X"][0].numpy(), x)
    assert np.array_equal(run.outputs["Out"][0].numpy(), 2 * x)


def test_an_input_updated_differently_in_place_is_a_difference() -> None:
    w = np.ones((3, 2), np.float32)
    unwritten = DenseTensor()
    legacy = _run({"X@GRAD": [unwritten]}, {"W": [DenseTensor(w - 0.5)]})
    phi = _run({"X@GRAD": [unwritten]}, {"W": [DenseTensor(w - 0.25)]})
    verdict = differs_from(legacy, phi, {"X@GRAD": 1})
    assert verdict is not None and "input W[0] as the run left it" in verdict[1]
    assert differs_from(legacy, legacy, {"X@GRAD": 1}) is None
    assert wrote_something(phi, {"W": w})


def test_a_run_leaving_nothing_to_compare_wrote_nothing() -> None:
    w = np.ones((3, 2), np.float32)
    unwritten = DenseTensor()
    run = _run({"X@GRAD": [unwritten]}, {"W": [DenseTensor(w.copy())]})
    assert not unwritten.initialized()
    assert not wrote_something(run, {"W": w})
