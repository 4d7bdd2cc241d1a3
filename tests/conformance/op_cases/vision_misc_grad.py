"""Grads of vision_misc.py's ops. label_smooth: X's gradient, (1 - epsilon) times the
cotangent (epsilon 0, 1 and between, in float32 for a float64 X too), with and without a
PriorDist (which gets none), rank 1 to 3 and an empty X. prelu: X's and Alpha's gradients
in modes all / channel / element, NCHW and NHWC, rank 1 to 5, negative and zero slopes, an
empty batch, X over the float specials (x == 0 and NaN take the slope's side; NaN's Alpha
gradient is NaN), and X's gradient alone; element mode with an Alpha longer than the
forward reads gets zeros past the values read.

Not exported: Alpha's gradient alone. Paddle 3.3.1's CPU prelu_grad crashes (SIGSEGV) when
X@GRAD is not asked for; fluidphi computes Alpha@GRAD alone (tests/api/grad_fd covers it).
"""

from __future__ import annotations

from .spec import FLOAT_EDGES, FLOATS, Case, GradCase, In


def _prelu(name: str, x: tuple[int, ...], alpha: tuple[int, ...], mode: str, *,
           dtype: str = "float32", layout: str = "NCHW", alpha_in: In | None = None,
           wrt: tuple[str, ...] = ("X", "Alpha")) -> GradCase:
    return GradCase(Case(f"prelu_{name}", "prelu",
                         {"X": In(x, dtype, -4.0, 4.0, special=FLOAT_EDGES),
                          "Alpha": alpha_in or In(alpha, dtype, -0.5, 0.5)},
                         attrs={"mode": mode, "data_format": layout}), wrt)


def _smooth(name: str, x: tuple[int, ...], eps: float, *, dtype: str = "float32",
            prior: bool = False) -> GradCase:
    inputs = {"X": In(x, dtype, 0.0, 1.0, special=(0.0, 1.0))}
    if prior:
        inputs["PriorDist"] = In((1, x[-1]), dtype, 0.0, 1.0)
    return GradCase(Case(f"label_smooth_{name}", "label_smooth", inputs,
                         attrs={"epsilon": eps}), ("X",))


GRAD_CASES = [
    *[_smooth(f"eps0.1_{dt}", (4, 5), 0.1, dtype=dt) for dt in FLOATS],
    *[_smooth(f"prior_{dt}", (4, 5), 0.2, dtype=dt, prior=True) for dt in FLOATS],
    _smooth("eps0", (3, 4), 0.0),
    _smooth("eps1", (3, 4), 1.0),
    _smooth("rank1", (6,), 0.3),
    _smooth("rank3_prior", (2, 3, 4), 0.15, prior=True),
    _smooth("empty_rows", (0, 5), 0.1),
    *[_prelu(f"all_{dt}", (2, 3, 4), (1,), "all", dtype=dt) for dt in FLOATS],
    *[_prelu(f"channel_{dt}", (2, 3, 2, 4), (3,), "channel", dtype=dt) for dt in FLOATS],
    *[_prelu(f"element_{dt}", (2, 3, 4), (1, 3, 4), "element", dtype=dt) for dt in FLOATS],
    _prelu("channel_nhwc", (2, 2, 4, 3), (3,), "channel", layout="NHWC"),
    _prelu("channel_rank3_nhwc", (2, 5, 3), (3,), "channel", layout="NHWC"),
    _prelu("channel_rank5", (1, 2, 2, 3, 2), (2,), "channel"),
    _prelu("channel_rank2", (4, 3), (3,), "channel"),
    _prelu("element_nhwc", (2, 2, 3, 2), (1, 2, 3, 2), "element", layout="NHWC"),
    _prelu("element_alpha_two_rows", (2, 3, 2), (2, 3, 2), "element"),
    _prelu("element_rank1", (5,), (1,), "element"),
    _prelu("all_negative_slope", (3, 4), (1,), "all",
           alpha_in=In((1,), "float32", values=[-2.0])),
    _prelu("all_zero_slope", (3, 4), (1,), "all", alpha_in=In((1,), "float32", values=[0.0])),
    _prelu("channel_empty_batch", (0, 3, 2, 2), (3,), "channel"),
    _prelu("channel_x_only", (2, 3, 2), (3,), "channel", wrt=("X",)),
]
