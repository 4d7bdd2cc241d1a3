"""sgd: ParamOut = Param - LearningRate * Grad (the other optimizer updates: optimizers.py).

Paddle 3.3.1's CPU kernel computes in Param's dtype: for bfloat16 the learning rate is cast
to bfloat16 and the product and the difference are each rounded to bfloat16, whatever the
learning rate's own dtype. Values: Param in [-2, 2), Grad in [-1, 1) after NaN / inf / -0.0.
multi_precision (`*_master_*`: MasterParam named as MasterParamOut, fetched) is inert: Param
updates from Param and the master copy keeps its value.
"""

from __future__ import annotations

from .spec import Case, In, with_master

_SHAPE = (4, 6)
_GRAD_SPECIAL = (float("nan"), float("inf"), float("-inf"), -0.0, 0.0)
#: case name -> {output slot: input slot} (the output is the input's own variable)
INPLACE: dict[str, dict[str, str]] = {}


def _sgd(tag: str, dtype: str, lr: float = 0.05, lr_dtype: str | None = None,
         shape: tuple[int, ...] = _SHAPE) -> Case:
    return Case(f"sgd_{tag}_{dtype}", "sgd", {
        "Param": In(shape, dtype, -2.0, 2.0),
        "Grad": In(shape, dtype, -1.0, 1.0, special=_GRAD_SPECIAL if shape[0] else ()),
        "LearningRate": In((1,), lr_dtype or dtype, values=[lr])})


CASES = [
    *(_sgd("plain", dtype) for dtype in ("float32", "float64", "bfloat16")),
    _sgd("lr_float32", "bfloat16", lr=0.0123, lr_dtype="float32"),
    _sgd("lr0", "bfloat16", lr=0.0),
    _sgd("empty", "bfloat16", shape=(0, 3)),
]
CASES += [with_master(case, True, INPLACE) for case in CASES[:2]]  # plain float32, float64
