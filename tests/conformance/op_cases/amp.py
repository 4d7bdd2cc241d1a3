"""Loss-scaling ops of mixed-precision training: check_finite_and_unscale and
update_loss_scaling, in place as programs write them (Out is X's variable, LossScaling
PrevLossScaling's, the step counters their inputs').

Paddle 3.3.1 CPU facts pinned: check_finite_and_unscale multiplies by 1 / Scale (the
reciprocal rounded to the dtype) until it meets a non-finite value; the tensor holding
it and every later one are multiplied by 0 (NaN stays NaN, inf becomes NaN, negatives
-0.0), earlier ones stay unscaled. update_loss_scaling zeroes every X when FoundInfinite;
the scale grows by incr_ratio after incr_every_n_steps good steps (unless that overflows)
and shrinks by decr_ratio, to no less than 1, after decr_every_n_nan_or_inf bad ones;
stop_update (or a true StopUpdate tensor) leaves scale and counters as they were.
"""

from __future__ import annotations

from typing import Any

from .spec import FLOATS, Case, In

INF, NAN = float("inf"), float("nan")
#: Out -> X has one variable per X tensor (here: the X variables themselves)
OUTPUT_COUNTS = {"check_finite_and_unscale": {"Out": "X"}, "update_loss_scaling": {"Out": "X"}}
#: case name -> {output slot: input slot}
INPLACE: dict[str, dict[str, str]] = {}


def _xs(dtype: str, special: dict[int, tuple[float, ...]]) -> list[In]:
    shapes = ((3, 4), (5,), (2, 2, 2))
    return [In(shape, dtype, -4.0, 4.0, special=special.get(i, ()))
            for i, shape in enumerate(shapes)]


def _unscale(tag: str, dtype: str, scale: float, special: dict[int, tuple[float, ...]],
             inplace: bool = True) -> Case:
    name = f"check_finite_and_unscale_{tag}_{dtype}"
    if inplace:
        INPLACE[name] = {"Out": "X"}
    return Case(name, "check_finite_and_unscale",
                {"X": _xs(dtype, special), "Scale": In((1,), dtype, values=[scale])})


_UNSCALE = [
    *(_unscale("finite", dtype, 1024.0, {}) for dtype in FLOATS),
    *(_unscale("inf_second", dtype, 1024.0, {1: (-1.5, INF, 0.0, -0.0, 2.0)})
      for dtype in FLOATS),
    _unscale("nan_first", "float32", 8.0, {0: (NAN,), 2: (-INF, -3.0)}),
    _unscale("scale3", "float32", 3.0, {}),
    _unscale("outputs", "float64", 0.5, {2: (INF,)}, inplace=False),
]

_UPDATE_INPLACE = {"Out": "X", "LossScaling": "PrevLossScaling",
                   "OutGoodSteps": "InGoodSteps", "OutBadSteps": "InBadSteps"}
_STEPS = {"incr_every_n_steps": 3, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
          "decr_ratio": 0.5}


def _update(tag: str, dtype: str, found: bool, scale: float, good: int, bad: int,
            stop: bool | None = None, **attrs: Any) -> Case:
    name = f"update_loss_scaling_{tag}_{dtype}"
    INPLACE[name] = _UPDATE_INPLACE
    inputs: dict[str, Any] = {
        "X": _xs(dtype, {0: (NAN, INF)} if found else {}),
        "FoundInfinite": In((1,), "bool", values=[found]),
        "PrevLossScaling": In((1,), dtype, values=[scale]),
        "InGoodSteps": In((1,), "int32", values=[good]),
        "InBadSteps": In((1,), "int32", values=[bad])}
    if stop is not None:
        inputs["StopUpdate"] = In((1,), "bool", values=[stop])
    return Case(name, "update_loss_scaling", inputs, attrs={**_STEPS, **attrs})


_UPDATE = [
    *(_update("good_step", dtype, False, 1024.0, 0, 1) for dtype in FLOATS),
    _update("grow", "float32", False, 1024.0, 2, 0),
    _update("grow_overflow", "float32", False, 3e38, 2, 0),
    *(_update("bad_step", dtype, True, 1024.0, 2, 0) for dtype in FLOATS),
    _update("shrink", "float32", True, 1024.0, 0, 1),
    _update("shrink_floor", "float64", True, 1.5, 1, 1),
    _update("stop_attr", "float32", True, 1024.0, 0, 1, stop_update=True),
    _update("stop_tensor", "float32", False, 1024.0, 2, 0, stop=True),
    _update("stop_tensor_false", "float32", False, 1024.0, 2, 0, stop=False,
            stop_update=True),
    _update("every_step", "float32", False, 4.0, 0, 0, incr_every_n_steps=1,
            incr_ratio=1.5),
]

CASES = [*_UNSCALE, *_UPDATE]
