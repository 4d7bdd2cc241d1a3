"""Kernel math that reuses memory: device workspaces, outputs written in place.

Workspaces come back uninitialised and hold the previous call's data, so every func
must give the same bits whether its scratch memory is fresh, reused or full of garbage.
"""

from __future__ import annotations

import numpy as np
import pytest

from phi.backends.cpu.cpu_context import CPUContext
from phi.kernels.funcs import activation, batch_norm, conv, pooling
from tests.ops.op_helpers import rand


def test_workspace_is_reused_per_key_and_grows() -> None:
    ctx = CPUContext()
    a = ctx.workspace("k", (2, 3), np.float32)
    assert (a.shape, a.dtype, a.flags.c_contiguous) == ((2, 3), np.float32, True)
    b = ctx.workspace("k", (3, 2), np.float32)
    assert np.shares_memory(a, b)  # same buffer, another shape
    big = ctx.workspace("k", (4, 4), np.float32)
    assert big.shape == (4, 4) and not np.shares_memory(a, big)  # grown
    assert not np.shares_memory(big, ctx.workspace("other", (4, 4), np.float32))
    assert ctx.workspace("k", (4,), np.float64).dtype == np.float64  # one buffer per dtype
    assert ctx.workspace_bytes() == 16 * 4 + 16 * 4 + 4 * 8
    ctx.release_workspaces()
    assert ctx.workspace_bytes() == 0


def _garbage_workspace(ctx: CPUContext):
    """ctx.workspace, with every buffer it hands out filled with NaN first."""

    def workspace(key, shape, dtype):
        buf = ctx.workspace(key, shape, dtype)
        buf[...] = np.nan
        return buf

    return workspace


CONVS = [
    ((2, 4, 9, 10), (6, 4, 3, 3), {"strides": [2, 2], "paddings": [1, 1], "groups": 1}),
    ((2, 4, 9, 10), (6, 2, 3, 3), {"strides": [1, 1], "paddings": [1, 0, 2, 1], "groups": 2}),
    ((1, 6, 8, 7), (12, 1, 3, 3), {"strides": [2, 1], "paddings": [1, 1], "groups": 6}),
    ((2, 4, 5, 5), (3, 4, 1, 1), {"strides": [1, 1], "paddings": [0, 0], "groups": 1}),
]


@pytest.mark.parametrize(("xshape", "wshape", "attrs"), CONVS)
@pytest.mark.parametrize("data_format", ["NCHW", "NHWC"])
def test_conv2d_same_bits_with_fresh_or_dirty_workspaces(xshape, wshape, attrs,
                                                         data_format) -> None:
    x, w = rand(xshape, 1), rand(wshape, 2)
    if data_format == "NHWC":
        x = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    args = (attrs["strides"], attrs["paddings"], "EXPLICIT", [1, 1], attrs["groups"],
            data_format)
    dims = conv.conv2d_out_dims(x.shape, w.shape, *args)
    fresh, dirty = np.empty(dims, np.float32), np.empty(dims, np.float32)
    conv.conv2d(np, x, w, *args, fresh)
    ctx = CPUContext()
    conv.conv2d(np, x, w, *args, dirty, _garbage_workspace(ctx))
    np.testing.assert_array_equal(fresh, dirty)
    conv.conv2d(np, x, w, *args, dirty, ctx.workspace)  # reused, holding the last data
    np.testing.assert_array_equal(fresh, dirty)


POOLS = [
    ({"kernel_size": [3, 3], "strides": [2, 2], "paddings": [1, 1]}, "max", False),
    ({"kernel_size": [3, 3], "strides": [2, 2], "paddings": [1, 1], "ceil_mode": True},
     "avg", False),
    ({"kernel_size": [1, 1], "strides": [1, 1], "paddings": [0, 0]}, "avg", True),
    ({"kernel_size": [1, 1], "strides": [1, 1], "paddings": [0, 0], "global_pooling": True},
     "max", False),
]


@pytest.mark.parametrize(("attrs", "pooling_type", "adaptive"), POOLS)
def test_pool2d_same_bits_with_fresh_or_dirty_workspaces(attrs, pooling_type,
                                                         adaptive) -> None:
    x = rand((2, 3, 9, 8), 3)
    kw = {"ceil_mode": False, "global_pooling": False, **attrs}
    args = (kw["kernel_size"], kw["strides"], kw["paddings"], kw["ceil_mode"])
    dims = pooling.pool2d_out_dims(x.shape, *args, "NCHW", kw["global_pooling"], adaptive,
                                   "EXPLICIT")
    fresh, dirty = np.empty(dims, np.float32), np.empty(dims, np.float32)
    rest = (True, "NCHW", pooling_type, kw["global_pooling"], adaptive, "EXPLICIT")
    pooling.pool2d(np, x, *args, *rest, fresh)
    pooling.pool2d(np, x, *args, *rest, dirty, _garbage_workspace(CPUContext()))
    np.testing.assert_array_equal(fresh, dirty)
    if pooling_type == "max" and not adaptive:
        assert np.all(np.isfinite(fresh))


def test_relu_in_place_follows_paddle_on_nan_and_negative_zero() -> None:
    x = np.array([-0.0, np.nan, -1.5, 2.0, np.inf, -np.inf], np.float32)
    activation.relu(np, x, x)  # out is x
    np.testing.assert_array_equal(x, [0, 0, 0, 2, np.inf, 0])
    assert not np.signbit(x).any()


@pytest.mark.parametrize("name", ["relu6", "sigmoid", "tanh"])
def test_activations_in_place_equal_out_of_place(name) -> None:
    fn = activation.get(name)
    args = (6.0,) if name == "relu6" else ()
    x = rand((3, 17), 4, scale=5)
    out = np.empty_like(x)
    fn(np, x, *args, out)
    fn(np, x, *args, x)
    np.testing.assert_array_equal(out, x)


def test_batch_norm_in_place_equals_out_of_place() -> None:
    x = rand((2, 3, 4, 5), 5)
    stats = [rand((3,), s, low=0.5) for s in (6, 7, 8, 9)]
    out = np.empty_like(x)
    batch_norm.batch_norm_infer(np, x, *stats, 1e-5, "NCHW", out)
    batch_norm.batch_norm_infer(np, x, *stats, 1e-5, "NCHW", x)
    np.testing.assert_array_equal(out, x)
