"""Normalisation layers: affine_channel (per-channel scale and shift, NCHW / NHWC, 2-D to
5-D; only NCHW is channel-first; an empty X kills Paddle's process with SIGFPE, so no empty
case), group_norm (groups, epsilon, NCHW / NHWC, with and without Scale and Bias, 2-D to 5-D
inputs), instance_norm (with and without Scale / Bias, 2-D to 5-D), lrn (n, k,
alpha, beta, NCHW / NHWC; MidOut is fetched too) and spectral_norm (dim 0 / 1, power_iters
including 0, eps, 2-D to 5-D weights, a zero weight: 0 / 0).

group_norm cases fetch its statistics too (Mean / Variance, [N, groups], the biased
variance). instance_norm's SavedMean / SavedVariance are extra outputs, which
save_inference_model strips from the saved op (tests/ops/test_vision_norm_ops.py checks
them). Edge values: NaN and inf in a group, a constant group (variance 0), empty batches
and empty spatial dims. Paddle's CPU group_norm sums E[x] and E[x^2] in float32 lanes
(offset_mean: the cancellation shows), which fluidphi reproduces.
"""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, INF, NAN, Case, In

_GN_FETCH = ("Y", "Mean", "Variance")


def _gn(name: str, x: tuple[int, ...], groups: int, *, dtype: str = "float32",
        layout: str = "NCHW", scale: bool = True, bias: bool = True, x_in: In | None = None,
        **attrs: Any) -> Case:
    channels = x[1] if layout == "NCHW" else x[-1]
    inputs = {"X": x_in or In(x, dtype, -3.0, 3.0)}
    if scale:
        inputs["Scale"] = In((channels,), dtype, 0.5, 1.5)
    if bias:
        inputs["Bias"] = In((channels,), dtype, -0.5, 0.5)
    return Case(f"group_norm_{name}", "group_norm", inputs,
                attrs={"groups": groups, "data_layout": layout, **attrs}, fetch=_GN_FETCH)


def _in(name: str, x: tuple[int, ...], *, dtype: str = "float32", scale: bool = True,
        bias: bool = True, x_in: In | None = None, **fields: Any) -> Case:
    inputs = {"X": x_in or In(x, dtype, -3.0, 3.0)}
    if scale:
        inputs["Scale"] = In((x[1],), dtype, 0.5, 1.5)
    if bias:
        inputs["Bias"] = In((x[1],), dtype, -0.5, 0.5)
    return Case(f"instance_norm_{name}", "instance_norm", inputs, **fields)


def _affine(name: str, x: tuple[int, ...], *, dtype: str = "float32", layout: str = "NCHW",
            x_in: In | None = None, scale: In | None = None) -> Case:
    channels = x[1] if layout == "NCHW" else x[-1]
    return Case(f"affine_channel_{name}", "affine_channel",
                {"X": x_in or In(x, dtype, -3.0, 3.0),
                 "Scale": scale or In((channels,), dtype, 0.5, 1.5),
                 "Bias": In((channels,), dtype, -0.5, 0.5)}, attrs={"data_layout": layout})


_AFFINE = [
    *[_affine(f"nchw_{dt}", (2, 3, 4, 5), dtype=dt) for dt in FLOATS],
    *[_affine(f"nhwc_{dt}", (2, 4, 5, 3), dtype=dt, layout="NHWC") for dt in FLOATS],
    # only "NCHW" is channel-first: the default "AnyLayout" is channel-last
    _affine("anylayout_is_channel_last", (2, 3, 2, 4), layout="AnyLayout"),
    _affine("ncdhw_is_channel_last", (1, 2, 2, 3, 2), layout="NCDHW"),
    _affine("rank2", (4, 3)),
    _affine("rank3_nhwc", (2, 5, 3), layout="NHWC"),
    _affine("rank5", (1, 2, 2, 3, 2), dtype="float64"),
    _affine("edges", (2, 3, 2, 2), x_in=In((2, 3, 2, 2), "float32", special=FLOAT_EDGES),
            scale=In((3,), "float32", values=[NAN, 0.0, -INF])),
]

def _lrn(name: str, x: tuple[int, ...], *, x_in: In | None = None, **attrs: Any) -> Case:
    return Case(f"lrn_{name}", "lrn", {"X": x_in or In(x, "float32", -3.0, 3.0)}, attrs=attrs)


_LRN = [
    _lrn("defaults", (2, 7, 3, 4)),
    _lrn("n3_large_alpha", (2, 6, 2, 3), n=3, k=1.0, alpha=0.5, beta=0.6),
    _lrn("n1", (1, 4, 2, 2), n=1, alpha=0.3),
    _lrn("n_above_channels", (1, 3, 2, 2), n=7, alpha=0.2),
    _lrn("nhwc", (2, 3, 4, 6), data_format="NHWC", alpha=0.1),
    _lrn("nchw", (1, 5, 2, 3), data_format="NCHW", alpha=0.1, beta=1.5),
    _lrn("beta0_k0", (1, 4, 2, 2), k=0.0, beta=0.0),
    _lrn("offset_values", (1, 9, 2, 2), x_in=In((1, 9, 2, 2), "float32", 100.0, 120.0),
         n=3, alpha=1e-3),
    _lrn("empty_batch", (0, 3, 2, 2)),
    _lrn("edges", (1, 7, 1, 2), x_in=In((1, 7, 1, 2), "float32", special=FLOAT_EDGES)),
]

def _sn(name: str, w: tuple[int, ...], dim: int = 0, *, dtype: str = "float32",
        w_in: In | None = None, **attrs: Any) -> Case:
    h = w[dim]
    rest = 1
    for d in w:
        rest *= d
    return Case(f"spectral_norm_{name}", "spectral_norm",
                {"Weight": w_in or In(w, dtype, -1.0, 1.0), "U": In((h,), dtype, -1.0, 1.0),
                 "V": In((rest // h,), dtype, -1.0, 1.0)}, attrs={"dim": dim, **attrs})


_SN = [
    *[_sn(f"2d_{dt}", (4, 6), dtype=dt) for dt in FLOATS],
    *[_sn(f"4d_dim1_{dt}", (3, 4, 2, 2), 1, dtype=dt, power_iters=3) for dt in FLOATS],
    _sn("3d_iters0", (3, 2, 4), power_iters=0),
    _sn("5d_iters5", (2, 3, 2, 1, 2), 1, power_iters=5, dtype="float64"),
    _sn("eps_large", (4, 3), eps=0.5),
    _sn("row", (1, 5), power_iters=2),
    _sn("zero_weight", (2, 3), w_in=In((2, 3), "float32", values=[[0.0] * 3] * 2)),
    _sn("edges", (3, 3), w_in=In((3, 3), "float32", special=(NAN, 1.0, -1.0))),
]

_CONST = [[[[2.5] * 4] * 3] * 6] * 2  # every group constant: variance 0

CASES = [
    *_AFFINE,
    *_LRN,
    *_SN,
    *[_gn(f"nchw_{dt}", (2, 6, 3, 4), 3, dtype=dt) for dt in FLOATS],
    *[_gn(f"nhwc_{dt}", (2, 3, 4, 6), 2, dtype=dt, layout="NHWC") for dt in FLOATS],
    _gn("no_scale_bias", (2, 6, 3, 4), 2, scale=False, bias=False),
    _gn("scale_only", (2, 6, 3, 4), 3, bias=False),
    _gn("bias_only_nhwc", (2, 3, 4, 6), 3, scale=False, layout="NHWC"),
    _gn("groups1", (2, 4, 3, 3), 1),
    _gn("groups_eq_c", (2, 4, 3, 3), 4, epsilon=1e-3),
    _gn("eps0.1", (2, 6, 3, 4), 2, epsilon=0.1),
    _gn("eps0", (1, 4, 2, 2), 2, epsilon=0.0),
    _gn("rank2", (3, 4), 2),
    _gn("rank3", (2, 6, 5), 3, dtype="float64"),
    _gn("rank3_nhwc", (2, 5, 6), 2, layout="NHWC"),
    _gn("rank5", (1, 4, 2, 3, 2), 2),
    _gn("rank5_nhwc", (2, 2, 3, 2, 4), 2, layout="NHWC", dtype="float64"),
    # Paddle's kernel takes every layout but "NCHW" as channel-last, "NCDHW" too
    _gn("rank5_ncdhw_is_channel_last", (1, 4, 2, 3, 2), 2, layout="NCDHW"),
    _gn("odd_spatial", (2, 6, 3, 5), 3),  # 15 elements per channel: an unrolled-loop tail
    _gn("empty_batch", (0, 4, 3, 3), 2),
    _gn("empty_spatial", (2, 4, 0), 2),
    _gn("edges", (2, 6, 2, 2), 3, x_in=In((2, 6, 2, 2), "float32", special=FLOAT_EDGES)),
    _gn("constant", (2, 6, 3, 4), 3, x_in=In((2, 6, 3, 4), "float32", values=_CONST)),
    _gn("offset_mean", (2, 4, 3, 3), 2, x_in=In((2, 4, 3, 3), "float32", 10.0, 12.0)),
    *[_in(f"nchw_{dt}", (2, 3, 4, 5), dtype=dt) for dt in FLOATS],
    _in("no_scale_bias", (2, 3, 4, 5), scale=False, bias=False),
    _in("scale_only", (2, 3, 4, 5), bias=False, dtype="float64"),
    _in("rank2", (3, 4)),
    _in("rank3", (2, 3, 7)),
    _in("rank5", (1, 2, 2, 3, 3)),
    _in("eps0.01", (2, 3, 3, 3), attrs={"epsilon": 0.01}),
    _in("empty_batch", (0, 3, 2, 2)),
    _in("empty_channels", (2, 0, 2, 2)),
    _in("empty_spatial", (2, 3, 0)),
    _in("edges", (2, 4, 2, 2), x_in=In((2, 4, 2, 2), "float32", special=FLOAT_EDGES)),
    _in("offset_mean", (2, 3, 3, 3), x_in=In((2, 3, 3, 3), "float32", 10.0, 12.0)),
    _in("api", (2, 3, 4, 4), scale=False, bias=False, api="paddle.nn.functional.instance_norm"),
]
