"""scale beyond its Paddle fixtures (tests/conformance/op_cases/scale.py): what fluidphi
refuses where Paddle would run (complex Scalar tensors; int64 ones a float64 cannot hold,
on every run of a plan too); the generated API with a Scalar bias."""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import PathMode
from compat.static import Executor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi import api
from phi.common import DataType, Scalar
from tests.ops.op_helpers import assert_refused, run_both


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
@pytest.mark.parametrize("x_dtype", [np.float32, np.complex64])
def test_a_complex_scalar_tensor_is_refused(slot: str, x_dtype: type) -> None:
    """Paddle reads a complex ScaleTensor / BiasTensor whole for complex X (its real part
    otherwise); fluidphi reads these tensors as real numbers, so it refuses them rather than
    drop an imaginary part."""
    x = np.array([1.0, 2.0], x_dtype)
    tensor = np.array([2.0 + 1.0j], np.complex64)
    assert_refused("scale", {"X": x, slot: tensor}, {}, ["Out"],
                   f"complex '{slot}' is not supported|cannot be read as float")


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
@pytest.mark.parametrize("value", [2 ** 53 + 1, -(2 ** 62)])
def test_an_int64_scalar_tensor_beyond_float64_is_refused(slot: str, value: int) -> None:
    """Paddle keeps an int64 Scalar exact for int64 X; fluidphi reads it through a float64,
    so one a float64 would round is refused, not rounded."""
    x = np.array([1, 2], np.int64)
    assert_refused("scale", {"X": x, slot: np.array([value], np.int64)}, {}, ["Out"],
                   f"'{slot}' holds {value}, beyond 2\\*\\*53")


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
def test_an_int64_scalar_tensor_within_float64_runs(slot: str) -> None:
    x = np.array([1, 2], np.int64)
    value = 2 ** 53
    out = run_both("scale", {"X": x, slot: np.array([value], np.int64)}, {})["Out"][0]
    want = x * value if slot == "ScaleTensor" else x + value
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize(("path", "planned"), [(PathMode.LEGACY, False), (PathMode.PHI, False),
                                             (PathMode.PHI, True), (PathMode.AUTO, True)])
def test_an_int64_scale_tensor_is_checked_on_every_run(path: PathMode, planned: bool) -> None:
    """A plan binds its kernel once; the ScaleTensor's value still is checked each run."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.INT64, shape=[2])
    block.var("s", dtype=DataType.INT64, shape=[1])
    block.var("out", dtype=DataType.INT64, shape=[2])
    block.append_op("scale", {"X": ["x"], "ScaleTensor": ["s"]}, {"Out": ["out"]}, {})
    executor, scope = Executor(path=path, planned=planned), Scope()
    x = np.array([1, 2], np.int64)
    for value in (3, 2 ** 53):
        out = executor.run(program, feed={"x": x, "s": np.array([value], np.int64)},
                           fetch_list=["out"], scope=scope)[0]
        np.testing.assert_array_equal(out, x * value)
    with pytest.raises(Exception, match="beyond 2\\*\\*53"):
        executor.run(program, feed={"x": x, "s": np.array([2 ** 53 + 1], np.int64)},
                     fetch_list=["out"], scope=scope)


def test_the_generated_api_takes_a_scalar_bias() -> None:
    x = np.array([1, -2, 3], np.int32)
    np.testing.assert_array_equal(api.scale(x, 2.7, 0.9).numpy(), x * 2)  # both truncate
    fed = Scalar(np.array([5], np.int64), from_tensor=True)
    np.testing.assert_array_equal(api.scale(x, 2.0, fed).numpy(), x * 2 + 5)
    flags = np.array([True, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0, False).numpy(), [False, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0).numpy(), [True, True])
