"""Scans along one axis: cumprod (running products; `dim` required, `exclusive`,
`reverse`) and logcumsumexp (running log(sum(exp)); `axis`, `flatten`, `exclusive`,
`reverse`). Out has X's dims (logcumsumexp with `flatten`: 1-D) and dtype.
"""

from .spec import FLOATS, INF, NAN, SHAPES, Case, In, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
_NO_0D = {k: v for k, v in SHAPES.items() if k != "0d"}
_VARIANTS = {"excl": {"exclusive": True}, "rev": {"reverse": True},
             "excl_rev": {"exclusive": True, "reverse": True}}
_LCSE_ROWS = [[0.0, 0.0, 0.0, 0.0, 0.0], [-INF, -INF, 1.0, -INF, 2.0],
              [INF, 1.0, INF, -INF, 0.0], [NAN, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, NAN, 3.0, 4.0],
              [100.0, 100.0, -100.0, 200.0, 0.0], [1e30, -1e30, 1.0, 0.0, -1.0],
              [-INF, -INF, -INF, -INF, -INF], [88.0, 89.0, 90.0, 91.0, -0.0]]

CASES = [
    # -- cumprod ------------------------------------------------------------------------------
    *sweep("cumprod", ["X"], ("float32", "float64", "int32", "int64"), low=-3, high=3,
           attrs={"dim": -1}, shapes=_NO_0D),
    Case("cumprod_0d_dim_neg1", "cumprod", {"X": In((), "float32", values=2.0)},
         attrs={"dim": -1}, raises="dim.*(opposite rank|out of range)"),
    *sweep("cumprod", ["X"], ("complex64", "complex128"), shapes=_MAIN, low=-1.5, high=1.5,
           attrs={"dim": 1}),
    *[Case(f"cumprod_{tag}_{dtype}", "cumprod", {"X": In((3, 5), dtype, -3, 3)},
           attrs={"dim": 1, **attrs})
      for dtype in ("float32", "int64", "complex64") for tag, attrs in _VARIANTS.items()],
    *[Case(f"cumprod_3d_dim{d}_float64", "cumprod", {"X": In((2, 3, 4), "float64", -2, 2)},
           attrs={"dim": d}) for d in (0, 1, -3)],
    Case("cumprod_3d_dim1_excl_rev_int32", "cumprod", {"X": In((2, 3, 4), "int32", -4, 5)},
         attrs={"dim": 1, "exclusive": True, "reverse": True}),
    Case("cumprod_0d_excl_float32", "cumprod", {"X": In((), "float32", values=3.5)},
         attrs={"dim": 0, "exclusive": True}),
    Case("cumprod_empty_dim0_excl_float32", "cumprod", {"X": In((0, 3), "float32")},
         attrs={"dim": 0, "exclusive": True}),
    Case("cumprod_int32_wrap", "cumprod",
         {"X": In((2, 5), "int32", values=[[65536, 65536, 3, -1, 2], [-2**31, -1, 2, 7, 0]])},
         attrs={"dim": 1}, note="integer products wrap around"),
    Case("cumprod_int64_wrap", "cumprod",
         {"X": In((1, 5), "int64", values=[[2**40, 2**30, 3, -5, 1]])}, attrs={"dim": 1}),
    Case("cumprod_edges_float32", "cumprod",
         {"X": In((4, 4), "float32", values=[[0.0, INF, 2.0, NAN], [-0.0, 1.0, -1.0, 2.0],
                                             [INF, -INF, 0.0, 1.0], [1e30, 1e30, 1e-30, 0.0]])},
         attrs={"dim": 1}),
    Case("cumprod_edges_rev_float64", "cumprod",
         {"X": In((2, 4), "float64", values=[[0.0, INF, 2.0, -0.0], [NAN, 1.0, 0.0, -2.0]])},
         attrs={"dim": 1, "reverse": True}),
    # -- logcumsumexp -------------------------------------------------------------------------
    *sweep("logcumsumexp", ["X"], FLOATS),
    *[Case(f"logcumsumexp_{tag}_{dtype}", "logcumsumexp", {"X": In((3, 5), dtype)},
           attrs={"axis": 1, **attrs})
      for dtype in FLOATS for tag, attrs in _VARIANTS.items()],
    *[Case(f"logcumsumexp_flatten{tag}_float32", "logcumsumexp",
           {"X": In((2, 3, 2), "float32")}, attrs={"flatten": True, **attrs})
      for tag, attrs in (("", {}), ("_excl_rev", {"exclusive": True, "reverse": True}),
                         ("_axis0", {"axis": 0}))],
    Case("logcumsumexp_flatten_axis1", "logcumsumexp", {"X": In((2, 3), "float32")},
         attrs={"flatten": True, "axis": 1}, raises="out of range"),
    Case("logcumsumexp_axis0_float64", "logcumsumexp", {"X": In((3, 4), "float64")},
         attrs={"axis": 0}),
    Case("logcumsumexp_3d_axis_neg2_excl_float32", "logcumsumexp",
         {"X": In((2, 3, 4), "float32")}, attrs={"axis": -2, "exclusive": True}),
    *[Case(f"logcumsumexp_rows{tag}_{dtype}", "logcumsumexp",
           {"X": In((len(_LCSE_ROWS), 5), dtype, values=_LCSE_ROWS)}, attrs={"axis": 1, **attrs})
      for dtype in FLOATS for tag, attrs in (("", {}), ("_excl", {"exclusive": True}),
                                             ("_rev", {"reverse": True}))],
    Case("logcumsumexp_0d_excl_float32", "logcumsumexp", {"X": In((), "float32", values=1.5)},
         attrs={"exclusive": True}),
    Case("logcumsumexp_long_float32", "logcumsumexp", {"X": In((2, 64), "float32", -30, 30)},
         attrs={"axis": 1}),
]
