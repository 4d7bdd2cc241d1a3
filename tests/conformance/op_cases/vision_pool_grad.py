"""Grads of the vision_pool family's ops (forward cases in vision_pool.py) and of maxout
(Paddle files maxout under pooling; its forward cases are in activation.py):

- pool3d: max / avg, exclusive or not, ceil_mode, 3 and 6 paddings, SAME / VALID,
  adaptive (avg adapts; max keeps plain ksize windows, forward and grad alike), global,
  NCDHW / NDHWC, a window of ties (the first gets the gradient), IEEE specials (a NaN
  output gives no gradient), an empty batch; float16 / float64 besides float32;
- max_pool2d_with_index / max_pool3d_with_index: the gradient goes to the Mask index
  (padding, ceil_mode, adaptive with overlapping cells, global, ties, an empty batch);
- unpool / unpool3d: Out@GRAD gathered at Indices (indices as max pooling gives them,
  output_size past the pooled size too); int64 through unpool_grad alone (Paddle
  differentiates no integer input);
- maxout: NCHW and NHWC (axis 3 and -1), ties inside a group (the first channel gets it).

Not exported: with-index windows that hold no element above -FLT_MAX (all -inf / NaN, or
only padding): Paddle's Mask is -1 there and its grad kernel adds at index -1, outside the
gradient; fluidphi adds nothing. Unpool Indices that repeat a position: the forward keeps
the last element's value there, so only that element has a gradient (fluidphi); Paddle
3.3.1 gives each of them Out@GRAD at the position.
"""

from typing import Any

from .spec import FLOAT_EDGES, Case, GradCase, In, seed_of
from .vision_pool import _window_indices

_X3 = (2, 3, 4, 5, 6)
_X2 = (2, 3, 5, 6)
#: a 2x2x2 window of ties per output cell (the ones), and ties across windows' borders
_TIES = [[[[[1, 1, 2, 2], [1, 1, 2, 2]], [[1, 1, 0, 2], [1, 1, 2, 2]]]]]


def _pool3d(tag: str, pooling: str, shape: tuple = _X3, *, dtype: str = "float32",
            x_in: In | None = None, **attrs: Any) -> GradCase:
    attrs = {"ksize": [2, 2, 2], "strides": [2, 2, 2], **attrs, "pooling_type": pooling}
    return GradCase(Case(f"pool3d_{pooling}_{tag}_{dtype}", "pool3d",
                         {"X": x_in or In(shape, dtype)}, attrs=attrs), ("X",))


def _with_index(op: str, tag: str, shape: tuple, *, dtype: str = "float32",
                x_in: In | None = None, **attrs: Any) -> GradCase:
    rank = len(shape) - 2
    attrs = {"ksize": [2] * rank, "strides": [2] * rank, "paddings": [0] * rank, **attrs}
    return GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": x_in or In(shape, dtype)},
                         attrs=attrs), ("X",), of=("Out",))


def _maxout(tag: str, shape: tuple, groups: int, axis: int, *, dtype: str = "float32",
            x_in: In | None = None) -> GradCase:
    return GradCase(Case(f"maxout_{tag}_{dtype}", "maxout", {"X": x_in or In(shape, dtype)},
                         attrs={"groups": groups, "axis": axis}), ("X",))


_POOL3D = [
    *(_pool3d("k2", p, dtype=dt) for p in ("max", "avg")
      for dt in ("float32", "float64", "float16")),
    _pool3d("k3_s2_p1", "max", ksize=[3, 3, 3], paddings=[1, 1, 1]),
    _pool3d("k3_s2_p1_exclusive", "avg", ksize=[3, 3, 3], paddings=[1, 1, 1]),
    _pool3d("k3_s2_p1_inclusive", "avg", ksize=[3, 3, 3], paddings=[1, 1, 1],
            exclusive=False),
    _pool3d("k3_s2_p1_inclusive", "avg", ksize=[3, 3, 3], paddings=[1, 1, 1],
            exclusive=False, dtype="float64"),
    _pool3d("ceil", "max", ksize=[3, 3, 3], paddings=[0, 1, 1], ceil_mode=True),
    _pool3d("ceil_inclusive", "avg", ksize=[3, 3, 3], paddings=[0, 1, 1], ceil_mode=True,
            exclusive=False),
    _pool3d("paddings6", "max", ksize=[3, 3, 3], paddings=[1, 0, 0, 1, 1, 2]),
    _pool3d("paddings6_inclusive", "avg", ksize=[3, 3, 3], paddings=[1, 0, 0, 1, 1, 2],
            exclusive=False),
    _pool3d("overlap", "max", ksize=[3, 3, 2], strides=[1, 2, 1]),
    _pool3d("adaptive", "avg", ksize=[3, 2, 4], adaptive=True),
    _pool3d("adaptive_up", "avg", (1, 2, 2, 3, 3), ksize=[3, 4, 5], adaptive=True),
    _pool3d("adaptive", "max", ksize=[3, 2, 4], adaptive=True),
    _pool3d("global", "avg", global_pooling=True, paddings=[1, 1, 1]),
    _pool3d("global", "max", global_pooling=True),
    _pool3d("same", "avg", padding_algorithm="SAME", ksize=[3, 3, 3]),
    _pool3d("valid", "max", padding_algorithm="VALID", paddings=[2, 2, 2], ksize=[3, 3, 3]),
    _pool3d("ndhwc", "max", (2, 4, 5, 6, 3), data_format="NDHWC", ksize=[3, 3, 3],
            paddings=[1, 1, 1]),
    _pool3d("ndhwc", "avg", (2, 4, 5, 6, 3), data_format="NDHWC", ksize=[3, 3, 3],
            paddings=[1, 1, 1], exclusive=False),
    _pool3d("ties", "max", x_in=In((1, 1, 2, 2, 4), "float32", values=_TIES)),
    _pool3d("edges", "max", x_in=In(_X3, "float32", special=FLOAT_EDGES)),
    _pool3d("edges", "avg", x_in=In(_X3, "float32", special=FLOAT_EDGES)),
    _pool3d("empty_batch", "max", (0, 3, 4, 4, 4)),
]

_WITH_INDEX = [
    *(_with_index("max_pool2d_with_index", "k2", _X2, dtype=dt)
      for dt in ("float32", "float64")),
    _with_index("max_pool2d_with_index", "k3_s2_p1", _X2, ksize=[3, 3], paddings=[1, 1]),
    _with_index("max_pool2d_with_index", "ceil", _X2, ksize=[3, 2], paddings=[1, 0],
                ceil_mode=True),
    _with_index("max_pool2d_with_index", "overlap", _X2, ksize=[3, 3], strides=[1, 2]),
    _with_index("max_pool2d_with_index", "adaptive", _X2, ksize=[2, 3], adaptive=True),
    _with_index("max_pool2d_with_index", "adaptive_overlap", _X2, ksize=[4, 4],
                adaptive=True),
    _with_index("max_pool2d_with_index", "global", _X2, global_pooling=True),
    _with_index("max_pool2d_with_index", "ties", (1, 2, 4, 4),
                x_in=In((1, 2, 4, 4), "float32", values=[[[[1.0] * 4] * 4] * 2]),
                ksize=[3, 3], strides=[1, 1], paddings=[1, 1]),
    _with_index("max_pool2d_with_index", "empty_batch", (0, 2, 4, 4)),
    _with_index("max_pool3d_with_index", "k2", _X3),
    _with_index("max_pool3d_with_index", "k3_s2_p1", _X3, ksize=[3, 3, 3],
                paddings=[1, 1, 1]),
    _with_index("max_pool3d_with_index", "adaptive", _X3, dtype="float64", ksize=[3, 2, 4],
                adaptive=True),
    _with_index("max_pool3d_with_index", "global", _X3, global_pooling=True),
]

#: groups of 2 along axis 1 with ties (1, 1) and (-inf, 3)
_MAXOUT_TIES = [[[[1.0, 2.0]], [[1.0, 5.0]], [[-float("inf"), 3.0]], [[3.0, 3.0]]]]

_MAXOUT = [
    _maxout("nchw_g2", (2, 6, 3, 2), 2, 1),
    _maxout("nchw_g2", (2, 6, 3, 2), 2, 1, dtype="float64"),
    _maxout("nchw_g3", (1, 6, 2, 2), 3, 1),
    _maxout("nhwc_g2", (2, 3, 2, 4), 2, 3),
    _maxout("nhwc_neg_axis", (2, 3, 2, 6), 3, -1, dtype="float64"),
    _maxout("ties", (1, 4, 1, 2), 2, 1, x_in=In((1, 4, 1, 2), "float32", values=_MAXOUT_TIES)),
]

def _unpool(tag: str, shape: tuple, out_size: tuple, dtype: str = "float32") -> GradCase:
    op = "unpool" if len(shape) == 4 else "unpool3d"
    rank = len(shape) - 2
    attrs = {"ksize": [2] * rank, "strides": [2] * rank, "output_size": list(out_size)}
    if op == "unpool":
        attrs["unpooling_type"] = "max"
    inputs = {"X": In(shape, dtype),
              "Indices": _window_indices(shape, 2, 2, out_size, seed_of(op, tag))}
    return GradCase(Case(f"{op}_{tag}_{dtype}", op, inputs, attrs=attrs), ("X",))


def _unpool_grad_int64() -> GradCase:
    """unpool_grad alone on int64 values (Paddle differentiates no integer input)."""
    shape, out_size = (1, 2, 2, 3), (4, 6)
    return GradCase(Case("unpool_grad_int64", "unpool_grad", {
        "X": In(shape, "int64", -9, 9),
        "Indices": _window_indices(shape, 2, 2, out_size, seed_of("unpool_grad", "int64")),
        "Out": In((1, 2, *out_size), "int64", -9, 9),
        "Out@GRAD": In((1, 2, *out_size), "int64", -9, 9)},
        attrs={"ksize": [2, 2], "strides": [2, 2], "output_size": list(out_size),
               "unpooling_type": "max"}), ("X",))


_UNPOOL = [
    *(_unpool("2x3_to_4x6", (2, 3, 2, 3), (4, 6), dt) for dt in ("float32", "float64")),
    _unpool("2x3_to_5x7", (1, 2, 2, 3), (5, 7)),
    _unpool("to_4x4x4", (1, 2, 2, 2, 2), (4, 4, 4)),
    _unpool("to_5x4x5", (2, 1, 2, 2, 2), (5, 4, 5), "float64"),
    _unpool_grad_int64(),
]

GRAD_CASES = [*_POOL3D, *_WITH_INDEX, *_UNPOOL, *_MAXOUT]
