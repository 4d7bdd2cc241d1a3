"""More activations: logit, softsign, selu, brelu, stanh, tanh_shrink, hard_shrink,
softshrink, thresholded_relu, hard_swish, sign (Out = f(X), X's dims) and maxout (channel
groups' max); exp / log of integer X (float32 Out).

Complex hard_swish clips by the real part; complex sign is X / |X| part by part (see
phi.kernels.funcs.complex_activation).

The shrink / threshold functors multiply by 0/1 masks (so +-inf and NaN meet 0 * inf);
brelu clamps with Eigen's max/min; maxout takes a running `a > b ? a : b` from -FLT_MAX.
"""

from ._inputs import complex_sweep
from .spec import ALL_INTS, FLOAT_EDGES, FLOATS, INF, NAN, SHAPES, Case, In, sweep

_COMPLEX = ("complex64", "complex128")
_MAIN = {"4x6": SHAPES["4x6"]}
#: Around the default thresholds (0.5, 1.0) and out to +-30 (huge values get their own
#: cases: the normwise tolerance scales with a tensor's largest element).
_AROUND = (*FLOAT_EDGES, 0.5, -0.5, 0.4999, 0.5001, -0.4999, -0.5001, 1.0001, 0.9999,
           2.0, -2.0, 30.0, -30.0)
_HUGE = (1e30, -1e30, 3e38, -3e38, 1e-30, -1e-30)


def _act(op: str, tag: str = "", attrs: dict | None = None, dtypes=FLOATS, shapes=SHAPES,
         **kw) -> list[Case]:
    return sweep(op, ["X"], dtypes, shapes=shapes, tag=tag, attrs=attrs or {}, **kw)


def _maxout(name: str, shape: tuple[int, ...], groups: int, axis: int, dtype: str = "float32",
            **kw) -> Case:
    return Case(f"maxout_{name}_{dtype}", "maxout", {"X": In(shape, dtype, **kw)},
                attrs={"groups": groups, "axis": axis})


CASES = [
    # logit: log(p / (1 - p)) of p clamped to [eps, 1 - eps]; eps == 0 gives NaN outside [0, 1]
    *_act("logit", low=-0.5, high=1.5, special=(*FLOAT_EDGES, 0.5, 1e-8, 1 - 1e-7, 2.0)),
    *_act("logit", "eps0", {"eps": 0.0}, shapes=_MAIN, low=-0.5, high=1.5,
          special=(*FLOAT_EDGES, 0.5, 1e-8, 1 - 1e-7, 2.0, -1e-8)),
    *_act("logit", "eps0.1", {"eps": 0.1}, shapes=_MAIN, low=-0.5, high=1.5,
          special=(*FLOAT_EDGES, 0.05, 0.1, 0.9, 0.95)),
    *_act("softsign", dtypes=(*FLOATS, *_COMPLEX)),
    *_act("softsign", "wide", shapes=_MAIN, low=-1e6, high=1e6,
          special=(*FLOAT_EDGES, 1e30, -1e30, 1e-30)),
    *_act("selu"),
    *_act("selu", "wide", shapes=_MAIN, low=-100, high=100,
          special=(*FLOAT_EDGES, -1e-8, 1e-8, -100.0)),
    *_act("selu", "huge", shapes=_MAIN, special=_HUGE),
    *_act("selu", "attrs", {"scale": 2.0, "alpha": 0.5}, shapes=_MAIN),
    *_act("brelu"),
    *_act("brelu", "wide", shapes=_MAIN, low=-40, high=40,
          special=(*FLOAT_EDGES, 24.0, 24.5, *_HUGE)),
    *_act("brelu", "pm1", {"t_min": -1.0, "t_max": 1.0}, shapes=_MAIN),
    *_act("brelu", "min_gt_max", {"t_min": 2.0, "t_max": -1.0}, ["float32"], _MAIN),
    *_act("stanh", dtypes=(*FLOATS, *_COMPLEX)),
    *_act("stanh", "attrs", {"scale_a": -2.0, "scale_b": 0.5}, shapes=_MAIN, low=-30, high=30),
    *_act("tanh_shrink"),
    *_act("tanh_shrink", "wide", shapes=_MAIN, low=-30, high=30,
          special=(*FLOAT_EDGES, 1e-4, -1e-4, 1e-8, 20.0)),
    *_act("tanh_shrink", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    *_act("hard_shrink", special=_AROUND),
    *_act("hard_shrink", "t2", {"threshold": 2.0}, shapes=_MAIN, special=_AROUND),
    *_act("hard_shrink", "t_neg", {"threshold": -1.0}, ["float32"], _MAIN, special=_AROUND),
    *_act("hard_shrink", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    *_act("softshrink", special=_AROUND),
    *_act("softshrink", "l1.5", {"lambda": 1.5}, shapes=_MAIN, special=(*_AROUND, 1.5, -1.5)),
    *_act("softshrink", "l0", {"lambda": 0.0}, ["float32"], _MAIN),
    *_act("softshrink", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    *_act("thresholded_relu", special=_AROUND),
    *_act("thresholded_relu", "attrs", {"threshold": -0.5, "value": 7.0}, shapes=_MAIN,
          special=_AROUND),
    *_act("thresholded_relu", "value_inf", {"threshold": 0.0, "value": INF}, ["float32"],
          _MAIN),
    *_act("thresholded_relu", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    # hard_swish: min(max(x + 3, 0), 6) * x / 6 (no case sets threshold / scale / offset:
    # Paddle 3.3.1's kernel ignores them, fluidphi's hardswish_raw honours an old program's)
    *_act("hard_swish", special=(*FLOAT_EDGES, -3.0, 3.0, -2.9, 2.9, 3.1, -3.1)),
    *_act("hard_swish", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    *complex_sweep("hard_swish"),
    # sign
    *_act("sign", dtypes=(*FLOATS, *ALL_INTS)),
    *_act("sign", "huge", dtypes=["float32"], shapes=_MAIN, special=_HUGE),
    *complex_sweep("sign"),
    # maxout: NCHW (axis 1) and NHWC (axis 3 / -1); NaN and -inf inside a group
    _maxout("nchw_g2", (2, 6, 3, 2), 2, 1),
    _maxout("nchw_g2", (2, 6, 3, 2), 2, 1, dtype="float64"),
    _maxout("nchw_g3", (1, 6, 2, 2), 3, 1, dtype="float64"),
    _maxout("nhwc_g2", (2, 3, 2, 4), 2, 3),
    _maxout("nhwc_neg_axis", (2, 3, 2, 6), 3, -1, dtype="float64"),
    Case("maxout_specials_float32", "maxout",
         {"X": In((1, 8, 1, 2), "float32",
                  values=[[[[NAN, 1.0]], [[1.0, NAN]], [[-INF, -INF]], [[-INF, 2.0]],
                           [[0.0, -0.0]], [[-0.0, 0.0]], [[INF, NAN]], [[-1e38, -3.4e38]]]])},
         attrs={"groups": 2, "axis": 1}),
    Case("maxout_specials_float64", "maxout",
         {"X": In((1, 2, 1, 6), "float64",
                  values=[[[[NAN, 1.0, -INF, -INF, -1e300, 0.0]],
                           [[1.0, NAN, -INF, 2.0, -1e300, -0.0]]]])},
         attrs={"groups": 2, "axis": 1}),
    _maxout("empty_batch", (0, 4, 2, 2), 2, 1),
    # swiglu: silu(x) * y, or x's last axis halved; silu's edges (-inf: NaN, -800: -0.0)
    *sweep("swiglu", ["x", "y"], FLOATS, special={"x": (*FLOAT_EDGES, -800.0, 800.0, 90.0),
                                                  "y": (1.0,) * 10}),
    *(Case(f"swiglu_halves_{tag}_{dt}", "swiglu", {"x": In(shape, dt)}) for dt in FLOATS
      for tag, shape in (("2d", (3, 4)), ("3d", (2, 3, 6)), ("empty", (0, 4)))),
    # exp / log of integer X: Paddle computes in float32 and its Out is float32; exp
    # overflows to inf past 88
    *sweep("exp", ["X"], ("int32", "int64"), low=-20, high=30,
           special=(0, 1, -1, 88, 89, -104, -200, 2**31 - 1, -2**31)),
    *sweep("log", ["X"], ("int32", "int64"), low=-3, high=1000,
           special=(0, 1, -1, 2, 10, 2**24 + 1, 2**31 - 1, -2**31)),
]
