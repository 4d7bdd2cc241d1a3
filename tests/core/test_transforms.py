"""Global data transforms: layout and dtype round trips, and where transforms get applied."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from legacy_fluid.framework.data_transform import (
    need_layout_transform,
    transform_data,
    transform_dtype,
    transform_layout,
)
from legacy_fluid.framework.op_kernel_type import OpKernelType
from phi.common import CPUPlace, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor

shapes4 = hnp.array_shapes(min_dims=4, max_dims=4, min_side=1, max_side=5)
shapes5 = hnp.array_shapes(min_dims=5, max_dims=5, min_side=1, max_side=4)


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.float32, st.one_of(shapes4, shapes5)))
def test_layout_round_trip(arr: np.ndarray) -> None:
    channels_first = DataLayout.NCHW if arr.ndim == 4 else DataLayout.NCDHW
    channels_last = DataLayout.NHWC if arr.ndim == 4 else DataLayout.NDHWC
    t = DenseTensor(arr, layout=channels_first)
    last = transform_layout(t, channels_last)
    assert last.layout is channels_last
    assert last.dims == (arr.shape[0], *arr.shape[2:], arr.shape[1])
    back = transform_layout(last, channels_first)
    np.testing.assert_array_equal(back.data, arr)
    assert back.layout is channels_first


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.int32, hnp.array_shapes(max_dims=3, max_side=6),
                  elements=st.integers(-1000, 1000)),
       st.sampled_from([DataType.FLOAT32, DataType.FLOAT64, DataType.INT64]))
def test_dtype_round_trip_is_lossless_for_wider_types(arr: np.ndarray, wide: DataType) -> None:
    t = DenseTensor(arr)
    there = transform_dtype(t, wide)
    assert there.dtype is wide
    back = transform_dtype(there, DataType.INT32)
    np.testing.assert_array_equal(back.data, arr)


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.float32, shapes4, elements=st.floats(-1e3, 1e3, width=32)))
def test_transform_data_orders_layout_then_dtype(arr: np.ndarray) -> None:
    t = DenseTensor(arr, layout=DataLayout.NCHW)
    actual = OpKernelType(DataType.FLOAT32, CPUPlace(), DataLayout.NCHW)
    expected = OpKernelType(DataType.FLOAT64, CPUPlace(), DataLayout.NHWC)
    out, applied = transform_data("x", expected, actual, t)
    assert [a.kind for a in applied] == ["layout", "dtype"]
    np.testing.assert_array_equal(out.data, arr.transpose(0, 2, 3, 1).astype(np.float64))


def test_no_transform_when_types_match_or_layout_any() -> None:
    t = DenseTensor(np.ones((1, 2, 3, 4), np.float32))
    same = OpKernelType(DataType.FLOAT32, CPUPlace(), DataLayout.NCHW)
    out, applied = transform_data("x", same, same, t)
    assert applied == [] and out is t
    assert not need_layout_transform(DataLayout.NCHW, DataLayout.ANY)
    assert not need_layout_transform(DataLayout.ANY, DataLayout.NHWC)
    assert need_layout_transform(DataLayout.NHWC, DataLayout.NCHW)


def test_a_transformed_copy_is_read_only_and_the_variable_is_untouched() -> None:
    """A kernel that writes its input in place would write the transfer's copy, losing the
    write: the copy refuses writes instead (the class of pyramid_hash_grad's SGD step on W
    under a CPU fallback)."""
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = DenseTensor(arr)
    actual = OpKernelType(DataType.FLOAT32, CPUPlace(), DataLayout.NCHW)
    out, _ = transform_data("w", OpKernelType(DataType.FLOAT64, CPUPlace(), DataLayout.NCHW),
                            actual, t)
    with pytest.raises(ValueError, match="read-only"):
        out.data[0, 0] = 1.0
    assert t.data.flags.writeable  # the variable's own tensor stays writable
    np.testing.assert_array_equal(t.data, np.arange(6, dtype=np.float32).reshape(2, 3))


def _add_writing_y(monkeypatch: pytest.MonkeyPatch) -> None:
    """elementwise_add's math (both forms reach `aligned_views`) made to write its input Y in
    place."""
    from phi.kernels.funcs import elementwise

    real = elementwise.aligned_views

    def writes_y(x, y, axis):
        y[...] = 0
        return real(x, y, axis)

    monkeypatch.setattr(elementwise, "aligned_views", writes_y)


_WROTE_COPY = (r"elementwise_add: the kernel wrote its input in place, but the op runs on a "
               r"transfer's read-only copy of input '{}' \(dtype transfer float32->complex64\)")
#: a complex X: the kernel runs in complex64 and the real Y is cast to it (a transfer)
_FEEDS = {"x": np.full(2, 1 + 1j, np.complex64), "y": np.full(2, 2.0, np.float32)}


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_a_kernel_writing_a_transferred_input_says_so(monkeypatch: pytest.MonkeyPatch,
                                                      path: str) -> None:
    """A kernel writing Y, a dtype transfer's read-only copy, fails naming the op, the
    input, the transfer and the in-place write, not with NumPy's bare "assignment
    destination is read-only" alone."""
    from compat.single_op import run_single_op
    from legacy_fluid.framework.data_transform import TransferCopyWrittenError
    from legacy_fluid.framework.executor import OpRunError

    _add_writing_y(monkeypatch)
    with pytest.raises(OpRunError, match=_WROTE_COPY.format("[^']+")) as err:
        run_single_op("elementwise_add", {"X": _FEEDS["x"], "Y": _FEEDS["y"]}, {"axis": -1},
                      ["Out"], path)
    assert "'elementwise_add'" in str(err.value)
    assert isinstance(err.value.cause, TransferCopyWrittenError)
    assert "assignment destination is read-only" in str(err.value)  # NumPy's words kept


def test_a_planned_kernel_writing_a_transferred_input_says_so(
        monkeypatch: pytest.MonkeyPatch, tmp_path, emulated) -> None:
    """A plan (auto path) on the emulated device with elementwise_add forced to CPU: both
    inputs are place transfers' copies on the host; writing Y names both."""
    from compat.predictor import run_model
    from tests.ops.op_helpers import saved_model

    _add_writing_y(monkeypatch)
    model = saved_model(tmp_path, {"x": (DataType.COMPLEX64, [2]),
                                   "y": (DataType.COMPLEX64, [2])},
                        [("elementwise_add", {"X": ["x"], "Y": ["y"]}, {"Out": ["out"]},
                          {"axis": -1})], ["out"])
    feeds = {"x": np.full(2, 1 + 1j, np.complex64), "y": np.full(2, 2.0, np.complex64)}
    moved = r"place transfer Place\(emulated:0\)->Place\(cpu\)"
    with pytest.raises(Exception, match=(
            r"elementwise_add: the kernel wrote one of its inputs in place, but the op runs "
            rf"on a transfer's read-only copy of inputs 'x' \({moved}\), 'y' \({moved}\)")):
        run_model(model, feeds, place=emulated, path="auto", passes=False,
                  cpu_ops={"elementwise_add"})


def test_other_value_errors_pass_unchanged() -> None:
    from legacy_fluid.framework.data_transform import AppliedTransform, raise_if_copy_written

    copies = [AppliedTransform("y", "dtype", "float64", "float32")]
    raise_if_copy_written("op", ValueError("shapes differ"), copies)  # not a write: no-op
    raise_if_copy_written("op", ValueError("output array is read-only"), [])  # no copies
