"""Grads of the shape ops that record XShape: reshape2 (-1 and 0 in the shape),
flatten_contiguous_range (axis ranges, negative axes), flatten2 (to 2-D at axis 0, inside
and at the rank), squeeze2 (listed axes, all size-1 dims), unsqueeze2 (several and negative
axes) and transpose2, float32 and float64, and on LoD inputs (float32). Out and
XShape are fetched too (FORWARD_FETCHES): XShape holds dims [0, *X.dims] and no buffer in
Paddle 3.3.1, so it fetches as an empty [0] float32 tensor with X's LoD; Out's LoD is X's
where the op passes it on."""

from .spec import Case, GradCase, In, LoDIn

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

#: (op, tag, X dims, attrs, X's LoD): the first dim kept (Out takes X's LoD; reshape2
#: passes it on even to a new first dim) or not (squeeze2 / unsqueeze2 / flatten drop it)
_LOD_CASES = [
    ("reshape2", "lod", (6, 2, 3), {"shape": [3, 12]}, ((0, 2, 6),)),
    ("reshape2", "lod_flat", (6, 2, 3), {"shape": [36]}, ((0, 2, 6),)),
    ("flatten_contiguous_range", "lod", (6, 2, 3), {"start_axis": 1, "stop_axis": 2},
     ((0, 2, 6),)),
    ("flatten_contiguous_range", "lod_lead", (6, 2, 3), {"start_axis": 0, "stop_axis": 1},
     ((0, 2, 6),)),
    ("squeeze2", "lod", (6, 1, 3), {"axes": [1]}, ((0, 2, 6),)),
    ("squeeze2", "lod_lead", (1, 6, 3), {"axes": [0]}, ((0, 1),)),
    ("unsqueeze2", "lod", (6, 2, 3), {"axes": [1]}, ((0, 2, 6),)),
    ("unsqueeze2", "lod_lead", (6, 2, 3), {"axes": [0]}, ((0, 2, 6),)),
    ("flatten2", "lod", (6, 2, 3), {"axis": 1}, ((0, 2, 6),)),
    ("flatten2", "lod_lead", (6, 2, 3), {"axis": 0}, ((0, 2, 6),)),
    ("transpose2", "lod", (6, 2, 3), {"axis": [1, 0, 2]}, ((0, 2, 6),)),
]
FORWARD_FETCHES = {op: ("Out", "XShape") for op in _CASES}

GRAD_CASES = [
    *(GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In(dims, dtype)}, attrs=attrs,
                    outputs=("XShape",)), ("X",), of=("Out",))
      for dtype in ("float32", "float64") for op, variants in _CASES.items()
      for tag, (dims, attrs) in variants.items()),
    *(GradCase(Case(f"{op}_{tag}_float32", op, {"X": LoDIn(dims, "float32", lod=lod)},
                    attrs=attrs, outputs=("XShape",)), ("X",), of=("Out",))
      for op, tag, dims, attrs, lod in _LOD_CASES),
]
