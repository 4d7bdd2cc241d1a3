"""Grads of expand_v2 and tile (PHI expand_grad, tile_grad): new leading dims, stretched
size-1 dims, -1 (kept) dims, nothing to sum; repeats longer and shorter than the rank; the
sizes as attributes and as a tensor input; float32 and float64."""

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
