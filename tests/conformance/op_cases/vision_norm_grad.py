"""Grads of the vision_norm family (forward cases in vision_norm.py): group_norm (NCHW /
NHWC, 2-D to 5-D, groups 1 and C, Scale without Bias, epsilon, a constant group, an
offset mean), instance_norm (2-D to 5-D, without Scale / Bias), affine_channel (NCHW /
NHWC / AnyLayout, IEEE specials), lrn (n, alpha, beta, NCHW / NHWC) and spectral_norm
(dim 0 / 1, power_iters 0 to 3); float32 throughout, float64 for some.

Not exported, where Paddle 3.3.1's CPU grads are not the derivative (fluidphi computes the
derivative; tests/api/grad_fd/vision_norm_grad.py checks it):
- group_norm without Scale: Paddle leaves out the mean of the incoming gradient; with a
  zero Scale entry its Scale@GRAD there is 0 (it recovers x_hat from Y / Scale);
- instance_norm with Scale but no Bias (or the reverse): Paddle computes Scale@GRAD and
  Bias@GRAD only when both are asked for;
- spectral_norm with a non-constant Out@GRAD: Paddle's Weight@GRAD is Out@GRAD * (1 -
  u v^T sum(W) / sigma) / sigma, the derivative only for a constant Out@GRAD. Its cases are
  the grad op alone with Out@GRAD fed constant (ones, and a negative constant).
"""

from typing import Any

from .spec import FLOAT_EDGES, Case, GradCase, In

_CONST = [[[[2.5] * 4] * 3] * 6] * 2  # every group constant: variance 0


def _gn(tag: str, x: tuple, groups: int, *, dtype: str = "float32", layout: str = "NCHW",
        bias: bool = True, x_in: In | None = None, **attrs: Any) -> GradCase:
    channels = x[1] if layout == "NCHW" else x[-1]
    inputs = {"X": x_in or In(x, dtype, -3.0, 3.0), "Scale": In((channels,), dtype, 0.5, 1.5)}
    if bias:
        inputs["Bias"] = In((channels,), dtype, -0.5, 0.5)
    return GradCase(Case(f"group_norm_{tag}_{dtype}", "group_norm", inputs,
                         attrs={"groups": groups, "data_layout": layout, **attrs}),
                    tuple(inputs), of=("Y",))


def _in(tag: str, x: tuple, *, dtype: str = "float32", params: bool = True,
        x_in: In | None = None, **attrs: Any) -> GradCase:
    inputs = {"X": x_in or In(x, dtype, -3.0, 3.0)}
    if params:
        inputs["Scale"] = In((x[1],), dtype, 0.5, 1.5)
        inputs["Bias"] = In((x[1],), dtype, -0.5, 0.5)
    return GradCase(Case(f"instance_norm_{tag}_{dtype}", "instance_norm", inputs, attrs=attrs),
                    tuple(inputs), of=("Y",))


def _affine(tag: str, x: tuple, *, dtype: str = "float32", layout: str = "NCHW",
            x_in: In | None = None) -> GradCase:
    channels = x[1] if layout == "NCHW" else x[-1]
    inputs = {"X": x_in or In(x, dtype, -3.0, 3.0), "Scale": In((channels,), dtype, 0.5, 1.5),
              "Bias": In((channels,), dtype, -0.5, 0.5)}
    return GradCase(Case(f"affine_channel_{tag}_{dtype}", "affine_channel", inputs,
                         attrs={"data_layout": layout}), ("X", "Scale", "Bias"))


def _lrn(tag: str, x: tuple, **attrs: Any) -> GradCase:
    return GradCase(Case(f"lrn_{tag}_float32", "lrn", {"X": In(x, "float32", -3.0, 3.0)},
                         attrs=attrs), ("X",), of=("Out",))


def _sn_grad(tag: str, w: tuple, dim: int, fill: float, *, dtype: str = "float32",
             **attrs: Any) -> GradCase:
    """spectral_norm_grad alone, Out@GRAD fed the constant `fill`."""
    h = w[dim]
    rest = 1
    for d in w:
        rest *= d
    flat = [fill] * rest
    values: Any = flat
    for d in reversed(w[1:]):
        values = [values[i:i + d] for i in range(0, len(values), d)]
    inputs = {"Weight": In(w, dtype, -1.0, 1.0), "U": In((h,), dtype, -1.0, 1.0),
              "V": In((rest // h,), dtype, -1.0, 1.0), "Out@GRAD": In(w, dtype, values=values)}
    return GradCase(Case(f"spectral_norm_grad_{tag}_{dtype}", "spectral_norm_grad", inputs,
                         attrs={"dim": dim, **attrs}), ("Weight",))


GRAD_CASES = [
    *(_gn("nchw", (2, 6, 3, 4), 3, dtype=dt) for dt in ("float32", "float64")),
    _gn("nhwc", (2, 3, 4, 6), 2, layout="NHWC"),
    _gn("scale_only", (2, 6, 3, 4), 3, bias=False),
    _gn("groups1", (2, 4, 3, 3), 1),
    _gn("groups_eq_c", (2, 4, 3, 3), 4, epsilon=1e-3),
    _gn("rank2", (3, 4), 2),
    _gn("rank3", (2, 6, 5), 3, dtype="float64"),
    _gn("rank5_nhwc", (2, 2, 3, 2, 4), 2, layout="NHWC", dtype="float64"),
    _gn("constant", (2, 6, 3, 4), 3, x_in=In((2, 6, 3, 4), "float32", values=_CONST)),
    _gn("offset_mean", (2, 4, 3, 3), 2, x_in=In((2, 4, 3, 3), "float32", 10.0, 12.0)),
    *(_in("nchw", (2, 3, 4, 5), dtype=dt) for dt in ("float32", "float64")),
    _in("no_scale_bias", (2, 3, 4, 5), params=False),
    _in("rank2", (3, 4)),
    _in("rank3", (2, 3, 7)),
    _in("rank5", (1, 2, 2, 3, 3), dtype="float64"),
    _in("eps0.01", (2, 3, 3, 3), epsilon=0.01),
    *(_affine("nchw", (2, 3, 4, 5), dtype=dt) for dt in ("float32", "float64")),
    _affine("nhwc", (2, 4, 5, 3), layout="NHWC"),
    _affine("anylayout", (2, 3, 2, 4), layout="AnyLayout"),
    _affine("rank2", (4, 3)),
    _affine("edges", (2, 3, 2, 2), x_in=In((2, 3, 2, 2), "float32", special=FLOAT_EDGES)),
    _lrn("defaults", (2, 7, 3, 4)),
    _lrn("n3_large_alpha", (2, 6, 2, 3), n=3, k=1.0, alpha=0.5, beta=0.6),
    _lrn("n_above_channels", (1, 3, 2, 2), n=7, alpha=0.2),
    _lrn("nhwc", (2, 3, 4, 6), data_format="NHWC", alpha=0.1),
    _sn_grad("ones_2d", (4, 6), 0, 1.0, power_iters=2),
    _sn_grad("const_4d_dim1", (3, 4, 2, 2), 1, -0.5, power_iters=3),
    _sn_grad("ones_iters0", (3, 2, 4), 0, 1.0, power_iters=0, dtype="float64"),
]
