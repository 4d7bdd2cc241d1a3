"""Grads of the shape ops that record XShape: reshape2 (-1 and 0 in the shape),
flatten_contiguous_range (axis ranges, negative axes), flatten2 (to 2-D at axis 0, inside
and at the rank), squeeze2 (listed axes, all size-1 dims), unsqueeze2 (several and negative
axes) and transpose2, float32 and float64."""

from .spec import Case, GradCase, In

#: op -> tag -> (X dims, attrs)
_CASES = {
    "reshape2": {"flat": ((2, 3, 4), {"shape": [6, 4]}),
                 "infer": ((2, 3, 4), {"shape": [0, -1]})},
    "flatten_contiguous_range": {"mid": ((2, 3, 4, 5), {"start_axis": 1, "stop_axis": 2}),
                                 "neg": ((2, 3, 4), {"start_axis": 0, "stop_axis": -1})},
    "squeeze2": {"axis": ((3, 1, 4, 1), {"axes": [1]}), "all": ((1, 3, 1, 4), {"axes": []})},
    "unsqueeze2": {"axes": ((3, 4), {"axes": [0, -1]}), "mid": ((3, 4), {"axes": [1]})},
    "flatten2": {"axis": ((2, 3, 4), {"axis": 2}), "zero": ((2, 3), {"axis": 0}),
                 "end": ((2, 3, 4), {"axis": 3})},
    "transpose2": {"perm": ((2, 3, 4), {"axis": [1, 2, 0]}), "swap": ((3, 5), {"axis": [1, 0]})},
}

GRAD_CASES = [
    GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In(dims, dtype)}, attrs=attrs,
                  outputs=("XShape",)), ("X",), of=("Out",))
    for dtype in ("float32", "float64") for op, variants in _CASES.items()
    for tag, (dims, attrs) in variants.items()
]
