"""gather's grad (PHI gather_grad): axis 0, 1 and -1, repeated ids (they accumulate),
negative ids, an [N, 1] index, a 0-D index, int32 ids; float32 and float64; repeated and
int32 ids in every other dtype Paddle 3.3.1's CPU gather_grad has (see _gather_other).
(gather with an Axis tensor input crashes Paddle 3.3.1's static build: not exported.)"""

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

#: gather's other CPU grad dtypes in Paddle 3.3.1: complex and bfloat16 differentiated by
#: Paddle; integer and bool ones the grad op alone with a fed Out@GRAD (Paddle differentiates
#: no integer input); repeated ids accumulate in the dtype (int8 / uint8 wrap)
_DIFFERENTIATED = ("complex64", "complex128", "bfloat16")
_GRAD_ALONE = ("bool", "int8", "uint8", "int16")
#: tag -> Out's dims for X (3, 4, 5)
_OUT_DIMS = {"axis0_repeat": (4, 4, 5), "axis1_int32": (3, 3, 5)}


def _gather_other(tag: str, dtype: str) -> GradCase:
    index, attrs, _ = _GATHER[tag]
    name = f"gather_{tag}_{dtype}"
    if dtype in _DIFFERENTIATED:
        return GradCase(Case(name, "gather", {"X": In((3, 4, 5), dtype), "Index": index},
                             attrs=attrs), ("X",))
    low, high = (0, 100) if dtype == "uint8" else (-100, 100)
    grad = In(_OUT_DIMS[tag], dtype) if dtype == "bool" else In(_OUT_DIMS[tag], dtype, low,
                                                                 high)
    return GradCase(Case(name, "gather_grad", {"X": In((3, 4, 5), dtype), "Index": index,
                                               "Out@GRAD": grad}, attrs=attrs), ("X",))


GRAD_CASES += [_gather_other(tag, dtype) for dtype in (*_DIFFERENTIATED, *_GRAD_ALONE)
               for tag in _OUT_DIMS]
