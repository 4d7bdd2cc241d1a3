"""Grads of expand_v2 and tile (PHI expand_grad, tile_grad): new leading dims, stretched
size-1 dims, -1 (kept) dims, nothing to sum; repeats longer and shorter than the rank; the
sizes as attributes and as a tensor input; float32 and float64; expand_v2 in every other
dtype Paddle 3.3.1's CPU expand_grad has (see _expand_other)."""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (x dims, attrs, extra inputs)
_EXPAND = {
    "stretch_lead": ((3, 1), {"shape": [2, 3, 4]}, {}),
    "vector_lead": ((4,), {"shape": [3, 4]}, {}),
    "keep_minus1": ((2, 1, 3), {"shape": [-1, 5, -1]}, {}),
    "same": ((2, 3), {"shape": [2, 3]}, {}),
    "shape_tensor": ((1, 3), {}, {"Shape": In((2,), "int32", values=[4, 3])}),
}
_TILE = {
    "rows": ((2, 3), {"repeat_times": [2, 1]}, {}),
    "longer": ((2, 3), {"repeat_times": [2, 2, 1]}, {}),
    "shorter": ((2, 3), {"repeat_times": [3]}, {}),
    "ones": ((2, 3), {"repeat_times": [1, 1]}, {}),
    "repeat_tensor": ((3, 2), {}, {"RepeatTimes": In((2,), "int32", values=[2, 3])}),
}


def _cases(dtype: str) -> list[GradCase]:
    cases = []
    for op, table in (("expand_v2", _EXPAND), ("tile", _TILE)):
        for tag, (dims, attrs, extra) in table.items():
            cases.append(GradCase(Case(f"{op}_{tag}_{dtype}", op,
                                       {"X": In(dims, dtype), **extra}, attrs=attrs), ("X",)))
    return cases


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]

#: expand_v2's other CPU grad dtypes in Paddle 3.3.1: complex and half differentiated by
#: Paddle; integer and bool ones the grad op alone with a fed Out@GRAD (Paddle differentiates
#: no integer input); int8 / uint8 sums wrap as C++ integer arithmetic
_DIFFERENTIATED = ("complex64", "complex128", "float16", "bfloat16")
_GRAD_ALONE = ("bool", "int8", "uint8", "int16")


def _expand_other(tag: str, dtype: str) -> GradCase:
    dims, attrs, _ = _EXPAND[tag]
    name = f"expand_v2_{tag}_{dtype}"
    if dtype in _DIFFERENTIATED:
        return GradCase(Case(name, "expand_v2", {"X": In(dims, dtype)}, attrs=attrs), ("X",))
    low, high = (0, 100) if dtype == "uint8" else (-100, 100)
    grad = In(tuple(attrs["shape"]), dtype) if dtype == "bool" else \
        In(tuple(attrs["shape"]), dtype, low, high)
    return GradCase(Case(name, "expand_v2_grad", {"X": In(dims, dtype), "Out@GRAD": grad},
                         attrs=attrs), ("X",))


GRAD_CASES += [_expand_other(tag, dtype) for dtype in (*_DIFFERENTIATED, *_GRAD_ALONE)
               for tag in ("stretch_lead", "vector_lead")]
