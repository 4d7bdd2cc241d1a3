"""The uint16 / uint32 / uint64 PHI CPU kernels (cast from them, fill, numel, transpose and
transpose_grad), reached through phi.api as Paddle 3.3.1's PHI kernels are reached (no
legacy program holds such a tensor: legacy_fluid's VarType.keys_kernel). Values are exact:
conversions C defines are computed here independently (Python integers, NumPy's float
rounding); the out-of-range fills are the values Paddle 3.3.1's CPU fill kernel wrote
(measured through paddle.from_dlpack tensors and Tensor.fill_)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.executor import OpRunError
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi import api
from phi.common import DataType

UNSIGNED = (np.uint16, np.uint32, np.uint64)
#: per source type: its edge values (0, 1, each narrower type's bounds, its own maximum)
SOURCES = {
    np.uint16: [0, 1, 127, 128, 255, 256, 32767, 32768, 65535],
    np.uint32: [0, 1, 255, 65535, 65536, 2**31 - 1, 2**31, 2**24 + 1, 2**24 + 2**16 + 1,
                2**32 - 1],
    np.uint64: [0, 1, 255, 2**32, 2**53 + 1, 2**63 - 1, 2**63, 2**24 + 2**16 + 1, 2**64 - 1],
}


def _wrap(value: int, dtype: type) -> int:
    """`value` modulo the integer type's width, read back signed for a signed type."""
    info = np.iinfo(dtype)
    span = info.max - info.min + 1
    v = (value - info.min) % span + info.min
    return int(v)


@pytest.mark.parametrize("src", UNSIGNED, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("dst", [np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_cast_from_unsigned_to_an_integer_type_wraps(src: type, dst: type) -> None:
    values = SOURCES[src]
    out = api.cast(api.Tensor(np.array(values, src)), DataType.from_numpy(dst)).numpy()
    assert out.dtype == np.dtype(dst)
    assert out.tolist() == [_wrap(v, dst) for v in values]


@pytest.mark.parametrize("src", UNSIGNED, ids=lambda t: np.dtype(t).name)
def test_cast_from_unsigned_to_bool_is_nonzero(src: type) -> None:
    values = SOURCES[src]
    out = api.cast(api.Tensor(np.array(values, src)), DataType.BOOL).numpy()
    assert out.tolist() == [v != 0 for v in values]


@pytest.mark.parametrize("src", UNSIGNED, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("dst", ["float64", "float32", "complex64", "complex128"])
def test_cast_from_unsigned_to_a_float_type_rounds_to_nearest(src: type, dst: str) -> None:
    values = SOURCES[src]
    out = api.cast(api.Tensor(np.array(values, src)), DataType[dst.upper()]).numpy()
    # float(v) is the correctly rounded double; for float32 it is rounded again, which
    # equals rounding once for every value here (none is a float64 rounding onto a tie)
    width = np.float64 if dst in ("float64", "complex128") else np.float32
    assert np.real(out).tolist() == [float(width(float(v))) for v in values]
    assert not np.imag(out).any()


def test_cast_from_unsigned_to_half_types_goes_through_float32() -> None:
    """float16 overflows to inf past 65519; bfloat16 rounds the float32 value again, so
    2**24 + 2**16 + 1 (above a bfloat16 tie, but a float32 tie rounding down onto it) gives
    2**24, as Paddle's conversion through float gives."""
    x = api.Tensor(np.array([0, 1, 32767, 65519, 65520, 65535], np.uint16))
    assert api.cast(x, DataType.FLOAT16).numpy().astype(np.float64).tolist() == \
        [0.0, 1.0, 32768.0, 65504.0, np.inf, np.inf]
    y = api.cast(api.Tensor(np.array([2**24 + 2**16 + 1, 2**32 - 1], np.uint32)),
                 DataType.BFLOAT16)
    assert y.numpy().astype(np.float64).tolist() == [2.0**24, 2.0**32]
    z = api.cast(api.Tensor(np.array([2**64 - 1, 3], np.uint64)), DataType.FLOAT16)
    assert z.numpy().astype(np.float64).tolist() == [np.inf, 3.0]


@pytest.mark.parametrize("dst", ["UINT16", "UINT32", "UINT64"])
@pytest.mark.parametrize("src", [np.float32, np.uint32], ids=lambda t: np.dtype(t).name)
def test_cast_to_a_wide_unsigned_type_is_refused_as_paddles(src: type, dst: str) -> None:
    """Paddle 3.3.1's CPU cast kernel writes no uint16 / uint32 / uint64 (its error:
    "Invalid enum data type"), whatever the source type."""
    with pytest.raises(ValueError, match=f"{dst.lower()}: Paddle 3.3.1 has no cast to it"):
        api.cast(api.Tensor(np.ones(2, src)), DataType[dst])


#: fill value -> what Paddle 3.3.1's CPU fill kernel writes into uint16, uint32, uint64
FILLS = {
    3.7: (3, 3, 3),
    -0.5: (0, 0, 0),
    -1.5: (2**16 - 1, 2**32 - 1, 2**64 - 1),
    70000.9: (4464, 70000, 70000),
    4294967296.5: (0, 0, 4294967296),
    4294967297.0: (0, 1, 4294967297),
    -5e9: (0, 3589934592, 2**64 - 5 * 10**9),
    9.3e18: (0, 0, 9300000000000000000),
    1.8e19: (0, 0, 18000000000000000000),
    1e20: (0, 0, 0),
    -1e20: (0, 0, 2**63),
}


@pytest.mark.parametrize("value", sorted(FILLS))
def test_fill_unsigned_converts_the_value_as_paddle(value: float) -> None:
    for dtype, want in zip(UNSIGNED, FILLS[value], strict=True):
        out = api.fill(api.Tensor(np.full((2, 3), 7, dtype)), value).numpy()
        assert out.dtype == np.dtype(dtype) and out.shape == (2, 3)
        assert out.tolist() == [[want] * 3] * 2, (np.dtype(dtype).name, value)


@pytest.mark.parametrize("value", [np.inf, -np.inf, np.nan])
def test_fill_unsigned_refuses_a_non_finite_value(value: float) -> None:
    with pytest.raises(ValueError, match="fill"):
        api.fill(api.Tensor(np.zeros(2, np.uint32)), value)


@pytest.mark.parametrize("dtype", UNSIGNED, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("shape", [(2, 3, 4), (), (0, 5)])
def test_numel_of_an_unsigned_tensor(dtype: type, shape: tuple[int, ...]) -> None:
    out = api.numel(api.Tensor(np.zeros(shape, dtype))).numpy()
    assert out.dtype == np.int64 and out.shape == () and int(out) == int(np.prod(shape))


@pytest.mark.parametrize("dtype", UNSIGNED, ids=lambda t: np.dtype(t).name)
def test_transpose_and_its_grad_permute_unsigned_values_exactly(dtype: type) -> None:
    top = int(np.iinfo(dtype).max)
    x = np.array([top - k for k in range(24)], dtype).reshape(2, 3, 4)
    out = api.transpose(api.Tensor(x), [2, 0, 1]).numpy()
    assert out.dtype == np.dtype(dtype) and out.tolist() == x.transpose(2, 0, 1).tolist()
    grad = api.transpose_grad(api.Tensor(out), [2, 0, 1]).numpy()
    assert grad.dtype == np.dtype(dtype) and grad.tolist() == x.tolist()


def test_no_fluid_kernel_is_keyed_on_a_wide_unsigned_type() -> None:
    """As Paddle 3.3.1's legacy executor (no kernel of any op for them): registering one
    is refused, and a legacy-path program on such a tensor finds no kernel."""
    with pytest.raises(ValueError, match=r"no fluid kernel is keyed on \['uint32'\]"):
        register_op_kernel("transpose2", "CPU", OpKernel, DataType.UINT32)
    x = {"X": [np.arange(6, dtype=np.uint32).reshape(2, 3)]}
    with pytest.raises(OpRunError, match="no kernel can run it"):
        run_single_op("transpose2", x, {"axis": [1, 0]}, ["Out"], "legacy")
    out, _ = run_single_op("transpose2", x, {"axis": [1, 0]}, ["Out"], "phi")
    assert out["Out"][0].tolist() == x["X"][0].T.tolist()
