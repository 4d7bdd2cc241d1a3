"""Lowered steps (phi.lowering, compat.plan_lowering) compute what their kernels compute, bit
for bit: each lowering against its kernel over dtypes, shapes (broadcasting, batch 1 and 4)
and edge values (NaN, +-inf, -0.0, large values). Every lowering here is declared
bit-identical (it calls the kernel's own funcs on the same arrays), so the checks compare
bytes, with no tolerance."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from compat.plan_lowering import Binder, lower_step
from phi.common import Backend, CPUPlace, DataLayout, DataType, IntArray, Scalar
from phi.core.bound_kernel import BoundKernel
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_key import KernelKey
from phi.kernels.funcs.conv import conv2d_out_dims
from phi.lowering import lowered_kernels

CPU = CPUPlace()
F32, F64, I64 = DataType.FLOAT32, DataType.FLOAT64, DataType.INT64
FLOATS = (F32, F64)
#: what a kernel's inputs are refilled with between runs: values with every edge case
EDGES = (np.nan, np.inf, -np.inf, -0.0, 0.0, 1e30, -1e30, 3.0)


def _kernel(name: str, dtype: DataType) -> Callable[..., None]:
    lowered_kernels()  # imports the kernels the lowerings stand for
    return KERNELS.select_kernel(name, KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT,
                                                 dtype)).fn


def _array(shape: tuple[int, ...], dtype: DataType, rng: np.random.Generator,
           edges: bool = True) -> np.ndarray:
    a = rng.standard_normal(shape).astype(dtype.to_numpy())
    if edges and a.size >= len(EDGES):
        a.reshape(-1)[rng.choice(a.size, len(EDGES), replace=False)] = EDGES
    return a


def _out(dims: tuple[int, ...], dtype: DataType) -> DenseTensor:
    return DenseTensor(dtype=dtype, dims=dims)


def _lowered_runner(name: str, fn: Callable[..., None], args: tuple[Any, ...],
                    outs: list[DenseTensor]) -> Callable[[], None] | None:
    """Lower a step calling `fn(dev_ctx, *args)` (its outputs allocated by a first kernel
    call, as the plan's first run does) and compile its statements; None if it does not
    lower."""
    ctx = DeviceContextPool.instance().get(CPU)
    with np.errstate(all="ignore"):
        fn(ctx, *args)
    step = SimpleNamespace(bound=BoundKernel(lambda: None, partial(fn, ctx, *args)),
                           choice=SimpleNamespace(kernel_name=name, place=CPU),
                           outputs=[(t, t.dims) for t in outs])
    binder = Binder({})
    lines = lower_step(0, step, binder)
    if lines is None:
        return None
    namespace = dict(binder.names)
    exec(compile("def run():\n" + "".join(f"    {line}\n" for line in lines),
                 f"<lowered {name}>", "exec"), namespace)
    return namespace["run"]


def _check(name: str, dtype: DataType, args: tuple[Any, ...], outs: list[DenseTensor],
           rng: np.random.Generator, refill: bool = True) -> None:
    """The lowered step, run after its inputs got new values in place, writes the bytes a
    kernel call writes (twice: the bound buffers are read afresh on every run)."""
    fn = _kernel(name, dtype)
    run = _lowered_runner(name, fn, args, outs)
    assert run is not None, f"{name} {dtype} did not lower"
    ctx = DeviceContextPool.instance().get(CPU)
    inputs = [a for a in args if isinstance(a, DenseTensor) and a.initialized()
              and all(a is not o for o in outs)]
    for trial in range(2):
        if refill:
            for t in inputs:
                if t.data.dtype.kind == "f":
                    t.data[...] = _array(t.data.shape, t.dtype, rng, edges=trial == 1)
        for t in outs:
            t.data[...] = 7  # whatever the last run left must not leak through
        with np.errstate(all="ignore"):
            run()
        got = [t.data.copy() for t in outs]
        held = [t.data for t in outs]
        with np.errstate(all="ignore"):
            fn(ctx, *args)
        for t, g, h in zip(outs, got, held):
            assert t.data is h, f"{name}: the kernel moved an output the lowering bound"
            assert g.dtype == t.data.dtype and g.shape == t.data.shape
            assert g.tobytes() == t.data.tobytes(), f"{name} {dtype} trial {trial} differs"


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("x_dims", "cols", "bias_dims", "act"), [
    ((1, 16), 1, (32,), "relu"), ((4, 16), 1, (32,), ""), ((4, 16), 1, None, "tanh"),
    ((4, 5, 16), 2, (1, 32), "sigmoid"), ((1, 4, 4), 1, (32,), "relu6"),
    ((4, 2, 8), 1, (32,), "leaky_relu"),
])
def test_fc(dtype: DataType, x_dims: tuple[int, ...], cols: int,
            bias_dims: tuple[int, ...] | None, act: str) -> None:
    rng = np.random.default_rng(0)
    k = int(np.prod(x_dims[cols:]))
    x = DenseTensor(_array(x_dims, dtype, rng))
    w = DenseTensor(_array((k, 32), dtype, rng, edges=False))
    bias = None if bias_dims is None else DenseTensor(_array(bias_dims, dtype, rng))
    out = _out((*x_dims[:cols], 32), dtype)
    _check("fc", dtype, (x, w, bias, cols, act, False, out), [out], rng)


def test_fc_padding_weights_is_left_to_the_kernel() -> None:
    x, w = DenseTensor(np.ones((2, 3), np.float32)), DenseTensor(np.ones((3, 4), np.float32))
    fn = _kernel("fc", F32)
    with pytest.raises(ValueError, match="padding_weights"):
        _lowered_runner("fc", fn, (x, w, None, 1, "", True, _out((2, 4), F32)), [])


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("dims", "axis"), [((1, 10), -1), ((4, 10), -1), ((4, 3, 16, 16), -1),
                                            ((4, 3, 5), 1), ((4, 6), 0)])
def test_softmax(dtype: DataType, dims: tuple[int, ...], axis: int) -> None:
    rng = np.random.default_rng(1)
    out = _out(dims, dtype)
    _check("softmax", dtype, (DenseTensor(_array(dims, dtype, rng)), axis, out), [out], rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("xd", "yd", "tx", "ty", "od"), [
    ((1, 4, 16, 16), (1, 4, 16, 16), False, True, (1, 4, 16, 16)),
    ((4, 3, 5), (4, 5, 2), False, False, (4, 3, 2)),
    ((4, 5, 3), (2, 5), True, True, (4, 3, 2)),
    ((4, 5), (5,), False, False, (4,)),
])
def test_matmul(dtype: DataType, xd: tuple[int, ...], yd: tuple[int, ...], tx: bool, ty: bool,
                od: tuple[int, ...]) -> None:
    rng = np.random.default_rng(2)
    out = _out(od, dtype)
    args = (DenseTensor(_array(xd, dtype, rng)), DenseTensor(_array(yd, dtype, rng)), tx, ty, out)
    _check("matmul", dtype, args, [out], rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("dims", "axis", "affine", "stats"), [
    ((1, 16, 64), 2, True, True), ((4, 16, 64), 2, True, False), ((4, 6, 5), 1, False, True),
])
def test_layer_norm(dtype: DataType, dims: tuple[int, ...], axis: int, affine: bool,
                    stats: bool) -> None:
    rng = np.random.default_rng(3)
    right = int(np.prod(dims[axis:]))
    left = int(np.prod(dims[:axis]))
    scale = DenseTensor(_array((right,), dtype, rng)) if affine else None
    bias = DenseTensor(_array((right,), dtype, rng)) if affine else None
    out = _out(dims, dtype)
    mean, var = (_out((left,), dtype), _out((left,), dtype)) if stats else (None, None)
    outs = [t for t in (out, mean, var) if t is not None]
    _check("layer_norm", dtype, (DenseTensor(_array(dims, dtype, rng)), scale, bias, 1e-5, axis,
                                 out, mean, var), outs, rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide"])
@pytest.mark.parametrize(("xd", "yd"), [((1, 16, 64), (1, 16, 64)), ((4, 16, 64), (64,)),
                                        ((4, 1, 8), (3, 1)), ((4, 3), (4, 3))])
def test_elementwise_broadcasting(dtype: DataType, name: str, xd: tuple[int, ...],
                                  yd: tuple[int, ...]) -> None:
    rng = np.random.default_rng(4)
    od = np.broadcast_shapes(xd, yd)
    out = _out(od, dtype)
    args = (DenseTensor(_array(xd, dtype, rng)), DenseTensor(_array(yd, dtype, rng)), out)
    _check(name, dtype, args, [out], rng)


@pytest.mark.parametrize("name", ["add_raw", "subtract_raw", "multiply_raw", "divide_raw"])
@pytest.mark.parametrize(("xd", "yd", "axis"), [((4, 3, 5), (3,), 1), ((1, 6, 2, 2), (6, 1), 1),
                                                ((4, 3, 5), (4, 3), 0)])
def test_elementwise_axis_alignment(name: str, xd: tuple[int, ...], yd: tuple[int, ...],
                                    axis: int) -> None:
    rng = np.random.default_rng(5)
    out = _out(xd, F32)
    args = (DenseTensor(_array(xd, F32, rng)), DenseTensor(_array(yd, F32, rng)), axis, out)
    _check(name, F32, args, [out], rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["relu", "tanh", "sigmoid"])
@pytest.mark.parametrize("dims", [(1, 32), (4, 3, 8)])
def test_activations(dtype: DataType, name: str, dims: tuple[int, ...]) -> None:
    rng = np.random.default_rng(6)
    out = _out(dims, dtype)
    _check(name, dtype, (DenseTensor(_array(dims, dtype, rng)), out), [out], rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("approximate", [False, True])
def test_gelu(dtype: DataType, approximate: bool) -> None:
    rng = np.random.default_rng(7)
    out = _out((4, 32), dtype)
    _check("gelu", dtype, (DenseTensor(_array((4, 32), dtype, rng)), approximate, out), [out],
           rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("after", [False, True])
@pytest.mark.parametrize("from_tensor", [False, True])
def test_scale(dtype: DataType, after: bool, from_tensor: bool) -> None:
    """Attribute scalars are converted once; tensor-fed ones read on every run."""
    rng = np.random.default_rng(8)
    out = _out((4, 4, 16, 16), dtype)
    args = (DenseTensor(_array((4, 4, 16, 16), dtype, rng)),
            Scalar(0.1 if from_tensor else 0.25, from_tensor=from_tensor),
            Scalar(-1.5, from_tensor=from_tensor), after, out)
    _check("scale", dtype, args, [out], rng)


@pytest.mark.parametrize("dtype", [F32, F64, I64, DataType.BOOL])
@pytest.mark.parametrize(("xd", "od"), [((1, 16, 64), (1, 16, 4, 16)),
                                        ((4, 16, 4, 16), (4, 16, 64))])
def test_reshape(dtype: DataType, xd: tuple[int, ...], od: tuple[int, ...]) -> None:
    rng = np.random.default_rng(9)
    x = DenseTensor((rng.standard_normal(xd) * 4).astype(dtype.to_numpy()))
    out, xshape = _out(od, dtype), _out((0, *xd), dtype)
    _check("reshape", dtype, (x, IntArray(list(od)), out, xshape), [out], rng)
    assert not xshape.initialized()  # the kernel never gives XShape a buffer; nor does this


@pytest.mark.parametrize("dtype", [F32, F64, I64])
@pytest.mark.parametrize(("xd", "axis"), [((1, 16, 4, 16), [0, 2, 1, 3]), ((4, 3, 5), [2, 0, 1]),
                                          ((4, 6), [-1, 0])])
def test_transpose(dtype: DataType, xd: tuple[int, ...], axis: list[int]) -> None:
    rng = np.random.default_rng(10)
    x = DenseTensor((rng.standard_normal(xd) * 4).astype(dtype.to_numpy()))
    out = _out(tuple(xd[a] for a in axis), dtype)
    _check("transpose", dtype, (x, axis, out), [out], rng)


@pytest.mark.parametrize("name", ["flatten", "flatten_with_xshape"])
@pytest.mark.parametrize("batch", [1, 4])
def test_flatten(name: str, batch: int) -> None:
    rng = np.random.default_rng(11)
    xd = (batch, 16, 5, 5)
    out = _out((batch, 400), F32)
    extra = (_out((0, *xd), F32),) if name == "flatten_with_xshape" else ()
    _check(name, F32, (DenseTensor(_array(xd, F32, rng)), 1, 3, out, *extra), [out], rng)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("padding_idx", [-1, 3])
def test_embedding(dtype: DataType, padding_idx: int) -> None:
    rng = np.random.default_rng(12)
    ids = DenseTensor(rng.integers(0, 10, (4, 16)).astype(np.int64))
    out = _out((4, 16, 8), dtype)
    args = (ids, DenseTensor(_array((10, 8), dtype, rng)), padding_idx, out)
    _check("embedding", dtype, args, [out], rng)


def test_undeclared_dtypes_and_library_kernels_are_not_lowered() -> None:
    x = DenseTensor(np.arange(6, dtype=np.int32).reshape(2, 3))
    out = _out((2, 3), DataType.INT32)
    # add has an int32 kernel; its lowering declares floats only
    assert _lowered_runner("add", _kernel("add", DataType.INT32), (x, x, out), [out]) is None

    def other_fc(dev_ctx: Any, *args: Any) -> None:  # not the plain kernel the lowering knows
        _kernel("fc", F32)(dev_ctx, *args)

    x32, w = DenseTensor(np.ones((2, 3), np.float32)), DenseTensor(np.ones((3, 4), np.float32))
    assert _lowered_runner("fc", other_fc, (x32, w, None, 1, "", False, _out((2, 4), F32)),
                           []) is None


def test_an_output_that_is_not_its_own_buffer_is_not_lowered() -> None:
    """An output whose buffer is adopted (a kernel call would allocate a fresh one) or an
    in-place step keeps the kernel call."""
    x = DenseTensor(np.ones((2, 3), np.float32))
    out = _out((2, 3), F32)
    fn = _kernel("relu", F32)
    fn(DeviceContextPool.instance().get(CPU), x, out)
    out.set_array(np.zeros((2, 3), np.float32))  # adopted: not the tensor's own
    step = SimpleNamespace(bound=BoundKernel(lambda: None, partial(
        fn, DeviceContextPool.instance().get(CPU), x, out)),
        choice=SimpleNamespace(kernel_name="relu", place=CPU), outputs=[(out, out.dims)])
    assert lower_step(0, step, Binder({})) is None
    inplace = _out((2, 3), F32)
    fn(DeviceContextPool.instance().get(CPU), x, inplace)
    assert _lowered_runner("relu", fn, (inplace, inplace), [inplace]) is None


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("batch", "act", "residual", "pad", "stride"), [
    (1, "relu", False, [2, 2], [1, 1]), (4, "", True, [0, 0], [2, 2]),
    (4, "sigmoid", False, [1, 1], [1, 1]),
])
def test_fused_conv2d_add_act(dtype: DataType, batch: int, act: str, residual: bool,
                              pad: list[int], stride: list[int]) -> None:
    rng = np.random.default_rng(13)
    x = DenseTensor(_array((batch, 3, 12, 12), dtype, rng))
    w = DenseTensor(_array((6, 3, 5, 5), dtype, rng, edges=False))
    bias = DenseTensor(_array((6,), dtype, rng, edges=False))
    side = (12 + 2 * pad[0] - 5) // stride[0] + 1
    res = DenseTensor(_array((batch, 6, side, side), dtype, rng)) if residual else None
    out = _out((batch, 6, side, side), dtype)
    args = (x, w, bias, res, stride, pad, "EXPLICIT", [1, 1], 1, "NCHW", act, [], False, 32,
            0.0, out, [])
    _check("fused_conv2d_add_act", dtype, args, [out], rng)


@pytest.mark.parametrize(("kernel", "groups", "dilation", "pad", "algorithm", "fmt"), [
    (1, 1, 1, [0, 0], "EXPLICIT", "NCHW"),  # 1x1, stride 1: the input is the column matrix
    (3, 6, 1, [1, 1], "EXPLICIT", "NCHW"),  # depthwise
    (3, 2, 2, [2, 1], "EXPLICIT", "NCHW"),  # grouped, dilated, uneven paddings
    (3, 1, 1, [0, 0], "SAME", "NCHW"),
    (3, 1, 1, [1, 1], "EXPLICIT", "NHWC"),  # channel-last: the funcs' call
])
def test_fused_conv2d_add_act_shapes(kernel: int, groups: int, dilation: int, pad: list[int],
                                     algorithm: str, fmt: str) -> None:
    """Two steps of one plan sharing a padded buffer (same shape and paddings) each read
    their own input through it."""
    rng = np.random.default_rng(15)
    shape = (2, 9, 9, 6) if fmt == "NHWC" else (2, 6, 9, 9)
    w = DenseTensor(_array((12, 6 // groups, kernel, kernel), F32, rng, edges=False))
    ctx = DeviceContextPool.instance().get(CPU)
    fn = _kernel("fused_conv2d_add_act", F32)
    binder, steps = Binder({}), []
    for k in range(2):
        x = DenseTensor(_array(shape, F32, rng))
        out = _out(conv2d_out_dims(shape, w.dims, [1, 1], pad, algorithm, [dilation] * 2,
                                   groups, fmt), F32)
        args = (x, w, None, None, [1, 1], pad, algorithm, [dilation] * 2, groups, fmt, "relu",
                [], False, 32, 0.0, out, [])
        fn(ctx, *args)
        step = SimpleNamespace(bound=BoundKernel(lambda: None, partial(fn, ctx, *args)),
                               choice=SimpleNamespace(kernel_name="fused_conv2d_add_act",
                                                      place=CPU),
                               outputs=[(out, out.dims)])
        lines = lower_step(k, step, binder)
        assert lines is not None
        steps.append((x, out, args, lines))
    padded = fmt == "NCHW" and (any(pad) or algorithm == "SAME")
    assert len(binder.shared) == int(padded)  # one buffer for both steps
    namespace = dict(binder.names)
    body = "".join(f"    {line}\n" for *_, lines in steps for line in lines)
    exec(compile("def run():\n" + body, "<lowered convs>", "exec"), namespace)
    for x, *_ in steps:
        x.data[...] = _array(shape, F32, rng)
    namespace["run"]()
    got = [out.data.copy() for _, out, _, _ in steps]
    for (_, out, args, _), g in zip(steps, got):
        fn(ctx, *args)
        assert g.tobytes() == out.data.tobytes()


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("batch", "kind", "size", "stride", "pad", "glob"), [
    (1, "max", [2, 2], [2, 2], [0, 0], False), (4, "avg", [3, 3], [1, 1], [1, 1], False),
    (4, "max", [3, 3], [2, 2], [1, 1], False), (1, "avg", [1, 1], [1, 1], [0, 0], True),
    (1, "max", [3, 3], [3, 3], [0, 0], False), (4, "max", [10, 10], [1, 1], [0, 0], False),
])
def test_pool2d(dtype: DataType, batch: int, kind: str, size: list[int], stride: list[int],
                pad: list[int], glob: bool) -> None:
    rng = np.random.default_rng(14)
    x = DenseTensor(_array((batch, 4, 10, 10), dtype, rng))
    side = 1 if glob else (10 + 2 * pad[0] - size[0]) // stride[0] + 1
    out = _out((batch, 4, side, side), dtype)
    args = (x, IntArray(size), stride, pad, False, True, "NCHW", kind, glob, False,
            "EXPLICIT", out)
    _check("pool2d", dtype, args, [out], rng)


def test_every_lowering_is_registered_under_the_kernel_its_module_is_listed_for() -> None:
    from phi.lowering import LOWERING_MODULES, LOWERINGS

    assert lowered_kernels() == sorted(LOWERING_MODULES)
    for kernel, lowerings in LOWERINGS.items():
        assert all(lw.emit.__module__ == LOWERING_MODULES[kernel] for lw in lowerings), kernel
