"""Every compiled (Numba) kernel against its plain kernel, op by op through the dual
dispatch: dtypes, odd shapes, padding edges, strides and dilations, NaN / inf values,
an empty batch, each on the kernels' serial and parallel compilations. The plain kernel
is the reference; the trace shows which library ran."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from compat.single_op import run_single_op

pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")

DTYPES = [np.float32, np.float64]


@pytest.fixture(autouse=True, params=["serial", "parallel"])
def compilation(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every case on both compilations of the kernels (`phi.jit.runtime.Kernel`): the
    cases are small, so by the runtime's work rule they would all run serially."""
    from phi.jit import runtime

    monkeypatch.setattr(runtime, "parallel_worth",
                        lambda work: request.param == "parallel")
    return str(request.param)
TOL = {np.float32: {"rtol": 2e-5, "atol": 2e-5}, np.float64: {"rtol": 1e-12, "atol": 1e-12}}


def _both(op_type: str, inputs: dict[str, Any], attrs: dict[str, Any], outputs: list[str],
          dtype: type) -> dict[str, list[np.ndarray]]:
    """Run the op on both libraries; check the numba run used a NUMBA kernel and agrees
    with the plain one (NaN where it has NaN, inf where it has inf); the numba outputs."""
    plain, plain_trace = run_single_op(op_type, inputs, attrs, outputs, "phi")
    jit, jit_trace = run_single_op(op_type, inputs, attrs, outputs, "phi", library="numba")
    assert "CPU" in plain_trace.key and "NUMBA" in jit_trace.key, jit_trace.key
    assert jit_trace.note_kind is None
    for slot in outputs:
        for got, want in zip(jit[slot], plain[slot]):
            assert got.shape == want.shape and got.dtype == want.dtype, slot
            np.testing.assert_allclose(got, want, equal_nan=True, err_msg=f"{op_type} {slot}",
                                       **TOL[dtype])
    return jit


def _values(rng: np.random.Generator, shape: tuple[int, ...], dtype: type,
            edges: bool = False, largest: bool = True) -> np.ndarray:
    """Normal values; with `edges`, NaN, +-inf and a huge finite value. For a kernel that
    sums products of taps, pass `largest=False`: the huge value is then 2**-20 of the
    largest finite one, so no product or sum of taps overflows. With the largest finite
    value, whether max * tap + (-inf) is -inf (fused multiply-add: the product never
    rounds) or NaN (the product overflows to inf first) depends on the CPU and on what
    the compiler or BLAS fuses, so plain and compiled may rightly differ."""
    x = rng.standard_normal(shape).astype(dtype)
    if edges and x.size >= 8:
        flat = x.reshape(-1)
        flat[[1, 5]] = np.nan
        flat[2], flat[-2] = np.inf, -np.inf
        flat[3] = np.finfo(dtype).max if largest else np.finfo(dtype).max / 2**20
    return x


def _conv_attrs(stride: int, pad: list[int], dilation: int, groups: int,
                algorithm: str = "EXPLICIT") -> dict[str, Any]:
    return {"strides": [stride, stride], "paddings": pad, "dilations": [dilation, dilation],
            "groups": groups, "padding_algorithm": algorithm, "data_format": "NCHW"}


DEPTHWISE_CASES = [  # (N, C, multiplier, H, W, k, stride, paddings, dilation, algorithm)
    (2, 8, 1, 17, 13, 3, 1, [1, 1], 1, "EXPLICIT"),
    (1, 6, 2, 9, 10, 3, 2, [1, 1], 1, "EXPLICIT"),
    (2, 4, 1, 11, 7, 5, 2, [2, 2], 2, "EXPLICIT"),
    (1, 3, 1, 5, 5, 3, 1, [0, 0], 1, "EXPLICIT"),
    (1, 5, 1, 8, 9, 3, 3, [0, 2, 1, 0], 1, "EXPLICIT"),  # uneven pads, stride 3
    (1, 4, 1, 7, 6, 3, 2, [0, 0], 1, "SAME"),
    (1, 3, 1, 2, 2, 3, 1, [2, 2], 1, "EXPLICIT"),  # pads wider than the input
    (1, 5, 2, 9, 8, 3, 1, [2, 1, 0, 2], 2, "EXPLICIT"),  # stride 1, dilated, uneven pads
    (2, 3, 1, 6, 11, 5, 1, [0, 0], 1, "SAME"),  # stride 1, 5x5
    (4, 5, 1, 13, 12, 3, 2, [1, 1], 2, "EXPLICIT"),  # stride 2, dilation 2: one phase
    (1, 4, 2, 15, 14, 3, 2, [1, 2, 2, 1], 1, "EXPLICIT"),  # stride 2, multiplier, uneven
    (4, 3, 1, 16, 17, 5, 3, [2, 2], 2, "EXPLICIT"),  # stride 3, dilation 2 (phases 0, 2, 1)
    (1, 2, 1, 9, 11, 3, 2, [0, 0], 3, "EXPLICIT"),  # dilation 3 over stride 2, no padding
    (2, 7, 1, 14, 14, 3, 2, [0, 0], 1, "SAME"),  # SAME, stride 2, even input
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", DEPTHWISE_CASES)
def test_depthwise_conv2d(case: tuple[Any, ...], dtype: type) -> None:
    n, c, m, h, w, k, s, pad, d, algorithm = case
    rng = np.random.default_rng(1)
    x, f = _values(rng, (n, c, h, w), dtype), _values(rng, (c * m, 1, k, k), dtype)
    for op_type in ("depthwise_conv2d", "conv2d"):
        _both(op_type, {"Input": x, "Filter": f}, _conv_attrs(s, pad, d, c, algorithm),
              ["Output"], dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("strides", "dilations"), [([1, 2], [2, 1]), ([2, 1], [1, 3]),
                                                    ([3, 2], [1, 1])])
def test_depthwise_conv2d_uneven_strides(strides: list[int], dilations: list[int],
                                         dtype: type) -> None:
    """Row and column phases apart (the compiled kernel splits the plane by both)."""
    rng = np.random.default_rng(11)
    x = _values(rng, (2, 3, 12, 11), dtype, edges=True, largest=False)
    f = _values(rng, (3, 1, 3, 3), dtype)
    attrs = {**_conv_attrs(1, [1, 2, 0, 1], 1, 3), "strides": strides, "dilations": dilations}
    _both("depthwise_conv2d", {"Input": x, "Filter": f}, attrs, ["Output"], dtype)


CHANNELS_LAST_CASES = [  # (N, C, H, W, k, stride, paddings, dilation): small planes, C >= 16
    (1, 16, 7, 7, 3, 1, [1, 1], 1),
    (4, 19, 9, 8, 3, 2, [1, 0, 2, 1], 1),
    (2, 24, 13, 14, 5, 2, [2, 2], 2),
    (1, 32, 4, 5, 3, 1, [0, 0], 1),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", CHANNELS_LAST_CASES)
@pytest.mark.parametrize("activation", ["identity", "relu6", "hardswish"])
def test_depthwise_channels_last(case: tuple[Any, ...], activation: str, dtype: type) -> None:
    """Depthwise convs of small planes and many channels take the channel-last kernel:
    with and without residual, edge values included."""
    from phi.jit.conv_kernels import channels_last_pays
    from phi.kernels.funcs.conv import conv2d_geometry

    n, c, h, w, k, s, pad, d = case
    rng = np.random.default_rng(12)
    x = _values(rng, (n, c, h, w), dtype, edges=True, largest=False)
    f = _values(rng, (c, 1, k, k), dtype)
    attrs = _conv_attrs(s, pad, d, c)
    g = conv2d_geometry(x.shape, f.shape, attrs["strides"], pad, "EXPLICIT",
                        attrs["dilations"], c, "NCHW")
    assert channels_last_pays(g)
    bias = _values(rng, (c,), dtype)
    residual = _values(rng, (n, c, g.oh, g.ow), dtype, edges=True)
    fused = {**attrs, "activation": activation, "fuse_alpha": 0.0}
    _both("fused_conv2d_add_act", {"Input": x, "Filter": f, "Bias": bias,
                                   "ResidualData": residual}, fused, ["Output"], dtype)
    _both("depthwise_conv2d", {"Input": x, "Filter": f}, attrs, ["Output"], dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_depthwise_conv2d_edge_values_and_empty_batch(dtype: type) -> None:
    rng = np.random.default_rng(2)
    x = _values(rng, (2, 3, 6, 7), dtype, edges=True, largest=False)
    f = _values(rng, (3, 1, 3, 3), dtype)
    _both("depthwise_conv2d", {"Input": x, "Filter": f}, _conv_attrs(1, [1, 1], 1, 3),
          ["Output"], dtype)
    out = _both("depthwise_conv2d", {"Input": x[:0], "Filter": f},
                _conv_attrs(1, [1, 1], 1, 3), ["Output"], dtype)
    assert out["Output"][0].shape == (0, 3, 6, 7)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("activation", ["identity", "relu", "relu6", "leaky_relu", "sigmoid",
                                        "tanh", "hardswish"])
@pytest.mark.parametrize("groups", [1, 2, 6])  # plain conv + epilogue, grouped, depthwise
def test_fused_conv2d_add_act(activation: str, groups: int, dtype: type) -> None:
    rng = np.random.default_rng(3)
    x = _values(rng, (2, 6, 9, 8), dtype, edges=True) * 4
    f = _values(rng, (6, 6 // groups, 3, 3), dtype)
    bias = _values(rng, (6,), dtype)
    residual = _values(rng, (2, 6, 5, 4), dtype, edges=True) * 4
    attrs = {**_conv_attrs(2, [1, 1], 1, groups), "activation": activation,
             "fuse_alpha": 0.1 if activation == "leaky_relu" else 0.0}
    _both("fused_conv2d_add_act", {"Input": x, "Filter": f, "Bias": bias,
                                   "ResidualData": residual}, attrs, ["Output"], dtype)
    _both("fused_conv2d_add_act", {"Input": x, "Filter": f}, attrs, ["Output"], dtype)


def test_fused_conv2d_add_act_channel_last_runs_the_plain_body() -> None:
    rng = np.random.default_rng(4)
    x = _values(rng, (1, 7, 6, 4), np.float32)
    f = _values(rng, (4, 1, 3, 3), np.float32)
    attrs = {**_conv_attrs(1, [1, 1], 1, 4), "data_format": "NHWC", "activation": "relu"}
    _both("fused_conv2d_add_act", {"Input": x, "Filter": f, "Bias": f[:, 0, 0, 0]}, attrs,
          ["Output"], np.float32)


POOL_CASES = [  # (pooling_type, ksize, strides, paddings, ceil_mode, exclusive, global)
    ("max", [3, 3], [2, 2], [1, 1], False, True, False),
    ("max", [2, 3], [1, 2], [0, 1], True, True, False),
    ("avg", [3, 3], [2, 2], [1, 1], False, True, False),
    ("avg", [3, 3], [2, 2], [1, 1], False, False, False),
    ("avg", [2, 2], [2, 2], [0, 0], True, False, False),
    ("avg", [3, 2], [3, 1], [1, 0, 1, 1], True, True, False),
    ("max", [1, 1], [1, 1], [0, 0], False, True, True),
    ("avg", [1, 1], [1, 1], [0, 0], False, True, True),
    ("max", [3, 3], [3, 2], [1, 0, 2, 1], True, True, False),  # phases 3 x 2, uneven pads
    ("avg", [2, 3], [2, 3], [1, 1], False, False, False),
    ("max", [3, 3], [1, 1], [1, 1], False, True, False),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", POOL_CASES)
@pytest.mark.parametrize("edges", [False, True])
@pytest.mark.parametrize("plane", [(7, 9), (29, 31)])  # window by window; tap by tap
def test_pool2d(case: tuple[Any, ...], edges: bool, plane: tuple[int, int],
                dtype: type) -> None:
    kind, ksize, strides, pads, ceil, exclusive, global_ = case
    x = _values(np.random.default_rng(5), (4, 3, *plane), dtype, edges=edges)
    attrs = {"pooling_type": kind, "ksize": ksize, "strides": strides, "paddings": pads,
             "ceil_mode": ceil, "exclusive": exclusive, "global_pooling": global_,
             "adaptive": False, "data_format": "NCHW", "padding_algorithm": "EXPLICIT"}
    _both("pool2d", {"X": x}, attrs, ["Out"], dtype)


def test_pool2d_adaptive_and_empty_batch_match_plain() -> None:
    x = _values(np.random.default_rng(6), (2, 3, 7, 9), np.float32)
    attrs = {"pooling_type": "avg", "ksize": [3, 4], "strides": [1, 1], "paddings": [0, 0],
             "ceil_mode": False, "exclusive": True, "global_pooling": False,
             "adaptive": True, "data_format": "NCHW", "padding_algorithm": "EXPLICIT"}
    _both("pool2d", {"X": x}, attrs, ["Out"], np.float32)
    out = _both("pool2d", {"X": x[:0]}, {**attrs, "adaptive": False}, ["Out"], np.float32)
    assert out["Out"][0].shape[0] == 0


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(3, 7), (2, 3, 1), (4, 1000), (5,)])
@pytest.mark.parametrize("edges", [False, True])
def test_softmax_rows(shape: tuple[int, ...], edges: bool, dtype: type) -> None:
    x = _values(np.random.default_rng(7), shape, dtype, edges=edges) * 30
    _both("softmax", {"X": x}, {"axis": -1}, ["Out"], dtype)


def test_softmax_other_axis_and_infinite_rows() -> None:
    x = _values(np.random.default_rng(8), (3, 4, 5), np.float32)
    _both("softmax", {"X": x}, {"axis": 1}, ["Out"], np.float32)
    rows = np.array([[np.inf, 1, 2], [-np.inf, -np.inf, -np.inf], [-np.inf, 0, 1]],
                    np.float32)
    out = _both("softmax", {"X": rows}, {"axis": -1}, ["Out"], np.float32)
    assert np.isnan(out["Out"][0][:2]).all() and np.isfinite(out["Out"][0][2]).all()
    _both("softmax", {"X": x[:0]}, {"axis": -1}, ["Out"], np.float32)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("begin", [1, 2])
@pytest.mark.parametrize("affine", [True, False])
def test_layer_norm(begin: int, affine: bool, dtype: type) -> None:
    rng = np.random.default_rng(9)
    x = _values(rng, (3, 5, 7), dtype) * 3 + 1
    inputs: dict[str, Any] = {"X": x}
    if affine:
        width = int(np.prod(x.shape[begin:]))
        inputs |= {"Scale": _values(rng, (width,), dtype), "Bias": _values(rng, (width,), dtype)}
    _both("layer_norm", inputs, {"begin_norm_axis": begin, "epsilon": 1e-5},
          ["Y", "Mean", "Variance"], dtype)


def test_layer_norm_edge_values() -> None:
    x = _values(np.random.default_rng(10), (4, 16), np.float32, edges=True)
    _both("layer_norm", {"X": x}, {"begin_norm_axis": 1, "epsilon": 1e-5},
          ["Y", "Mean", "Variance"], np.float32)


@pytest.mark.parametrize("dtype", DTYPES)
def test_depthwise_layouts_agree_bitwise(dtype: type) -> None:
    """The channel-last and plane-wise depthwise kernels sum the taps in one order:
    identical bits, the largest finite value and its overflows included."""
    from phi.jit import conv_kernels, epilogue

    rng = np.random.default_rng(13)
    for n, c, h, w, k, s, p, d in [(1, 16, 7, 7, 3, 1, 1, 1), (4, 19, 9, 8, 3, 2, 1, 1),
                                   (2, 24, 13, 14, 5, 2, 2, 2)]:
        x = _values(rng, (n, c, h, w), dtype, edges=True) * 3
        f = _values(rng, (c, 1, k, k), dtype) * 3
        oh, ow = ((size + 2 * p - d * (k - 1) - 1) // s + 1 for size in (h, w))
        planes, last = np.empty((2, n, c, oh, ow), dtype)
        args = (x, f, _values(rng, (c,), dtype), x, False)
        geometry = (s, s, p, p, p, p, d, d, 2, epilogue.constants(np.dtype(dtype), 0.0))
        conv_kernels.depthwise_channels_last(*args, last, *geometry)
        conv_kernels.depthwise_nchw(*args, planes, *geometry, 3)
        np.testing.assert_array_equal(last, planes)


@pytest.mark.parametrize("groups", [1, 16])  # GEMM + epilogue; depthwise (channel-last)
def test_conv_into_a_strided_output(groups: int) -> None:
    """An output that is a strided view gets the same values as a dense one."""
    from phi.jit.conv_kernels import conv2d_add_act

    rng = np.random.default_rng(14)
    x = _values(rng, (2, 16, 9, 9), np.float32)
    f = _values(rng, (16, 16 // groups, 3, 3), np.float32)
    bias, residual = _values(rng, (16,), np.float32), _values(rng, (2, 16, 9, 9), np.float32)
    dense = np.empty((2, 16, 9, 9), np.float32)
    strided = np.empty((2, 16, 9, 18), np.float32)[..., ::2]
    for out in (dense, strided):
        conv2d_add_act(np, x, f, bias, residual, [1, 1], [1, 1], "EXPLICIT", [1, 1], groups,
                       "NCHW", "relu6", 0.0, out)
    np.testing.assert_array_equal(strided, dense)
