"""Ops whose output dims depend on the data: unique and unique_consecutive.

unique with `is_sorted` (what paddle.unique writes): the sorted distinct values of the
flattened X (or the distinct slices along `axis`), with optional Indices (first
occurrence), Index (inverse) and Counts, index outputs in `dtype`. Without `is_sorted`
(fluid's old unique): the distinct values in order of first appearance and Index.
unique_consecutive: runs of equal consecutive values (slices along `axis`) collapsed, with
optional Index (inverse) and Counts.
"""

from .spec import INF, NAN, Case, In, sweep

#: fluid's unsorted unique takes a 0-d or 1-D X only
_FLAT = {"12": (12,), "0d": (), "empty": (0,)}
_ALL_OUT = ("Indices", "Counts")
_SORTED = {"is_sorted": True}
_RETURN_ALL = {"is_sorted": True, "return_index": True, "return_inverse": True,
               "return_counts": True}
_ROWS = [[1, 2, 1], [3, 0, 3], [1, 2, 1], [0, 0, 0], [3, 0, 3], [1, 2, 2]]



def _returned(attrs: dict, outputs: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The outputs the op writes: fetching one it leaves unwritten gives Paddle's empty
    float32 placeholder, an artefact of fetching, not the op's."""
    written = {"Indices": attrs.get("return_index"), "Index": attrs.get("return_inverse"),
               "Counts": attrs.get("return_counts")}
    return ("Out", *[slot for slot in ("Indices", "Index", "Counts")
                     if written[slot] and (slot == "Index" or slot in outputs)])


CASES = [
    # -- unique, fluid's unsorted form (is_sorted false) ------------------------------------------
    *sweep("unique", ["X"], ("float32", "float64", "int32", "int64"), shapes=_FLAT, low=0,
           high=5, special=()),
    Case("unique_unsorted_int32_index", "unique", {"X": In((12,), "int64", -3, 3)},
         attrs={"dtype": 2}),
    Case("unique_unsorted_signed_zero", "unique",
         {"X": In((6,), "float32", values=[0.0, -0.0, 1.0, -0.0, 0.0, 1.0])}),
    # -- unique, sorted ---------------------------------------------------------------------------
    *sweep("unique", ["X"], ("float32", "float64", "int32", "int64"), tag="sorted",
           low=-4, high=4, special=(), attrs=_SORTED, fetch=("Out",)),
    *[Case(f"unique_sorted_{tag}_int64", "unique", {"X": In((4, 5), "int64", -3, 3)},
           attrs={"is_sorted": True, **attrs}, outputs=_ALL_OUT,
           fetch=_returned(attrs, _ALL_OUT))
      for tag, attrs in (("index", {"return_index": True}),
                         ("inverse", {"return_inverse": True}),
                         ("counts", {"return_counts": True}),
                         ("all_int32", {**_RETURN_ALL, "dtype": 2}),
                         ("all", _RETURN_ALL))],
    Case("unique_sorted_all_float32", "unique", {"X": In((3, 5), "float32", -2, 2)},
         attrs=_RETURN_ALL, outputs=_ALL_OUT),
    Case("unique_sorted_edges_float32", "unique",
         {"X": In((8,), "float32", values=[INF, -0.0, 0.0, -INF, 2.5, INF, 0.0, -0.0])},
         attrs=_RETURN_ALL, outputs=_ALL_OUT),
    Case("unique_sorted_nan_float32", "unique",
         {"X": In((6,), "float32", values=[1.0, NAN, 0.5, NAN, 1.0, 0.5])},
         attrs={"is_sorted": True, "return_counts": True, "return_index": True},
         outputs=_ALL_OUT, fetch=("Out", "Indices", "Counts"),
         note="Paddle: each NaN is distinct, with count 0 and first index 0"),
    *[Case(f"unique_axis{tag}_all_int64", "unique",
           {"X": In((6, 3), "int64", values=_ROWS)},
           attrs={**_RETURN_ALL, "axis": axis}, outputs=_ALL_OUT)
      for tag, axis in (("0", [0]), ("1", [1]), ("_neg1", [-1]))],
    Case("unique_axis1_3d_float32", "unique", {"X": In((2, 4, 2), "float32", values=[
        [[1, 0], [2, 2], [1, 0], [0, 5]], [[3, 3], [1, 1], [3, 3], [0, 0]]])},
         attrs={**_RETURN_ALL, "axis": [1]}, outputs=_ALL_OUT),
    # -- unique_consecutive -----------------------------------------------------------------------
    *sweep("unique_consecutive", ["X"], ("float32", "float64", "int32", "int64"), low=0, high=2,
           special=(), attrs={"dtype": 3}),
    Case("unique_consecutive_default_dtype", "unique_consecutive", {"X": In((4,), "int64")},
         raises="not supported.*data ?type", note="the proto's dtype default, 5, is float32"),
    *[Case(f"unique_consecutive_{tag}_int64", "unique_consecutive",
           {"X": In((3, 6), "int64", 0, 2)}, attrs={"dtype": 3, **attrs},
           outputs=("Index", "Counts"), fetch=_returned(attrs, ("Index", "Counts")))
      for tag, attrs in (("inverse", {"return_inverse": True}),
                         ("counts", {"return_counts": True}),
                         ("all", {"return_inverse": True, "return_counts": True}),
                         ("all_int32", {"return_inverse": True, "return_counts": True,
                                        "dtype": 2}))],
    Case("unique_consecutive_edges_float32", "unique_consecutive",
         {"X": In((10,), "float32", values=[0.0, -0.0, 0.0, NAN, NAN, INF, INF, 1.0, 1.0, -0.0])},
         attrs={"return_inverse": True, "return_counts": True, "dtype": 3},
         outputs=("Index", "Counts")),
    *[Case(f"unique_consecutive_axis{tag}_int64", "unique_consecutive",
           {"X": In((6, 3), "int64", values=_ROWS)},
           attrs={"return_inverse": True, "return_counts": True, "axis": axis, "dtype": 3},
           outputs=("Index", "Counts"))
      for tag, axis in (("0", [0]), ("1", [1]), ("_neg1", [-1]))],
]
