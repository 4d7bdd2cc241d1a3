"""gather's grad (PHI gather_grad): axis 0, 1 and -1, repeated ids (they accumulate),
negative ids, an [N, 1] index, a 0-D index, int32 ids; float32 and float64. (gather with an
Axis tensor input crashes Paddle 3.3.1's static build: not exported.)"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (index, attrs, extra inputs)
_GATHER = {
    "axis0_repeat": (In((4,), "int64", values=[2, 0, 2, 2]), {}, {}),
    "axis1_int32": (In((3,), "int32", values=[3, 1, 3]), {"axis": 1}, {}),
    "axis_last_negative": (In((3,), "int64", values=[-1, 0, -4]), {"axis": -1}, {}),
    "index_n1": (In((2, 1), "int64", values=[[1], [1]]), {}, {}),
    "index_0d": (In((), "int64", values=2), {}, {}),
    "index_0d_axis_last": (In((), "int64", values=3), {"axis": -1}, {}),
}


def _cases(dtype: str) -> list[GradCase]:
    return [GradCase(Case(f"gather_{tag}_{dtype}", "gather",
                          {"X": In((3, 4, 5), dtype), "Index": index, **extra}, attrs=attrs),
                     ("X",)) for tag, (index, attrs, extra) in _GATHER.items()]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]
