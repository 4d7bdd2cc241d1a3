"""Creation: eye, linspace, logspace, tril_indices, triu_indices, one_hot_v2, size.

`dtype` attributes are fluid VarType numbers (2 int32, 3 int64, 4 float16, 5 float32,
6 float64, 0 bool, 23 / 24 complex). linspace / logspace cast Start / Stop (/ Base) to the
output type first and step in double; the lower half counts up from Start, the upper half
down from Stop; integer results truncate. Their length is Num's value (data-dependent).
one_hot_v2 raises on ids outside [0, depth) whatever `allow_out_of_range` says (Paddle
3.3.1 and 2.6.2 alike).
"""

from .spec import Case, In

#: fluid VarType numbers by dtype name
VT = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
      "float64": 6, "uint8": 20, "int8": 21, "bfloat16": 22, "complex64": 23,
      "complex128": 24}

DTYPE_GAPS = {"size": {d: "fluid's VarType has no unsigned type but uint8: a legacy program "
                          "cannot hold such a tensor" for d in ("uint16", "uint32", "uint64")}}


def _one(value, dtype: str) -> In:
    return In((1,), dtype, values=[value])


def _eye() -> list[Case]:
    dtypes = ("int32", "int64", "float16", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"eye_{d}", "eye", {}, attrs={"num_rows": 3, "num_columns": 4,
                                                "dtype": VT[d]}) for d in dtypes]
    return [
        *cases,
        Case("eye_api_square", "eye", {}, api="paddle.eye", api_kwargs={"num_rows": 3}),
        Case("eye_tall", "eye", {}, attrs={"num_rows": 4, "num_columns": 2, "dtype": 5}),
        Case("eye_columns_default", "eye", {}, attrs={"num_rows": 2, "dtype": 3}),
        Case("eye_empty", "eye", {}, attrs={"num_rows": 0, "num_columns": 3, "dtype": 5}),
    ]


def _space(op: str, start, stop, num, dtype: str, tag: str, in_dtype: str = "float32",
           base=None, num_dtype: str = "int32", **kw) -> Case:
    inputs = {"Start": _one(start, in_dtype), "Stop": _one(stop, in_dtype),
              "Num": _one(num, num_dtype)}
    if base is not None:
        inputs["Base"] = _one(base, in_dtype)
    return Case(f"{op}_{tag}", op, inputs, attrs={"dtype": VT[dtype]}, **kw)


def _linspace() -> list[Case]:
    return [
        *[_space("linspace", -3.5, 7.9, 7, d, d) for d in ("int32", "int64", "float32",
                                                           "float64")],
        _space("linspace", 0.1, 1.3, 7, "float64", "f64_inputs", in_dtype="float64"),
        _space("linspace", 0.1, 0.7, 13, "float32", "f64_to_f32", in_dtype="float64"),
        _space("linspace", 1, -8, 4, "int64", "int_inputs_down", in_dtype="int64",
               num_dtype="int64"),
        _space("linspace", 2.5, 9.0, 1, "float32", "one"),
        _space("linspace", 2.5, 9.0, 0, "float32", "zero"),
        _space("linspace", -1e30, 1e30, 5, "float32", "huge"),
        _space("linspace", 0.0, 1.0, -1, "float32", "negative", raises="num of linspace"),
        _space("linspace", 0.0, 1.0, 5, "float32", "unit"),
        _space("linspace", 0.0, 1.0, 5, "float32", "num_int64", num_dtype="int64"),
        Case("linspace_0d_inputs", "linspace",
             {"Start": In((), "float64", values=-2.0), "Stop": In((), "float64", values=3.0),
              "Num": In((), "int32", values=6)}, attrs={"dtype": VT["float32"]}),
    ]


def _logspace() -> list[Case]:
    return [
        *[_space("logspace", -1.0, 3.2, 5, d, d, base=2.5) for d in ("int32", "int64",
                                                                      "float32", "float64")],
        _space("logspace", 1.0, -2.0, 5, "int64", "down_base3", base=3.0),
        _space("logspace", 0.0, 3.0, 4, "float64", "base10", in_dtype="float64", base=10.0),
        _space("logspace", 0.5, 2.0, 1, "float32", "one", base=4.0),
        _space("logspace", 0.0, 2.0, 3, "float32", "negative_base", base=-2.0),
        _space("logspace", 0.0, 2.0, 0, "float32", "zero", base=2.0, raises="num of logspace"),
    ]


def _indices(op: str) -> list[Case]:
    rows, cols = ("rows", "cols") if op == "tril_indices" else ("row", "col")
    grid = [(4, 3, 0), (4, 3, -1), (3, 5, 2), (3, 3, -10), (3, 3, 10), (0, 3, 0)]
    cases = [Case(f"{op}_{r}x{c}_offset{o}".replace("-", "m"), op, {},
                  attrs={rows: r, cols: c, "offset": o, "dtype": 3}) for r, c, o in grid]
    return [*cases, Case(f"{op}_int32", op, {}, attrs={rows: 4, cols: 5, "offset": 1,
                                                       "dtype": 2})]


def _one_hot() -> list[Case]:
    return [
        Case("one_hot_v2_int64", "one_hot_v2", {"X": In((2, 1), "int64", values=[[1], [3]])},
             attrs={"depth": 4}),
        Case("one_hot_v2_int32_api", "one_hot_v2", {"X": In((4,), "int32", values=[0, 2, 2, 4])},
             api="paddle.nn.functional.one_hot", api_kwargs={"num_classes": 5}),
        *[Case(f"one_hot_v2_out_{d}", "one_hot_v2",
               {"X": In((3,), "int64", values=[2, 0, 1])}, attrs={"depth": 3, "dtype": VT[d]})
          for d in ("bool", "int32", "int64", "float64")],
        Case("one_hot_v2_0d", "one_hot_v2", {"X": In((), "int64", values=2)},
             attrs={"depth": 4}),
        Case("one_hot_v2_empty", "one_hot_v2", {"X": In((0,), "int64")}, attrs={"depth": 3}),
        Case("one_hot_v2_depth_tensor", "one_hot_v2",
             {"X": In((2,), "int32", values=[1, 3]), "depth_tensor": _one(5, "int32")},
             attrs={"depth": 4}),
        Case("one_hot_v2_depth_tensor_int64", "one_hot_v2",
             {"X": In((2, 2), "int64", values=[[1, 0], [5, 2]]),
              "depth_tensor": _one(6, "int64")}, attrs={"depth": -1}),
        Case("one_hot_v2_too_large", "one_hot_v2", {"X": In((2,), "int64", values=[1, 4])},
             attrs={"depth": 4}, raises="less than"),
        Case("one_hot_v2_out_of_range_allowed", "one_hot_v2",
             {"X": In((2,), "int32", values=[1, 4])},
             attrs={"depth": 4, "allow_out_of_range": True}, raises="less than",
             note="Paddle ignores allow_out_of_range"),
        Case("one_hot_v2_negative", "one_hot_v2", {"X": In((2,), "int64", values=[1, -1])},
             attrs={"depth": 4, "allow_out_of_range": True}, raises="at least 0"),
    ]


def _size() -> list[Case]:
    dtypes = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
              "float32", "float64", "complex64", "complex128")
    cases = [Case(f"size_{d}", "size", {"Input": In((2, 3), d)}) for d in dtypes]
    return [
        *cases,
        Case("size_api", "size", {"Input": In((4, 1, 2), "float32")}, api="paddle.numel"),
        Case("size_0d", "size", {"Input": In((), "float32", values=1.0)}),
        Case("size_empty", "size", {"Input": In((0, 3), "int64")}),
    ]


CASES = [*_eye(), *_linspace(), *_logspace(), *_indices("tril_indices"),
         *_indices("triu_indices"), *_one_hot(), *_size()]
