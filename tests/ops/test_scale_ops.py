"""scale beyond its Paddle fixtures (tests/conformance/op_cases/scale.py): complex and
big int64 ScaleTensor / BiasTensor values on the legacy and PHI paths and on every run of a
plan; the generated API with a Scalar bias."""

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

#: X dtype -> (X, what a ScaleTensor of 2 + 1j gives, what a BiasTensor of 2 + 1j gives), as
#: Paddle 3.3.1 computes them: the real part for real X, `re != 0 or im != 0` for bool X,
#: the whole value for complex X (every value exact in float32).
COMPLEX_FED = {
    "float32": ([1.0, -2.5], [2.0, -5.0], [3.0, -0.5]),
    "bool": ([True, False], [True, False], [True, True]),
    "complex64": ([1 + 2j, -3 + 0.5j], [5j, -6.5 - 2j], [3 + 3j, -1 + 1.5j]),
}


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
@pytest.mark.parametrize("x_dtype", sorted(COMPLEX_FED))
def test_a_complex_scalar_tensor_counts_as_in_paddle(slot: str, x_dtype: str) -> None:
    x, scaled, biased = COMPLEX_FED[x_dtype]
    for t_dtype in (np.complex64, np.complex128):
        out = run_both("scale", {"X": np.array(x, x_dtype), slot: np.array([2 + 1j], t_dtype)},
                       {})["Out"][0]
        assert out.dtype == np.dtype(x_dtype)
        np.testing.assert_array_equal(out, scaled if slot == "ScaleTensor" else biased)


def test_a_complex_scalar_tensor_of_zero_real_part_is_true_for_bool_x() -> None:
    x = np.array([True, False])
    out = run_both("scale", {"X": x, "ScaleTensor": np.array([1j], np.complex64)},
                   {"bias": 0.0})["Out"][0]
    np.testing.assert_array_equal(out, x)  # scale true: `and` keeps x
    out = run_both("scale", {"X": x, "ScaleTensor": np.array([0j], np.complex64)},
                   {"bias": 0.0})["Out"][0]
    np.testing.assert_array_equal(out, [False, False])


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
@pytest.mark.parametrize("value", [2 ** 53 + 1, -(2 ** 62) + 3, 2 ** 63 - 1])
def test_an_int64_scalar_tensor_beyond_2_53_is_exact_for_int64_x(slot: str, value: int) -> None:
    """Paddle converts an int64 Scalar to int64 X exactly (no float64 round trip); the
    product and the sum wrap in int64."""
    x = np.array([1, 2, -1], np.int64)
    out = run_both("scale", {"X": x, slot: np.array([value], np.int64)}, {})["Out"][0]
    exact = [v * value if slot == "ScaleTensor" else v + value for v in (1, 2, -1)]
    assert out.tolist() == [(v + 2 ** 63) % 2 ** 64 - 2 ** 63 for v in exact]


def test_an_int64_scalar_tensor_wraps_into_int32_x() -> None:
    """int64 -> int32 keeps the low 32 bits (C++'s narrowing), not a float's saturation."""
    x = np.array([1, 2], np.int32)
    out = run_both("scale", {"X": x, "ScaleTensor": np.array([2 ** 32 + 5], np.int64)},
                   {})["Out"][0]
    assert out.tolist() == [5, 10]


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
def test_a_scalar_tensor_of_two_elements_is_refused(slot: str) -> None:
    x = np.array([1.0, 2.0], np.float32)
    assert_refused("scale", {"X": x, slot: np.array([1.0, 2.0], np.float32)}, {}, ["Out"],
                   f"'{slot}' must hold exactly one element|one element")


def _scale_program(x_dtype: DataType, s_dtype: DataType) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=x_dtype, shape=[2])
    block.var("s", dtype=s_dtype, shape=[1])
    block.var("out", dtype=x_dtype, shape=[2])
    block.append_op("scale", {"X": ["x"], "ScaleTensor": ["s"]}, {"Out": ["out"]}, {})
    return program


EVERY_PATH = [(PathMode.LEGACY, False), (PathMode.PHI, False), (PathMode.PHI, True),
              (PathMode.AUTO, True)]


@pytest.mark.parametrize(("path", "planned"), EVERY_PATH)
def test_an_int64_scale_tensor_is_read_on_every_run(path: PathMode, planned: bool) -> None:
    """A plan binds its kernel once; the ScaleTensor's value still is read each run, and
    exactly beyond 2**53."""
    program = _scale_program(DataType.INT64, DataType.INT64)
    executor, scope = Executor(path=path, planned=planned), Scope()
    x = np.array([1, 2], np.int64)
    for value in (3, 2 ** 53 + 1, -(2 ** 62) + 7):
        out = executor.run(program, feed={"x": x, "s": np.array([value], np.int64)},
                           fetch_list=["out"], scope=scope)[0]
        assert out.tolist() == [value, 2 * value]


@pytest.mark.parametrize(("path", "planned"), EVERY_PATH)
def test_a_complex_scale_tensor_is_read_on_every_run(path: PathMode, planned: bool) -> None:
    program = _scale_program(DataType.FLOAT32, DataType.COMPLEX64)
    executor, scope = Executor(path=path, planned=planned), Scope()
    x = np.array([1.0, -2.0], np.float32)
    for value in (3 + 1j, -0.5 - 4j, 2j):
        out = executor.run(program, feed={"x": x, "s": np.array([value], np.complex64)},
                           fetch_list=["out"], scope=scope)[0]
        assert out.dtype == np.float32
        np.testing.assert_array_equal(out, x * value.real)


def test_the_generated_api_takes_a_scalar_bias() -> None:
    x = np.array([1, -2, 3], np.int32)
    np.testing.assert_array_equal(api.scale(x, 2.7, 0.9).numpy(), x * 2)  # both truncate
    fed = Scalar(np.array([5], np.int64), from_tensor=True)
    np.testing.assert_array_equal(api.scale(x, 2.0, fed).numpy(), x * 2 + 5)
    big = Scalar(np.array([2 ** 53 + 1], np.int64), from_tensor=True)
    assert api.scale(np.array([1], np.int64), 1.0, big).numpy().tolist() == [2 ** 53 + 2]
    flags = np.array([True, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0, False).numpy(), [False, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0).numpy(), [True, True])
