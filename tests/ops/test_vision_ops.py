"""Vision family: conv2d, depthwise_conv2d, pool2d, batch_norm, activations (relu6,
hard_swish, hard_sigmoid, sigmoid, tanh, swish, leaky_relu, prelu), flatten ops, dropout.

Every case runs through the legacy kernel and the PHI kernel: both must agree bit for bit
and match an independent NumPy reference (computed here in float64, window by window).
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import build_single_op_program, run_single_op
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.scope import Scope
from phi.common import CPUPlace, GPUPlace
from tests.ops.op_helpers import assert_close, rand, run_both_traced, xshape_dims

FLT_MAX = float(np.finfo(np.float32).max)


# -- references ------------------------------------------------------------------------------

def ref_explicit_pads(paddings, in_hw, ksize, strides, algorithm):
    pads = list(paddings) if len(paddings) == 4 else [paddings[0]] * 2 + [paddings[1]] * 2
    if algorithm == "VALID":
        return [0, 0, 0, 0]
    if algorithm == "SAME":
        pads = []
        for size, k, s in zip(in_hw, ksize, strides):
            out = -(-size // s)
            need = max((out - 1) * s + k - size, 0)
            pads += [need // 2, need - need // 2]
    return pads


def ref_conv2d(x, w, strides=(1, 1), paddings=(0, 0), padding_algorithm="EXPLICIT",
               dilations=(1, 1), groups=1, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    x, w = x.astype(np.float64), w.astype(np.float64)
    n, _, h, wd = x.shape
    o, cg, kh, kw = w.shape
    pads = ref_explicit_pads(paddings, (h, wd), (kh, kw), strides, padding_algorithm)
    dh, dw = (1, 1) if padding_algorithm == "SAME" else dilations
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    oh = (h + pads[0] + pads[1] - (dh * (kh - 1) + 1)) // strides[0] + 1
    ow = (wd + pads[2] + pads[3] - (dw * (kw - 1) + 1)) // strides[1] + 1
    og = o // groups
    out = np.zeros((n, o, oh, ow))
    for i in range(oh):
        for j in range(ow):
            r0, c0 = i * strides[0], j * strides[1]
            win = xp[:, :, r0:r0 + dh * (kh - 1) + 1:dh, c0:c0 + dw * (kw - 1) + 1:dw]
            for g in range(groups):
                out[:, g * og:(g + 1) * og, i, j] = np.einsum(
                    "nckl,ockl->no", win[:, g * cg:(g + 1) * cg], w[g * og:(g + 1) * og])
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


def ref_pool2d(x, ksize, pooling_type, strides=(1, 1), paddings=(0, 0), ceil_mode=False,
               exclusive=True, data_format="NCHW", global_pooling=False, adaptive=False,
               padding_algorithm="EXPLICIT"):
    """Paddle's CPU rules, one output cell at a time (max with `adaptive` keeps plain ksize
    windows at i * stride: Paddle adapts only avg pooling's windows)."""
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    x = x.astype(np.float64)
    n, c, h, w = x.shape
    if global_pooling:
        ksize = (h, w)
    pads = ref_explicit_pads(paddings, (h, w), ksize, strides, padding_algorithm)
    if global_pooling or adaptive:
        pads = [0, 0, 0, 0]
    if adaptive:
        oh, ow = ksize
    else:
        extra = [s - 1 if ceil_mode else 0 for s in strides]
        oh = (h - ksize[0] + pads[0] + pads[1] + extra[0]) // strides[0] + 1
        ow = (w - ksize[1] + pads[2] + pads[3] + extra[1]) // strides[1] + 1
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            if adaptive and pooling_type == "avg":
                hs, he = (i * h) // oh, -(-((i + 1) * h) // oh)
                ws, we = (j * w) // ow, -(-((j + 1) * w) // ow)
                count = (he - hs) * (we - ws)
            else:
                hs, ws = i * strides[0] - pads[0], j * strides[1] - pads[2]
                he, we = min(hs + ksize[0], h), min(ws + ksize[1], w)
                if exclusive:
                    count = (he - max(hs, 0)) * (we - max(ws, 0))
                else:
                    count = ((min(hs + ksize[0], h + pads[0]) - hs)
                             * (min(ws + ksize[1], w + pads[2]) - ws))
                hs, ws = max(hs, 0), max(ws, 0)
            win = x[:, :, hs:he, ws:we]
            if pooling_type == "max":
                out[:, :, i, j] = win.max(axis=(2, 3)) if win.size else -FLT_MAX
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    out[:, :, i, j] = win.sum(axis=(2, 3)) / count
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


def ref_batch_norm(x, scale, bias, mean, var, eps, layout):
    axis = x.ndim - 1 if layout == "NHWC" else 1
    shape = [1] * x.ndim
    shape[axis] = -1
    r = [a.astype(np.float64).reshape(shape) for a in (scale, bias, mean, var)]
    return (x.astype(np.float64) - r[2]) / np.sqrt(r[3] + eps) * r[0] + r[1]


# -- conv2d / depthwise_conv2d ---------------------------------------------------------------

CONV_CASES = [
    pytest.param({}, 1, (4, 4, 3, 3), id="old-program-defaults"),
    pytest.param({"strides": [2, 2], "paddings": [1, 1]}, 1, (5, 4, 3, 3), id="stride2-pad1"),
    pytest.param({"paddings": [1, 0, 2, 1], "dilations": [2, 1]}, 1, (3, 4, 3, 3),
                 id="pad4-dilation"),
    pytest.param({"groups": 2, "paddings": [1, 1]}, 2, (6, 2, 3, 3), id="groups2"),
    pytest.param({"strides": [2, 2], "padding_algorithm": "SAME", "dilations": [3, 3]}, 1,
                 (4, 4, 4, 4), id="same-resets-dilation"),
    pytest.param({"paddings": [3, 3], "padding_algorithm": "VALID"}, 1, (2, 4, 5, 5),
                 id="valid-ignores-paddings"),
    pytest.param({"data_format": "NHWC", "paddings": [1, 1], "strides": [1, 2]}, 1,
                 (3, 4, 3, 3), id="nhwc"),
    pytest.param({"data_format": "AnyLayout", "paddings": [2, 2]}, 1, (3, 4, 5, 5),
                 id="anylayout-is-nchw"),
]


@pytest.mark.parametrize(("attrs", "groups", "wshape"), CONV_CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_conv2d(attrs, groups, wshape, dtype):
    nhwc = attrs.get("data_format") == "NHWC"
    x = rand((2, 9, 10, 4) if nhwc else (2, 4, 9, 10), 1, dtype)
    w = rand(wshape, 2, dtype)
    outs, _ = run_both_traced("conv2d", {"Input": x, "Filter": w}, attrs, ["Output"])
    got = outs["Output"][0]
    assert got.dtype == dtype
    ref_attrs = {k: v for k, v in attrs.items() if k != "data_format"}
    ref = ref_conv2d(x, w, data_format="NHWC" if nhwc else "NCHW", **ref_attrs)
    assert_close(got, ref, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(("attrs", "multiplier"), [
    pytest.param({"groups": 6, "paddings": [1, 1]}, 1, id="mobilenet-3x3"),
    pytest.param({"groups": 6, "paddings": [1, 1], "strides": [2, 2]}, 1, id="stride2"),
    pytest.param({"groups": 6, "paddings": [2, 1], "dilations": [2, 1]}, 2,
                 id="multiplier2-dilated"),
    pytest.param({"groups": 6, "data_format": "NHWC", "padding_algorithm": "SAME",
                  "strides": [2, 2]}, 1, id="nhwc-same"),
])
def test_depthwise_conv2d(attrs, multiplier):
    nhwc = attrs.get("data_format") == "NHWC"
    x = rand((2, 8, 7, 6) if nhwc else (2, 6, 8, 7), 3)
    w = rand((6 * multiplier, 1, 3, 3), 4)
    outs, trace = run_both_traced("depthwise_conv2d", {"Input": x, "Filter": w}, attrs, ["Output"])
    assert trace.kernel == "depthwise_conv2d"
    ref_attrs = {k: v for k, v in attrs.items() if k != "data_format"}
    ref = ref_conv2d(x, w, data_format="NHWC" if nhwc else "NCHW", **ref_attrs)
    assert_close(outs["Output"][0], ref, rtol=1e-5, atol=1e-5)


def test_depthwise_conv2d_mobilenet_sized_is_fast():
    """groups == channels at MobileNetV2 scale runs without per-channel Python loops."""
    import time

    x = rand((4, 96, 56, 56), 5)
    w = rand((96, 1, 3, 3), 6)
    start = time.perf_counter()
    outs, _ = run_both_traced("depthwise_conv2d", {"Input": x, "Filter": w},
                              {"groups": 96, "paddings": [1, 1], "strides": [2, 2]}, ["Output"])
    assert outs["Output"][0].shape == (4, 96, 28, 28)
    assert time.perf_counter() - start < 5.0


def test_conv2d_rejects_mismatched_channels():
    x, w = rand((1, 4, 5, 5), 1), rand((2, 3, 3, 3), 2)
    for mode in ("legacy", "phi"):
        with pytest.raises(Exception, match="channels"):
            run_single_op("conv2d", {"Input": x, "Filter": w}, {}, ["Output"], mode)


def test_conv2d_fusion_bias_goes_to_legacy_and_is_rejected():
    x, w, b = rand((1, 4, 5, 5), 1), rand((2, 4, 3, 3), 2), rand((2,), 3)
    with pytest.raises(Exception, match="oneDNN"):
        run_single_op("conv2d", {"Input": x, "Filter": w, "Bias": b}, {}, ["Output"], "auto")


# -- pool2d ----------------------------------------------------------------------------------

POOL_CASES = [
    pytest.param({"ksize": [2, 2], "strides": [2, 2]}, id="lenet-max-old-defaults"),
    pytest.param({"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1]}, id="resnet-stem"),
    pytest.param({"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1], "ceil_mode": True,
                  "exclusive": False}, id="ceil-inclusive"),
    pytest.param({"ksize": [2, 3], "strides": [3, 2], "paddings": [0, 1, 1, 0],
                  "ceil_mode": True}, id="pad4-ceil"),
    pytest.param({"ksize": [2, 2], "strides": [2, 2], "paddings": [1, 1], "ceil_mode": True},
                 id="window-past-input"),
    pytest.param({"ksize": [3, 3], "strides": [2, 2], "padding_algorithm": "SAME",
                  "exclusive": False}, id="same"),
    pytest.param({"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1],
                  "padding_algorithm": "VALID"}, id="valid"),
    pytest.param({"ksize": [1, 1], "global_pooling": True, "paddings": [1, 1]}, id="global"),
    pytest.param({"ksize": [1, 1], "adaptive": True}, id="adaptive-1x1"),
    pytest.param({"ksize": [4, 3], "adaptive": True}, id="adaptive-uneven"),
    pytest.param({"ksize": [3, 3], "strides": [2, 2], "data_format": "NHWC",
                  "paddings": [1, 1]}, id="nhwc"),
]


@pytest.mark.parametrize("attrs", POOL_CASES)
@pytest.mark.parametrize("pooling_type", ["max", "avg"])
def test_pool2d(attrs, pooling_type):
    nhwc = attrs.get("data_format") == "NHWC"
    x = rand((2, 9, 7, 3) if nhwc else (2, 3, 9, 7), 7)
    attrs = {**attrs, "pooling_type": pooling_type}
    outs, _ = run_both_traced("pool2d", {"X": x}, attrs, ["Out"])
    ref = ref_pool2d(x, attrs["ksize"], pooling_type,
                     **{k: v for k, v in attrs.items() if k not in ("ksize", "pooling_type")})
    got = outs["Out"][0]
    assert got.dtype == np.float32
    assert np.array_equal(np.isnan(got), np.isnan(ref))
    assert_close(np.nan_to_num(got), np.nan_to_num(ref))


def test_pool2d_empty_windows_follow_paddle():
    """A window wholly in padding: max gives -FLT_MAX, exclusive avg gives NaN (0/0)."""
    x = rand((1, 1, 5, 5), 8)
    attrs = {"ksize": [2, 2], "strides": [2, 2], "paddings": [1, 1], "ceil_mode": True}
    mx, _ = run_both_traced("pool2d", {"X": x}, {**attrs, "pooling_type": "max"}, ["Out"])
    avg, _ = run_both_traced("pool2d", {"X": x}, {**attrs, "pooling_type": "avg"}, ["Out"])
    assert mx["Out"][0][0, 0, 3, 3] == -FLT_MAX
    assert np.isnan(avg["Out"][0][0, 0, 3, 3])


def test_pool2d_float64():
    x = rand((1, 2, 6, 6), 9, np.float64)
    attrs = {"ksize": [3, 3], "strides": [1, 1], "paddings": [1, 1], "pooling_type": "avg",
             "exclusive": False}
    outs, _ = run_both_traced("pool2d", {"X": x}, attrs, ["Out"])
    assert outs["Out"][0].dtype == np.float64
    assert_close(outs["Out"][0], ref_pool2d(x, [3, 3], "avg", paddings=(1, 1), exclusive=False),
                 rtol=1e-12, atol=1e-12)


# -- batch_norm ------------------------------------------------------------------------------

def bn_inputs(c, seed, with_affine=True):
    rng = np.random.default_rng(seed)
    ins = {"Mean": rng.standard_normal(c).astype(np.float32),
           "Variance": (rng.random(c) + 0.2).astype(np.float32)}
    if with_affine:
        ins["Scale"] = rng.standard_normal(c).astype(np.float32)
        ins["Bias"] = rng.standard_normal(c).astype(np.float32)
    return ins


BN_OUTS = ["Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance"]


@pytest.mark.parametrize(("attrs", "shape", "layout", "kernel"), [
    pytest.param({"is_test": True, "use_global_stats": True, "trainable_statistics": False,
                  "momentum": 0.9, "epsilon": 1e-5, "data_layout": "NCHW"}, (2, 4, 5, 3),
                 "NCHW", "batch_norm_infer", id="paddle3-export"),
    pytest.param({"is_test": True}, (2, 4, 5, 3), "NCHW", "batch_norm_infer",
                 id="paddle2-is-test-only"),
    pytest.param({"use_global_stats": True, "epsilon": 1e-3}, (2, 4, 5, 3), "NCHW",
                 "batch_norm_infer", id="global-stats-training"),
    pytest.param({"is_test": True, "data_layout": "NHWC"}, (2, 5, 3, 4), "NHWC",
                 "batch_norm_infer", id="nhwc"),
    pytest.param({"is_test": True}, (6, 4), "NCHW", "batch_norm_infer", id="2d-input"),
    pytest.param({"is_test": True, "data_layout": "AnyLayout"}, (2, 4, 7), "NCHW",
                 "batch_norm_infer", id="3d-anylayout"),
])
def test_batch_norm_inference(attrs, shape, layout, kernel):
    x = rand(shape, 10)
    ins = {"X": x, **bn_inputs(4, 11)}
    outs, trace = run_both_traced("batch_norm", ins, attrs, BN_OUTS)
    assert trace.kernel == kernel
    eps = attrs.get("epsilon", 1e-5)
    ref = ref_batch_norm(x, ins["Scale"], ins["Bias"], ins["Mean"], ins["Variance"], eps, layout)
    assert_close(outs["Y"][0], ref)
    assert np.array_equal(outs["MeanOut"][0], ins["Mean"])
    assert np.array_equal(outs["VarianceOut"][0], ins["Variance"])


def test_batch_norm_without_scale_and_bias():
    x = rand((2, 4, 3, 3), 12)
    ins = {"X": x, **bn_inputs(4, 13, with_affine=False)}
    outs, _ = run_both_traced("batch_norm", ins, {"is_test": True}, BN_OUTS)
    ref = ref_batch_norm(x, np.ones(4), np.zeros(4), ins["Mean"], ins["Variance"], 1e-5, "NCHW")
    assert_close(outs["Y"][0], ref)


@pytest.mark.parametrize("attrs", [
    pytest.param({}, id="training-defaults"),
    pytest.param({"is_test": True, "trainable_statistics": True, "momentum": 0.5},
                 id="trainable-statistics"),
])
def test_batch_norm_batch_statistics(attrs):
    x = rand((3, 4, 5, 2), 14, scale=2.0)
    ins = {"X": x, **bn_inputs(4, 15)}
    outs, trace = run_both_traced("batch_norm", ins, attrs, BN_OUTS)
    assert trace.kernel == "batch_norm"
    x64 = x.astype(np.float64)
    mean, var = x64.mean(axis=(0, 2, 3)), x64.var(axis=(0, 2, 3))
    ref = ref_batch_norm(x, ins["Scale"], ins["Bias"], mean, var, 1e-5, "NCHW")
    momentum = attrs.get("momentum", 0.9)
    assert_close(outs["Y"][0], ref, rtol=1e-4, atol=1e-5)
    assert_close(outs["MeanOut"][0], ins["Mean"] * momentum + mean * (1 - momentum))
    assert_close(outs["VarianceOut"][0], ins["Variance"] * momentum + var * (1 - momentum))
    assert_close(outs["SavedMean"][0], mean)
    assert_close(outs["SavedVariance"][0], 1 / np.sqrt(var + 1e-5), rtol=1e-4)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_batch_norm_updates_running_stats_in_place(mode):
    """As in real programs, MeanOut/VarianceOut name the Mean/Variance variables."""
    from compat.dual_dispatch import DualDispatchRunner

    x = rand((4, 3, 2, 2), 16)
    ins = {"X": x, **bn_inputs(3, 17)}
    expect = ins["Mean"] * 0.5 + x.astype(np.float64).mean(axis=(0, 2, 3)) * 0.5
    program, feed, _ = build_single_op_program("batch_norm", ins, {"momentum": 0.5},
                                               {"Y": 1, "SavedMean": 1, "SavedVariance": 1})
    op = program.global_block().ops[0]
    op.outputs["MeanOut"] = list(op.inputs["Mean"])
    op.outputs["VarianceOut"] = list(op.inputs["Variance"])
    scope = Scope()
    executor = Executor(CPUPlace(), DualDispatchRunner(mode))
    (mean_after,) = executor.run(program, scope, feed, fetch_list=op.inputs["Mean"])
    assert executor.last_trace[0].path == mode
    assert_close(mean_after.numpy(), expect)


# -- activations -----------------------------------------------------------------------------

def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


ACT_CASES = [
    pytest.param("relu6", {}, "relu6", lambda v: np.clip(v, 0, 6), id="relu6-default"),
    pytest.param("relu6", {"threshold": 6.0}, "relu6", lambda v: np.clip(v, 0, 6),
                 id="relu6-paddle2-explicit"),
    pytest.param("relu6", {"threshold": 2.5}, "relu6_raw", lambda v: np.clip(v, 0, 2.5),
                 id="relu6-custom"),
    pytest.param("hard_swish", {}, "hardswish", lambda v: v * np.clip(v + 3, 0, 6) / 6,
                 id="hard_swish-default"),
    pytest.param("hard_swish", {"threshold": 5.0, "scale": 4.0, "offset": 2.0},
                 "hardswish_raw", lambda v: v * np.clip(v + 2, 0, 5) / 4, id="hard_swish-custom"),
    pytest.param("hard_sigmoid", {}, "hardsigmoid", lambda v: np.clip(0.2 * v + 0.5, 0, 1),
                 id="hard_sigmoid-default"),
    pytest.param("hard_sigmoid", {"slope": 1 / 6, "offset": 0.5}, "hardsigmoid",
                 lambda v: np.clip(v / 6 + 0.5, 0, 1), id="hard_sigmoid-sixth"),
    pytest.param("sigmoid", {}, "sigmoid", _sigmoid, id="sigmoid"),
    pytest.param("tanh", {}, "tanh", np.tanh, id="tanh"),
    pytest.param("swish", {}, "swish", lambda v: v * _sigmoid(v), id="swish-default"),
    pytest.param("swish", {"beta": 2.0}, "swish_raw", lambda v: v * _sigmoid(2 * v),
                 id="swish-beta2"),
    pytest.param("leaky_relu", {}, "leaky_relu", lambda v: np.where(v >= 0, v, 0.02 * v),
                 id="leaky_relu-default"),
    pytest.param("leaky_relu", {"alpha": 0.3}, "leaky_relu",
                 lambda v: np.where(v >= 0, v, 0.3 * v), id="leaky_relu-0.3"),
    pytest.param("leaky_relu", {"alpha": 2.0}, "leaky_relu",
                 lambda v: np.where(v >= 0, v, 2.0 * v), id="leaky_relu-steep"),
]


@pytest.mark.parametrize(("op", "attrs", "kernel", "ref"), ACT_CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_activation(op, attrs, kernel, ref, dtype):
    x = rand((3, 4, 20), 20, dtype, scale=5.0)
    x[0, 0, :4] = [0.0, -3.0, 3.0, 6.0]
    outs, trace = run_both_traced(op, {"X": x}, attrs, ["Out"])
    assert trace.kernel == kernel
    got = outs["Out"][0]
    assert got.dtype == dtype
    with np.errstate(over="ignore"):
        expect = ref(x.astype(np.float64))
    assert_close(got, expect, rtol=1e-6 if dtype == np.float32 else 1e-12, atol=1e-6)


def test_sigmoid_saturates_without_nan():
    x = np.array([-1000.0, -90.0, 0.0, 90.0, 1000.0], dtype=np.float32)
    outs, _ = run_both_traced("sigmoid", {"X": x}, {}, ["Out"])
    assert np.array_equal(outs["Out"][0], np.array([0, 0, 0.5, 1, 1], dtype=np.float32))


# -- prelu -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("attrs", "xshape", "ashape", "bshape"), [
    pytest.param({}, (2, 3, 4, 5), (1,), (1, 1, 1, 1), id="old-program-default-all"),
    pytest.param({"mode": "channel"}, (2, 3, 4, 5), (3,), (1, 3, 1, 1), id="channel-nchw"),
    pytest.param({"mode": "channel", "data_format": "NHWC"}, (2, 4, 5, 3), (3,), (1, 1, 1, 3),
                 id="channel-nhwc"),
    pytest.param({"mode": "element"}, (2, 3, 4), (1, 3, 4), (1, 3, 4), id="element"),
    pytest.param({"mode": "channel"}, (5, 6), (6,), (1, 6), id="channel-2d"),
])
def test_prelu(attrs, xshape, ashape, bshape):
    x = rand(xshape, 30)
    alpha = rand(ashape, 31)
    outs, trace = run_both_traced("prelu", {"X": x, "Alpha": alpha}, attrs, ["Out"])
    assert trace.kernel == "prelu"
    a = alpha.astype(np.float64).reshape(bshape)
    assert_close(outs["Out"][0], np.where(x > 0, x, a * x), rtol=1e-6)


def test_prelu_rejects_wrong_alpha_size():
    x, alpha = rand((2, 3, 4), 32), rand((4,), 33)
    for mode in ("legacy", "phi"):
        with pytest.raises(Exception, match="alpha"):
            run_single_op("prelu", {"X": x, "Alpha": alpha}, {"mode": "channel"}, ["Out"], mode)


# -- flatten family --------------------------------------------------------------------------

@pytest.mark.parametrize(("attrs", "outputs", "kernel", "shape"), [
    pytest.param({"start_axis": 1, "stop_axis": 3}, ["Out"], "flatten", (2, 60),
                 id="paddle3-no-xshape"),
    pytest.param({"start_axis": 1, "stop_axis": -1}, ["Out", "XShape"], "flatten_with_xshape",
                 (2, 60), id="paddle2-with-xshape"),
    pytest.param({}, ["Out"], "flatten", (2, 3, 4, 5), id="defaults-1-1"),
    pytest.param({"start_axis": 0, "stop_axis": 2}, ["Out"], "flatten", (24, 5), id="leading"),
    pytest.param({"start_axis": -2, "stop_axis": -1}, ["Out"], "flatten", (2, 3, 20),
                 id="negative-axes"),
])
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
def test_flatten_contiguous_range(attrs, outputs, kernel, shape, dtype):
    x = (np.arange(120).reshape(2, 3, 4, 5) % 7).astype(dtype)
    outs, trace = run_both_traced("flatten_contiguous_range", {"X": x}, attrs, outputs)
    assert trace.kernel == kernel
    assert np.array_equal(outs["Out"][0], x.reshape(shape))
    assert outs["Out"][0].dtype == dtype
    if "XShape" in outputs:
        assert xshape_dims("flatten_contiguous_range", {"X": x}, attrs) == (0, 2, 3, 4, 5)


@pytest.mark.parametrize(("op", "attrs", "outputs", "shape"), [
    pytest.param("flatten2", {"axis": 2}, ["Out", "XShape"], (6, 20), id="flatten2-axis2"),
    pytest.param("flatten2", {}, ["Out", "XShape"], (2, 60), id="flatten2-default-axis1"),
    pytest.param("flatten2", {"axis": 0}, ["Out"], (1, 120), id="flatten2-axis0"),
    pytest.param("flatten", {"axis": 4}, ["Out"], (120, 1), id="flatten-v1-axis-rank"),
    pytest.param("flatten", {}, ["Out"], (2, 60), id="flatten-v1-default"),
])
def test_flatten_to_2d(op, attrs, outputs, shape):
    x = rand((2, 3, 4, 5), 21)
    outs, trace = run_both_traced(op, {"X": x}, attrs, outputs)
    assert trace.kernel == "flatten2"
    assert np.array_equal(outs["Out"][0], x.reshape(shape))
    if "XShape" in outputs:
        assert xshape_dims(op, {"X": x}, attrs) == (0, 2, 3, 4, 5)


# -- dropout ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("attrs", "outputs", "factor"), [
    pytest.param({"dropout_prob": 0.2, "is_test": True,
                  "dropout_implementation": "upscale_in_train"}, ["Out"], 1.0,
                 id="paddle3-upscale"),
    pytest.param({"dropout_prob": 0.2, "is_test": True}, ["Out", "Mask"],
                 np.float32(1) - np.float32(0.2), id="paddle2-default-downgrade"),
    pytest.param({"is_test": True, "fix_seed": False, "seed": 0}, ["Out", "Mask"], 0.5,
                 id="default-prob"),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_dropout_inference(attrs, outputs, factor, dtype):
    x = rand((4, 10), 22, dtype)
    outs, _ = run_both_traced("dropout", {"X": x}, attrs, outputs)
    got = outs["Out"][0]
    assert got.dtype == dtype
    assert np.array_equal(got, x * dtype(factor))


@pytest.mark.parametrize("impl", ["downgrade_in_infer", "upscale_in_train"])
def test_dropout_training_with_fixed_seed(impl):
    x = rand((50, 40), 23) + 10.0
    attrs = {"dropout_prob": 0.25, "fix_seed": True, "seed": 7, "dropout_implementation": impl}
    outs, _ = run_both_traced("dropout", {"X": x}, attrs, ["Out", "Mask"])
    mask = outs["Mask"][0]
    assert mask.dtype == np.uint8 and set(np.unique(mask)) <= {0, 1}
    assert 0.65 < mask.mean() < 0.85
    scale = 1 / np.float32(0.75) if impl == "upscale_in_train" else 1.0
    assert_close(outs["Out"][0], x.astype(np.float64) * mask * scale)


# -- snapshots -------------------------------------------------------------------------------

SMALL = (np.arange(2 * 2 * 4 * 4, dtype=np.float32).reshape(2, 2, 4, 4) % 5 - 2) / 2


def _snap_conv():
    w = (np.arange(3 * 2 * 3 * 3, dtype=np.float32).reshape(3, 2, 3, 3) % 4 - 1.5) / 4
    return "conv2d", {"Input": SMALL, "Filter": w}, {"paddings": [1, 1], "strides": [2, 2]}, [
        "Output"]


SNAPSHOT_CASES = {
    "conv2d": _snap_conv,
    "depthwise_conv2d": lambda: ("depthwise_conv2d", {
        "Input": SMALL, "Filter": np.linspace(-1, 1, 18, dtype=np.float32).reshape(2, 1, 3, 3)},
        {"groups": 2, "paddings": [1, 1]}, ["Output"]),
    "pool2d_max": lambda: ("pool2d", {"X": SMALL}, {
        "pooling_type": "max", "ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1]}, ["Out"]),
    "pool2d_avg_adaptive": lambda: ("pool2d", {"X": SMALL}, {
        "pooling_type": "avg", "ksize": [3, 2], "adaptive": True}, ["Out"]),
    "batch_norm": lambda: ("batch_norm", {
        "X": SMALL, "Scale": np.array([1.5, -0.5], np.float32),
        "Bias": np.array([0.25, 1.0], np.float32), "Mean": np.array([0.1, -0.2], np.float32),
        "Variance": np.array([0.5, 2.0], np.float32)}, {"is_test": True},
        ["Y", "MeanOut", "VarianceOut"]),
    "relu6": lambda: ("relu6", {"X": SMALL * 5}, {}, ["Out"]),
    "prelu": lambda: ("prelu", {"X": SMALL, "Alpha": np.array([0.25, -0.5], np.float32)},
                      {"mode": "channel"}, ["Out"]),
    "hard_swish": lambda: ("hard_swish", {"X": SMALL * 3}, {}, ["Out"]),
    "hard_sigmoid": lambda: ("hard_sigmoid", {"X": SMALL * 3}, {}, ["Out"]),
    "sigmoid": lambda: ("sigmoid", {"X": SMALL}, {}, ["Out"]),
    "tanh": lambda: ("tanh", {"X": SMALL}, {}, ["Out"]),
    "swish": lambda: ("swish", {"X": SMALL}, {}, ["Out"]),
    "leaky_relu": lambda: ("leaky_relu", {"X": SMALL}, {"alpha": 0.1}, ["Out"]),
    "flatten_contiguous_range": lambda: ("flatten_contiguous_range", {"X": SMALL[:1, :, :2]},
                                         {"start_axis": 1, "stop_axis": 3}, ["Out"]),
    "flatten2": lambda: ("flatten2", {"X": SMALL[:1, :, :2]}, {"axis": 2}, ["Out"]),
    "flatten": lambda: ("flatten", {"X": SMALL[:1, :, :2]}, {"axis": 3}, ["Out"]),
    "dropout": lambda: ("dropout", {"X": SMALL[0, 0]}, {"dropout_prob": 0.5, "is_test": True},
                        ["Out"]),
}


#: Decimals of the snapshotted values (tests/ops/conftest.py compares within them).
SNAPSHOT_DECIMALS = 4


@pytest.mark.parametrize("name", sorted(SNAPSHOT_CASES))
def test_snapshot(name, snapshot):
    op, inputs, attrs, outputs = SNAPSHOT_CASES[name]()
    outs, trace = run_both_traced(op, inputs, attrs, outputs)
    out = outs[outputs[0]][0]
    record = {"kernel": trace.kernel, "shape": list(out.shape), "dtype": str(out.dtype),
              "values": np.round(out.astype(np.float64), SNAPSHOT_DECIMALS).tolist()}
    assert record == snapshot


# -- GPU (CuPy) ------------------------------------------------------------------------------

GPU_CASES = [
    ("conv2d", lambda: {"Input": rand((2, 4, 9, 9), 1), "Filter": rand((6, 2, 3, 3), 2)},
     {"groups": 2, "paddings": [1, 1], "strides": [2, 2]}, ["Output"]),
    ("depthwise_conv2d", lambda: {"Input": rand((2, 6, 9, 9), 1),
                                  "Filter": rand((6, 1, 3, 3), 2)},
     {"groups": 6, "paddings": [1, 1]}, ["Output"]),
    ("pool2d", lambda: {"X": rand((2, 3, 9, 7), 3)},
     {"pooling_type": "avg", "ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1],
      "ceil_mode": True, "exclusive": False}, ["Out"]),
    ("pool2d", lambda: {"X": rand((2, 3, 9, 7), 3)},
     {"pooling_type": "max", "ksize": [4, 3], "adaptive": True}, ["Out"]),
    ("batch_norm", lambda: {"X": rand((2, 4, 3, 3), 4), **bn_inputs(4, 5)}, {"is_test": True},
     ["Y", "MeanOut", "VarianceOut"]),
    ("hard_swish", lambda: {"X": rand((3, 8), 6, scale=4)}, {}, ["Out"]),
    ("prelu", lambda: {"X": rand((2, 3, 4), 6), "Alpha": rand((3,), 7)}, {"mode": "channel"},
     ["Out"]),
    ("sigmoid", lambda: {"X": rand((3, 8), 6, scale=4)}, {}, ["Out"]),
    ("flatten_contiguous_range", lambda: {"X": rand((2, 3, 4), 7)},
     {"start_axis": 1, "stop_axis": 2}, ["Out", "XShape"]),
    ("dropout", lambda: {"X": rand((3, 8), 8)}, {"dropout_prob": 0.3, "is_test": True},
     ["Out"]),
]


@pytest.mark.gpu
@pytest.mark.parametrize(("op", "make_inputs", "attrs", "outputs"), GPU_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(GPU_CASES)])
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_gpu_matches_cpu(op, make_inputs, attrs, outputs, mode):
    inputs = make_inputs()
    cpu, _ = run_single_op(op, inputs, attrs, outputs, mode)
    gpu, trace = run_single_op(op, inputs, attrs, outputs, mode, place=GPUPlace(0))
    assert trace.path == mode
    for slot in outputs:
        assert gpu[slot][0].shape == cpu[slot][0].shape
        np.testing.assert_allclose(gpu[slot][0], cpu[slot][0], rtol=1e-5, atol=1e-5)
