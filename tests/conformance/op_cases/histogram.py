"""Counting into bins: histogram (`bins` equal bins over [min, max]; min == max == 0
takes X's own range; optional Weight, `density`) and bincount (how often each
non-negative integer occurs, optionally weighted, at least `minlength` bins: Out's
length depends on the data).
"""

from .spec import INF, NAN, Case, In

_HIST_TYPES = ("float32", "float64", "int32", "int64")

CASES = [
    # -- histogram --------------------------------------------------------------------------------
    *[Case(f"histogram_{dtype}", "histogram", {"X": In((4, 6), dtype, -5, 5)},
           attrs={"bins": 7, "min": -3.0, "max": 4.0}) for dtype in _HIST_TYPES],
    *[Case(f"histogram_auto_range_{dtype}", "histogram", {"X": In((3, 5), dtype, -9, 9)},
           attrs={"bins": 4}) for dtype in _HIST_TYPES],
    Case("histogram_default_bins_float32", "histogram", {"X": In((50,), "float32", 0, 10)}),
    Case("histogram_edges_float32", "histogram",
         {"X": In((10,), "float32", values=[0.0, 1.0, 2.0, 2.5, 5.0, -0.0, 5.000001, -1e-7,
                                            1.6666666, 3.3333333])},
         attrs={"bins": 3, "min": 0.0, "max": 5.0}),
    Case("histogram_edges_float64", "histogram",
         {"X": In((10,), "float64", values=[0.0, 1.0, 2.0, 2.5, 5.0, -0.0, 5.000001, -1e-7,
                                            1.6666666666666667, 3.3333333333333335])},
         attrs={"bins": 3, "min": 0.0, "max": 5.0}),
    Case("histogram_constant_auto_range_float32", "histogram",
         {"X": In((4,), "float32", values=[2.0, 2.0, 2.0, 2.0])}, attrs={"bins": 4}),
    Case("histogram_int_bins_int64", "histogram", {"X": In((20,), "int64", 0, 10)},
         attrs={"bins": 10, "min": 0.0, "max": 9.0}),
    Case("histogram_nan_inf_float32", "histogram",
         {"X": In((6,), "float32", values=[NAN, INF, -INF, 0.5, 1.5, 1.0])},
         attrs={"bins": 2, "min": 0.0, "max": 2.0}),
    Case("histogram_weight_float32", "histogram",
         {"X": In((3, 4), "float32", -2, 2), "Weight": In((3, 4), "float32", 0, 3)},
         attrs={"bins": 5, "min": -2.0, "max": 2.0}),
    Case("histogram_weight_float64", "histogram",
         {"X": In((8,), "float64", -2, 2), "Weight": In((8,), "float64", -1, 3)},
         attrs={"bins": 3, "min": -1.0, "max": 1.0}),
    Case("histogram_density_float32", "histogram", {"X": In((12,), "float32", 0, 6)},
         attrs={"bins": 4, "min": 0.0, "max": 6.0, "density": True}),
    Case("histogram_density_weight_float64", "histogram",
         {"X": In((12,), "float64", 0, 6), "Weight": In((12,), "float64", 0, 2)},
         attrs={"bins": 3, "min": 0.0, "max": 6.0, "density": True}),
    Case("histogram_density_int32", "histogram", {"X": In((9,), "int32", 0, 5)},
         attrs={"bins": 5, "min": 0.0, "max": 5.0, "density": True}),
    Case("histogram_empty_float32", "histogram", {"X": In((0,), "float32")},
         attrs={"bins": 3, "min": 0.0, "max": 3.0}),
    Case("histogram_0d_float32", "histogram", {"X": In((), "float32", values=1.5)},
         attrs={"bins": 2, "min": 1.0, "max": 2.0}),
    # -- bincount ---------------------------------------------------------------------------------
    *[Case(f"bincount_{dtype}", "bincount", {"X": In((12,), dtype, 0, 7)})
      for dtype in ("int32", "int64")],
    *[Case(f"bincount_weights_{xtype}_{wtype}", "bincount",
           {"X": In((10,), xtype, 0, 5), "Weights": In((10,), wtype, -2, 3)})
      for xtype, wtype in (("int64", "float32"), ("int32", "float64"), ("int64", "int32"),
                           ("int32", "int64"))],
    Case("bincount_minlength_int64", "bincount", {"X": In((5,), "int64", 0, 3)},
         attrs={"minlength": 8}),
    Case("bincount_minlength_below_max_int32", "bincount", {"X": In((5,), "int32", 0, 9)},
         attrs={"minlength": 2}),
    Case("bincount_empty_int64", "bincount", {"X": In((0,), "int64")}),
    Case("bincount_empty_minlength_int32", "bincount", {"X": In((0,), "int32")},
         attrs={"minlength": 3}),
    Case("bincount_negative", "bincount", {"X": In((3,), "int64", values=[1, -1, 2])},
         raises="negative|non-negative|>= 0|greater"),
]
