"""The conv epilogue the plan fuses (conv + bias + residual + activation, hard_swish
included) runs compiled with the library on and gives the unfused program's answers."""

from __future__ import annotations

import numpy as np
import pytest

from compat.passes import optimize
from compat.plan import PlannedExecutor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.core.dense_tensor import DenseTensor

CHANNELS = 4


def _program(threshold: float) -> tuple[ProgramDesc, Scope]:
    """x -> depthwise conv -> + residual x -> hard_swish(threshold) -> y."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", shape=[-1, CHANNELS, 6, 5])
    block.var("w", shape=[CHANNELS, 1, 3, 3], persistable=True)
    for n in ("c", "s", "y"):
        block.var(n, shape=[-1, CHANNELS, 6, 5])
    block.append_op("depthwise_conv2d", {"Input": ["x"], "Filter": ["w"]}, {"Output": ["c"]},
                    {"strides": [1, 1], "paddings": [1, 1], "dilations": [1, 1],
                     "groups": CHANNELS, "padding_algorithm": "EXPLICIT",
                     "data_format": "NCHW"})
    block.append_op("elementwise_add", {"X": ["c"], "Y": ["x"]}, {"Out": ["s"]}, {"axis": -1})
    block.append_op("hard_swish", {"X": ["s"]}, {"Out": ["y"]},
                    {"threshold": threshold, "scale": 6.0, "offset": 3.0})
    scope = Scope()
    w = np.random.default_rng(0).standard_normal((CHANNELS, 1, 3, 3)).astype(np.float32)
    scope.var("w").value = DenseTensor(w)
    return program, scope


@pytest.mark.parametrize("threshold", [6.0, 5.0])
def test_hard_swish_joins_the_conv_epilogue_at_its_usual_constants(threshold: float) -> None:
    program, scope = _program(threshold)
    fused = list(optimize(program, scope).fused.values())
    if threshold == 6.0:
        assert fused == [["depthwise_conv2d", "elementwise_add", "hard_swish"]]
    else:  # other constants: the activation stays an op of its own
        assert ["depthwise_conv2d", "elementwise_add", "hard_swish"] not in fused
    x = np.random.default_rng(1).standard_normal((2, CHANNELS, 6, 5)).astype(np.float32) * 4
    want = PlannedExecutor(passes=False).run(program, scope, {"x": x}, ["y"])[0].numpy()
    libraries = ["plain", "numba"] if _has_numba() else ["plain"]
    for library in libraries:
        executor = PlannedExecutor(passes=True, library=library)
        got = executor.run(program, scope, {"x": x}, ["y"])[0].numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=library)
        conv = next(t for t in executor.last_trace if "conv" in t.type)
        assert ("NUMBA" in conv.key) == (library == "numba")


def _has_numba() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None
