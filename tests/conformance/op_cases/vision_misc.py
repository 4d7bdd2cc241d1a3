"""prelu (modes all / channel / element, NCHW and NHWC, 1-D to 5-D, negative and zero
slopes, edge values) and label_smooth (epsilon, uniform or PriorDist prior, 1-D to 3-D,
empty tensors)."""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, Case, In


def _prelu(name: str, x: tuple[int, ...], alpha: tuple[int, ...], mode: str, *,
           dtype: str = "float32", layout: str = "NCHW", alpha_in: In | None = None,
           **fields: Any) -> Case:
    return Case(f"prelu_{name}", "prelu",
                {"X": In(x, dtype, -4.0, 4.0, special=FLOAT_EDGES),
                 "Alpha": alpha_in or In(alpha, dtype, -0.5, 0.5)},
                attrs={"mode": mode, "data_format": layout}, **fields)


def _smooth(name: str, x: tuple[int, ...], eps: float, *, dtype: str = "float32",
            prior: bool = False, **fields: Any) -> Case:
    inputs = {"X": In(x, dtype, 0.0, 1.0, special=(0.0, 1.0))}
    if prior:
        inputs["PriorDist"] = In((1, x[-1]), dtype, 0.0, 1.0)
    return Case(f"label_smooth_{name}", "label_smooth", inputs, attrs={"epsilon": eps},
                **fields)


CASES = [
    *[_prelu(f"all_{dt}", (2, 3, 4), (1,), "all", dtype=dt) for dt in FLOATS],
    *[_prelu(f"channel_{dt}", (2, 3, 2, 4), (3,), "channel", dtype=dt) for dt in FLOATS],
    *[_prelu(f"element_{dt}", (2, 3, 4), (1, 3, 4), "element", dtype=dt) for dt in FLOATS],
    _prelu("channel_nhwc", (2, 2, 4, 3), (3,), "channel", layout="NHWC"),
    _prelu("channel_rank3", (2, 3, 5), (3,), "channel"),
    _prelu("channel_rank3_nhwc", (2, 5, 3), (3,), "channel", layout="NHWC"),
    _prelu("channel_rank5", (1, 2, 2, 3, 2), (2,), "channel"),
    _prelu("channel_rank2", (4, 3), (3,), "channel"),
    _prelu("element_nhwc", (2, 2, 3, 2), (1, 2, 3, 2), "element", layout="NHWC"),
    # alpha [2, 3, 2] for x [2, 3, 2]: Paddle reads the first 6 values only
    _prelu("element_alpha_two_rows", (2, 3, 2), (2, 3, 2), "element"),
    _prelu("element_rank1", (5,), (1,), "element"),
    _prelu("all_rank1", (7,), (1,), "all"),
    _prelu("all_negative_slope", (3, 4), (1,), "all",
           alpha_in=In((1,), "float32", values=[-2.0])),
    _prelu("all_zero_slope", (3, 4), (1,), "all", alpha_in=In((1,), "float32", values=[0.0])),
    _prelu("channel_empty_batch", (0, 3, 2, 2), (3,), "channel"),
    _prelu("api_channel", (2, 3, 2, 2), (3,), "channel", api="paddle.nn.functional.prelu"),
    *[_smooth(f"eps0.1_{dt}", (4, 5), 0.1, dtype=dt) for dt in FLOATS],
    *[_smooth(f"prior_{dt}", (4, 5), 0.2, dtype=dt, prior=True) for dt in FLOATS],
    _smooth("default_eps0", (3, 4), 0.0),
    _smooth("eps1", (3, 4), 1.0),
    _smooth("eps_neg", (3, 4), -0.3),
    _smooth("rank1", (6,), 0.3),
    _smooth("rank3", (2, 3, 4), 0.15),
    _smooth("rank3_prior", (2, 3, 4), 0.15, prior=True),
    _smooth("empty_rows", (0, 5), 0.1),
    _smooth("empty_classes", (3, 0), 0.1),
    Case("label_smooth_edges", "label_smooth", {"X": In((3, 4), "float32",
                                                         special=FLOAT_EDGES)},
         attrs={"epsilon": 0.25}),
    _smooth("api", (4, 6), 0.1, api="paddle.nn.functional.label_smooth",
            api_kwargs={"epsilon": 0.1}),
    _smooth("api_prior", (4, 6), 0.3, prior=True, api="paddle.nn.functional.label_smooth",
            api_kwargs={"epsilon": 0.3}),
]
