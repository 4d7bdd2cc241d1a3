"""3-D pooling and pooling with indices: pool3d (max / avg, exclusive, ceil_mode, adaptive,
global, SAME / VALID, 3 or 6 paddings, NCDHW / NDHWC, float16 too; pool2d, which shares
its kernel), max_pool2d_with_index and max_pool3d_with_index (Out and Mask; padding,
ceil_mode with windows past the input, adaptive, global, ties) and unpool / unpool3d
(output_size, repeated indices, int64 values and indices).

Paddle's CPU max pooling runs `y = y > x ? y : x` from -FLT_MAX over each window in order
(the floor is -FLT_MAX for float64 too, -inf for float16), so NaN wins only as the window's
last element and resets the running max otherwise; the `*_nan_order` cases pin that. The
with-index ops take `x > y` from -FLT_MAX with index -1: NaN and -inf are never picked.
pool2d / pool3d max pooling ignores `adaptive` but for the output size (windows stay ksize
wide, stride apart); avg adapts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import FLOAT_EDGES, FLOATS, INF, NAN, Case, In, seed_of

_X3 = (2, 3, 4, 5, 6)
_X2 = (2, 3, 5, 6)
_HALF = ("float16",)


def _x(shape: tuple[int, ...], dtype: str = "float32", **kw: Any) -> In:
    return In(shape, dtype, -4.0, 4.0, **kw)


def _pool3d(name: str, pooling: str, shape: tuple[int, ...] = _X3, *, dtype: str = "float32",
            x_in: In | None = None, **attrs: Any) -> Case:
    attrs = {"ksize": [2, 2, 2], "strides": [2, 2, 2], **attrs, "pooling_type": pooling}
    return Case(f"pool3d_{pooling}_{name}", "pool3d", {"X": x_in or _x(shape, dtype)},
                attrs=attrs)


def _with_index(op: str, name: str, shape: tuple[int, ...], *, dtype: str = "float32",
                x_in: In | None = None, **attrs: Any) -> Case:
    rank = len(shape) - 2
    attrs = {"ksize": [2] * rank, "strides": [2] * rank, "paddings": [0] * rank, **attrs}
    return Case(f"{op}_{name}", op, {"X": x_in or _x(shape, dtype)}, attrs=attrs)


# -- max over windows in Paddle's order: NaN, -inf, the -FLT_MAX floor --------------------

#: [1, 1, 1, 2, 8]: four 2x2 windows (ksize [1, 2, 2]), read a b / c d:
#: [1, 2, 3, NaN] -> NaN; [NaN, -inf, -inf, -inf] -> -inf; [1, NaN, -inf, -5] -> -5;
#: [-inf] * 4 -> -FLT_MAX (the floor).
_ORDER = [[[[[1, 2, NAN, -INF, 1, NAN, -INF, -INF],
             [3, NAN, -INF, -INF, -INF, -5, -INF, -INF]]]]]
#: [1, 1, 1, 2, 3] with ceil_mode: the last window holds column 2 only, NaN last in it.
_ORDER_PAD = [[[[[4, 1, 2], [0, 3, NAN]]]]]


def _order_cases() -> list[Case]:
    order = {"ksize": [1, 2, 2], "strides": [1, 2, 2]}
    cases = [
        _pool3d("nan_order", "max", x_in=In((1, 1, 1, 2, 8), "float32", values=_ORDER),
                **order),
        _pool3d("nan_order_float64", "max", x_in=In((1, 1, 1, 2, 8), "float64", values=_ORDER),
                **order),
        _pool3d("nan_order_float16", "max", x_in=In((1, 1, 1, 2, 8), "float16", values=_ORDER),
                **order),
        _pool3d("nan_last_before_pad", "max", ceil_mode=True,
                x_in=In((1, 1, 1, 2, 3), "float32", values=_ORDER_PAD), **order),
        _pool3d("float64_below_flt_max", "max",
                x_in=In((1, 1, 1, 2, 2), "float64", values=[[[[[-1e300, -1e301],
                                                               [-INF, -1e299]]]]]),
                ksize=[1, 2, 2], strides=[1, 1, 1]),
    ]
    for op, shape in (("max_pool2d_with_index", (1, 1, 2, 8)),
                      ("max_pool3d_with_index", (1, 1, 1, 2, 8))):
        values = _ORDER if op.startswith("max_pool3d") else _ORDER[0]
        ks = [2, 2] if len(shape) == 4 else [1, 2, 2]
        cases.append(_with_index(op, "nan_order", shape, ksize=ks, strides=ks,
                                 x_in=In(shape, "float32", values=values)))
    return cases


def _pool2d_cases() -> list[Case]:
    """pool2d shares pool3d's kernel; these pin the rules above for it too."""
    def case(name: str, pooling: str, x: In, **attrs: Any) -> Case:
        attrs = {"ksize": [2, 2], "strides": [2, 2], **attrs, "pooling_type": pooling}
        return Case(f"pool2d_{pooling}_{name}", "pool2d", {"X": x}, attrs=attrs)

    order = [[row for row in _ORDER[0][0][0]]]
    return [
        case("nan_order", "max", In((1, 1, 2, 8), "float32", values=[order])),
        case("float64_below_flt_max", "max", In((1, 1, 2, 2), "float64",
                                                values=[[[[-1e300, -INF], [-1e301, -1e299]]]])),
        case("float16_edges", "max", _x(_X2, "float16", special=FLOAT_EDGES), ksize=[3, 3],
             paddings=[1, 1]),
        case("adaptive_does_not_adapt", "max", _x(_X2), ksize=[2, 3], adaptive=True),
        case("adaptive", "avg", _x(_X2), ksize=[2, 4], adaptive=True),
        case("ceil_inclusive_nhwc", "avg", _x((2, 5, 6, 3)), ksize=[3, 3], paddings=[1, 1],
             ceil_mode=True, exclusive=False, data_format="NHWC"),
    ]


# -- unpool indices ----------------------------------------------------------------------------

def _window_indices(shape: tuple[int, ...], ksize: int, stride: int,
                    out_size: tuple[int, ...], seed: int, dtype: str = "int32") -> In:
    """Indices as max_pool*_with_index gives: per input cell a position inside its window
    (clipped to `out_size`), flattened over the output's spatial dims."""
    rng = np.random.default_rng(seed)
    spatial = shape[2:]
    grids = np.meshgrid(*[np.arange(s) for s in spatial], indexing="ij")
    flat = np.zeros(shape, np.int64)
    for axis, grid in enumerate(grids):
        offset = rng.integers(0, ksize, shape)
        flat = flat * out_size[axis] + np.minimum(grid * stride + offset, out_size[axis] - 1)
    return In(shape, dtype, values=flat.tolist())


def _unpool(name: str, shape: tuple[int, ...], out_size: tuple[int, ...], *,
            dtype: str = "float32", idx: In | None = None, **fields: Any) -> Case:
    op = "unpool" if len(shape) == 4 else "unpool3d"
    rank = len(shape) - 2
    attrs = {"ksize": [2] * rank, "strides": [2] * rank, "output_size": list(out_size)}
    if op == "unpool":
        attrs["unpooling_type"] = "max"
    attrs.update(fields.pop("attrs", {}))
    inputs = {"X": In(shape, dtype, -9, 9) if dtype == "int64" else _x(shape, dtype),
              "Indices": idx or _window_indices(shape, 2, 2, out_size, seed_of(op, name))}
    return Case(f"{op}_{name}", op, inputs, attrs=attrs, **fields)


CASES = [
    *[_pool3d(f"k2_{dt}", p, dtype=dt) for p in ("max", "avg") for dt in (*FLOATS, *_HALF)],
    _pool3d("k3_s2_p1", "max", ksize=[3, 3, 3], paddings=[1, 1, 1]),
    _pool3d("k3_s2_p1_exclusive", "avg", ksize=[3, 3, 3], paddings=[1, 1, 1]),
    _pool3d("k3_s2_p1_inclusive", "avg", ksize=[3, 3, 3], paddings=[1, 1, 1],
            exclusive=False),
    _pool3d("ceil", "max", ksize=[3, 3, 3], paddings=[0, 1, 1], ceil_mode=True),
    _pool3d("ceil_inclusive", "avg", ksize=[3, 3, 3], paddings=[0, 1, 1], ceil_mode=True,
            exclusive=False),
    _pool3d("ceil_exclusive", "avg", ksize=[3, 2, 3], paddings=[1, 0, 1], ceil_mode=True),
    _pool3d("paddings6", "max", ksize=[3, 3, 3], paddings=[1, 0, 0, 1, 1, 2]),
    _pool3d("paddings6_inclusive", "avg", ksize=[3, 3, 3], paddings=[1, 0, 0, 1, 1, 2],
            exclusive=False),
    _pool3d("strides_kernel_mix", "avg", ksize=[2, 3, 1], strides=[1, 2, 3]),
    _pool3d("adaptive_2x3x2", "avg", ksize=[2, 3, 2], adaptive=True),
    # max pooling with `adaptive`: output ksize, windows not adapted (plain, stride apart)
    _pool3d("adaptive_3x2x4", "max", ksize=[3, 2, 4], adaptive=True),
    _pool3d("adaptive_1", "avg", ksize=[1, 1, 1], adaptive=True, dtype="float64"),
    _pool3d("adaptive_up", "max", (1, 2, 2, 3, 3), ksize=[3, 4, 5], adaptive=True),
    _pool3d("adaptive_up", "avg", (1, 2, 2, 3, 3), ksize=[3, 4, 5], adaptive=True),
    _pool3d("global", "avg", global_pooling=True, paddings=[1, 1, 1]),
    _pool3d("global", "max", global_pooling=True),
    _pool3d("same", "avg", padding_algorithm="SAME", ksize=[3, 3, 3]),
    _pool3d("same", "max", padding_algorithm="SAME", ksize=[3, 2, 3], strides=[1, 2, 2]),
    _pool3d("valid", "max", padding_algorithm="VALID", paddings=[2, 2, 2], ksize=[3, 3, 3]),
    _pool3d("ndhwc", "max", (2, 4, 5, 6, 3), data_format="NDHWC", ksize=[3, 3, 3],
            paddings=[1, 1, 1]),
    _pool3d("ndhwc", "avg", (2, 4, 5, 6, 3), data_format="NDHWC", ksize=[3, 3, 3],
            paddings=[1, 1, 1], exclusive=False),
    _pool3d("ndhwc_adaptive", "avg", (1, 4, 5, 6, 2), data_format="NDHWC", ksize=[3, 2, 4],
            adaptive=True),
    _pool3d("edges", "max", x_in=_x(_X3, special=FLOAT_EDGES)),
    _pool3d("edges", "avg", x_in=_x(_X3, special=FLOAT_EDGES)),
    _pool3d("empty_batch", "max", (0, 3, 4, 4, 4)),
    *_order_cases(),
    *_pool2d_cases(),
    Case("pool3d_api_max", "pool3d", {"X": _x(_X3)}, api="paddle.nn.functional.max_pool3d",
         api_kwargs={"kernel_size": 3, "stride": 2, "padding": 1}),
    Case("pool3d_api_avg", "pool3d", {"X": _x(_X3)}, api="paddle.nn.functional.avg_pool3d",
         api_kwargs={"kernel_size": 2, "stride": 2, "ceil_mode": True}),
    Case("pool3d_api_adaptive", "pool3d", {"X": _x(_X3)},
         api="paddle.nn.functional.adaptive_avg_pool3d", api_kwargs={"output_size": [2, 3, 3]}),
    *[_with_index("max_pool2d_with_index", f"k2_{dt}", _X2, dtype=dt) for dt in FLOATS],
    _with_index("max_pool2d_with_index", "k3_s2_p1", _X2, ksize=[3, 3], paddings=[1, 1]),
    _with_index("max_pool2d_with_index", "ceil", _X2, ksize=[3, 2], paddings=[1, 0],
                ceil_mode=True),
    _with_index("max_pool2d_with_index", "adaptive", _X2, ksize=[2, 3], adaptive=True),
    _with_index("max_pool2d_with_index", "adaptive_overlap", _X2, ksize=[4, 4], adaptive=True),
    _with_index("max_pool2d_with_index", "global", _X2, global_pooling=True, paddings=[1, 1]),
    _with_index("max_pool2d_with_index", "ties", (1, 2, 4, 4),
                x_in=In((1, 2, 4, 4), "float32", values=np.ones((1, 2, 4, 4)).tolist()),
                ksize=[3, 3], strides=[1, 1], paddings=[1, 1]),
    _with_index("max_pool2d_with_index", "edges", _X2, x_in=_x(_X2, special=FLOAT_EDGES)),
    _with_index("max_pool2d_with_index", "empty_batch", (0, 2, 4, 4)),
    Case("max_pool2d_with_index_api", "max_pool2d_with_index", {"X": _x(_X2)},
         api="paddle.nn.functional.max_pool2d",
         api_kwargs={"kernel_size": 3, "stride": 2, "padding": 1, "return_mask": True}),
    Case("max_pool2d_with_index_api_adaptive", "max_pool2d_with_index", {"X": _x(_X2)},
         api="paddle.nn.functional.adaptive_max_pool2d",
         api_kwargs={"output_size": [3, 4], "return_mask": True}),
    _with_index("max_pool3d_with_index", "k2", _X3),
    _with_index("max_pool3d_with_index", "ceil_empty_window", (1, 2, 3, 4, 4),
                paddings=[1, 0, 1], ceil_mode=True),
    _with_index("max_pool3d_with_index", "adaptive_float64", _X3, dtype="float64",
                ksize=[3, 2, 4], adaptive=True),
    _with_index("max_pool3d_with_index", "global", _X3, global_pooling=True),
    Case("max_pool3d_with_index_api", "max_pool3d_with_index", {"X": _x(_X3)},
         api="paddle.nn.functional.max_pool3d",
         api_kwargs={"kernel_size": 2, "stride": 2, "return_mask": True}),
    *[_unpool(dt, (2, 3, 2, 3), (4, 6), dtype=dt) for dt in (*FLOATS, "int64")],
    _unpool("output_size_larger", (2, 2, 2, 3), (5, 7)),
    _unpool("int64_indices", (1, 2, 3, 3), (6, 6),
            idx=_window_indices((1, 2, 3, 3), 2, 2, (6, 6), 3, "int64")),
    _unpool("repeated_indices", (1, 2, 2, 2), (4, 4),
            idx=In((1, 2, 2, 2), "int32", values=[[[[0, 5], [5, 0]], [[3, 3], [3, 15]]]])),
    # Paddle 3.3.1: the default output_size [0, 0] gives an empty output, indices unread
    _unpool("default_output_size", (1, 2, 2, 2), (4, 4), attrs={"output_size": [0, 0]}),
    _unpool("paddings_nhwc_ignored", (2, 2, 3, 3), (6, 6),
            attrs={"paddings": [1, 1], "data_format": "NHWC", "unpooling_type": "avg"}),
    _unpool("empty_batch", (0, 2, 2, 2), (4, 4),
            idx=In((0, 2, 2, 2), "int32", 0, 16)),
    _unpool("api", (2, 3, 2, 3), (4, 6), api="paddle.nn.functional.max_unpool2d",
            api_kwargs={"kernel_size": 2, "stride": 2}),
    _unpool("basic", (1, 2, 2, 2, 3), (4, 4, 6)),
    _unpool("repeated_float64", (1, 1, 2, 2, 2), (2, 3, 3), dtype="float64",
            idx=In((1, 1, 2, 2, 2), "int32",
                   values=[[[[[0, 5], [10, 15]], [[3, 3], [12, 1]]]]])),
    _unpool("api", (1, 2, 2, 2, 3), (4, 4, 6), api="paddle.nn.functional.max_unpool3d",
            api_kwargs={"kernel_size": 2, "stride": 2}),
]
