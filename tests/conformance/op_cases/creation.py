"""Creation and in-place writing ops: set_value (slice assignment), fill_constant_batch_size_like.

set_value: Out is Input with Input[starts:ends:steps] (per axis of `axes`, Python slice
semantics: negative bounds count from the end, bounds out of range are clamped, an empty
range writes nothing, a negative step walks backwards) replaced by the value: ValueTensor
(Input's dtype; another dtype raises), else `values` (Scalars, converted to Input's type:
integers truncate) in `shape`. The value broadcasts to the slice's dims with the
`decrease_axes` removed and a 1 inserted at each of `none_axes`, its leading 1s ignored.
Bounds may come from StartsTensorList / EndsTensorList / StepsTensorList (1-element int
tensors). A step of 0, an axis >= rank and a value that does not broadcast raise.

fill_constant_batch_size_like: a tensor of `shape` with dim `output_dim_idx` replaced by
Input's dim `input_dim_idx`, filled with `value` (`str_value` when non-empty) in `dtype`.

Creation: eye, linspace, logspace, tril_indices, triu_indices, one_hot_v2, size.

`dtype` attributes are fluid VarType numbers (2 int32, 3 int64, 4 float16, 5 float32,
6 float64, 0 bool, 23 / 24 complex). linspace / logspace cast Start / Stop (/ Base) to the
output type first and step in double; the lower half counts up from Start, the upper half
down from Stop; integer results truncate. Their length is Num's value (data-dependent).
one_hot_v2 raises on ids outside [0, depth) whatever `allow_out_of_range` says (Paddle
3.3.1 and 2.6.2 alike).
"""

from .spec import INF, NAN, Case, In

#: fluid VarType numbers by dtype name
VT = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
      "float64": 6, "uint8": 20, "int8": 21, "bfloat16": 22, "complex64": 23,
      "complex128": 24}

_SET_VALUE_TYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
                    "float32", "float64", "complex64", "complex128")
_END = 2147483647
_DTYPE_ATTR = ("bool", "int32", "int64", "float16", "bfloat16", "float32", "float64",
               "complex64", "complex128")


def _sv(tag: str, x: In, axes, starts, ends, steps, *, value: In | None = None,
        values=None, shape=None, bounds=None, **attrs) -> Case:
    inputs = {"Input": x}
    if value is not None:
        inputs["ValueTensor"] = value
    for slot, items in (bounds or {}).items():
        inputs[slot] = [In((1,), dtype, values=[v]) for v, dtype in items]
    full = {"axes": axes, "starts": starts, "ends": ends, "steps": steps, **attrs}
    if x.dtype in _DTYPE_ATTR:  # Paddle's checker allows only these; Input's type decides
        full["dtype"] = VT[x.dtype]
    if values is not None:
        full.update(values=values, shape=shape or [1])
    raises = full.pop("raises", None)
    return Case(f"set_value_{tag}", "set_value", inputs, attrs=full, raises=raises)


def _set_value() -> list[Case]:
    return [
        *(_sv(f"scalar_{d}", In((3, 4), d), [1], [1], [3], [1], values=[1])
          for d in _SET_VALUE_TYPES),
        *(_sv(f"tensor_{d}", In((3, 4), d), [0, 1], [0, 0], [2, _END], [1, 2],
              value=In((2, 2), d)) for d in _SET_VALUE_TYPES),
        _sv("edges_nan_f32", In((5,), "float32"), [0], [0], [2], [1], values=[NAN]),
        _sv("edges_inf_f64", In((5,), "float64"), [0], [1], [5], [2], values=[-INF]),
        _sv("edges_neg_zero", In((5,), "float32"), [0], [0], [5], [1], values=[-0.0]),
        _sv("x_edges_kept", In((7,), "float32", values=[NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0]),
            [0], [5], [6], [1], values=[2.5]),
        _sv("int_truncates", In((4,), "int32"), [0], [0], [2], [1], values=[-2.7]),
        _sv("int64_big", In((3,), "int64"), [0], [1], [3], [1], values=[2 ** 40 + 3]),
        _sv("values_shape", In((3, 2), "float64"), [0], [0], [3], [1], values=[1.5, -2.0],
            shape=[2]),
        _sv("values_shape_2d", In((2, 3, 2), "float32"), [1], [0], [3], [2],
            values=[1.0, 2.0, 3.0, 4.0], shape=[2, 1, 2]),
        _sv("negative_bounds", In((3, 5), "float32"), [1], [-4], [-1], [1], values=[9.0]),
        _sv("clamped_bounds", In((3, 5), "float32"), [0, 1], [-10, 2], [10, 100], [1, 1],
            values=[9.0]),
        _sv("empty_range", In((3, 5), "float32"), [1], [4], [1], [1], values=[9.0]),
        _sv("negative_step", In((3, 6), "float32"), [1], [5], [0], [-2],
            value=In((3, 3), "float32")),
        _sv("negative_step_through_0", In((6,), "int64"), [0], [4], [-100], [-3],
            value=In((2,), "int64", values=[11, 22])),
        _sv("negative_step_end_minus1", In((4,), "float32"), [0], [3], [-1], [-1],
            values=[9.0]),
        _sv("decrease", In((3, 4), "float32"), [0], [1], [2], [1], decrease_axes=[0],
            value=In((4,), "float32")),
        _sv("decrease_two", In((3, 4, 2), "float64"), [0, 2], [2, 1], [3, 2], [1, 1],
            decrease_axes=[0, 2], value=In((4,), "float64")),
        _sv("none_axes", In((3, 4), "float32"), [0], [1], [2], [1], decrease_axes=[0],
            none_axes=[0], value=In((1, 4), "float32")),
        _sv("none_axes_middle", In((2, 3), "float32"), [0], [0], [2], [1], none_axes=[1],
            value=In((2, 1, 3), "float32")),
        _sv("broadcast_rows", In((4, 3), "float32"), [0], [1], [4], [1],
            value=In((1, 3), "float32")),
        _sv("broadcast_leading_ones", In((4, 3), "float32"), [0], [0], [2], [1],
            value=In((1, 1, 2, 3), "float32")),
        _sv("value_0d", In((2, 3), "float32"), [1], [0], [3], [2], value=In((), "float32")),
        _sv("x_0d", In((), "float32"), [], [], [], [], values=[5.0]),
        _sv("x_empty", In((0, 3), "float32"), [0], [0], [1], [1], values=[5.0]),
        _sv("bounds_tensors_int64", In((4, 5), "float32"), [0, 1], [], [], [],
            bounds={"StartsTensorList": [(1, "int64"), (-1, "int64")],
                    "EndsTensorList": [(3, "int64"), (-5, "int64")],
                    "StepsTensorList": [(1, "int64"), (-2, "int64")]},
            value=In((2, 2), "float32")),
        _sv("bounds_tensors_int32", In((4, 5), "int32"), [1], [0], [5], [1],
            bounds={"StartsTensorList": [(2, "int32")]}, values=[-7]),
        _sv("step_zero", In((4,), "float32"), [0], [0], [4], [0], values=[1.0],
            raises="Step should not be 0"),
        _sv("axis_out_of_range", In((4,), "float32"), [1], [0], [4], [1], values=[1.0],
            raises="axis value should be less than the rank"),
        _sv("value_mismatch", In((3, 4), "float32"), [1], [0], [4], [1],
            value=In((3, 3), "float32"), raises="must match the shape of target shape"),
        _sv("values_mismatch", In((3, 4), "float32"), [1], [0], [4], [1],
            values=[1.0, 2.0], shape=[2], raises="must match the shape of target shape"),
        _sv("value_dtype_mismatch", In((3, 4), "float32"), [1], [0], [2], [1],
            value=In((3, 1), "float64"), raises="float64"),
    ]


def _fcbsl(tag: str, x: In, shape, **attrs) -> Case:
    raises = attrs.pop("raises", None)
    return Case(f"fill_constant_batch_size_like_{tag}", "fill_constant_batch_size_like",
                {"Input": x}, attrs={"shape": shape, **attrs}, raises=raises)


def _fill_constant_batch_size_like() -> list[Case]:
    return [
        *(_fcbsl(d, In((3, 2), "float32"), [-1, 4], dtype=VT[d], value=2.75)
          for d in ("int32", "int64", "float32", "float64")),
        _fcbsl("bool", In((3, 2), "float32"), [-1, 4], dtype=0, value=1.0),
        _fcbsl("default_value", In((2,), "int64"), [-1, 3]),
        _fcbsl("negative_value_int32", In((2, 5), "float64"), [7, 1], value=-3.9, dtype=2,
               input_dim_idx=1),
        _fcbsl("output_dim_idx", In((4, 2), "float32"), [2, 9, 3], value=1.5,
               output_dim_idx=1),
        _fcbsl("both_idx", In((2, 6, 5), "int32"), [1, 1, 2, 1], value=7.0, dtype=3,
               input_dim_idx=2, output_dim_idx=3),
        _fcbsl("str_value_int64", In((2, 2), "float32"), [-1, 2], dtype=3,
               str_value="123456789012", value=1.0),
        _fcbsl("str_value_inf", In((3,), "float32"), [-1], dtype=6, str_value="-inf"),
        _fcbsl("str_value_nan", In((3,), "float32"), [-1], str_value="nan"),
        _fcbsl("empty_batch", In((0, 3), "float32"), [-1, 3], value=4.0),
        _fcbsl("bool_value_half", In((2,), "float32"), [-1], dtype=0, value=0.5),
        _fcbsl("bool_out_of_range", In((2,), "float32"), [-1], dtype=0, value=2.75,
               raises="out of range for"),
        _fcbsl("int32_out_of_range", In((2,), "float32"), [-1], dtype=2, str_value="3e9",
               raises="out of range for"),
    ]


_FILL_TYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
               "float32", "float64", "complex64", "complex128")


def _fill_any() -> list[Case]:
    def case(tag: str, x: In, value: float, raises: str | None = None) -> Case:
        return Case(f"fill_any_{tag}", "fill_any", {"X": x}, attrs={"value": value},
                    raises=raises)

    return [
        *(case(d, In((3, 4), d), 2.5) for d in _FILL_TYPES),
        case("negative_int8", In((2, 2), "int8"), -3.75),
        case("nan_float32", In((2, 2), "float32"), NAN, raises="should not be NaN"),
        case("inf_float64", In((2,), "float64"), -INF),
        case("nan_int32", In((2,), "int32"), NAN, raises="should not be NaN"),
        case("big_int64", In((2,), "int64"), 1e12),
        case("int8_out_of_range", In((2,), "int8"), 300.0),
        case("bool_zero", In((2,), "bool"), 0.0),
        case("0d", In((), "float32"), 7.0),
        case("empty", In((0, 4), "float32"), 7.0),
    ]


def _fill_diagonal() -> list[Case]:
    def case(tag: str, x: In, raises: str | None = None, **attrs) -> Case:
        return Case(f"fill_diagonal_{tag}", "fill_diagonal", {"X": x}, attrs=attrs,
                    raises=raises)

    return [
        *(case(d, In((3, 4), d), value=2.5) for d in ("bool", "int32", "int64", "float16",
                                                       "float32", "float64")),
        case("tall", In((6, 3), "float32"), value=-1.0),
        case("tall_wrap", In((7, 3), "float32"), value=-1.0, wrap=True),
        case("tall_wrap_int64", In((9, 2), "int64"), value=5.0, wrap=True),
        case("offset_1", In((4, 4), "float32"), value=9.0, offset=1),
        case("offset_minus_2", In((4, 5), "float64"), value=9.0, offset=-2),
        case("offset_wide", In((3, 6), "float32"), value=9.0, offset=3),
        case("offset_tall_wrap", In((7, 3), "float32"), value=9.0, offset=1, wrap=True),
        case("cube", In((3, 3, 3), "float32"), value=7.0),
        case("int_truncates", In((3, 3), "int32"), value=-2.9),
        case("nan", In((3, 3), "float32"), value=NAN),
        case("empty", In((0, 3), "float32"), value=1.0),
    ]


_FDT_TYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32",
              "float64", "complex64", "complex128")


def _fill_diagonal_tensor() -> list[Case]:
    def case(tag: str, x: In, y: In, raises: str | None = None, **attrs) -> Case:
        return Case(f"fill_diagonal_tensor_{tag}", "fill_diagonal_tensor", {"X": x, "Y": y},
                    attrs=attrs, raises=raises)

    return [
        *(case(d, In((3, 4), d), In((3,), d)) for d in _FDT_TYPES),
        case("offset_1", In((3, 4), "float32"), In((3,), "float32"), offset=1),
        case("offset_2", In((3, 4), "float32"), In((2,), "float32"), offset=2),
        case("offset_minus_1", In((3, 4), "float64"), In((2,), "float64"), offset=-1),
        case("batched", In((2, 3, 3), "float32"), In((2, 3), "float32"), dim1=1, dim2=2),
        case("dims_0_2", In((3, 2, 4), "int64"), In((2, 3), "int64"), dim1=0, dim2=2),
        case("dims_swapped", In((3, 4), "float32"), In((3,), "float32"), dim1=1, dim2=0),
        case("y_mismatch", In((3, 4), "float32"), In((4,), "float32"),
             raises="dims should be 1 x 3"),
    ]


_SHAPE64_TYPES = ("bool", "uint8", "int8", "int32", "int64", "float16", "bfloat16", "float32",
                  "float64", "complex64", "complex128")
_SHARE_TYPES = ("bool", "uint8", "int8", "int32", "int64", "float16", "float32", "float64")


def _small_ops() -> list[Case]:
    return [
        *(Case(f"shape64_{d}", "shape64", {"input": In((2, 3, 4), d)})
          for d in _SHAPE64_TYPES),
        Case("shape64_0d", "shape64", {"input": In((), "float32")}),
        Case("shape64_empty", "shape64", {"input": In((0, 5), "float32")}),
        *(Case(f"share_data_{d}", "share_data", {"X": In((3, 4), d)}) for d in _SHARE_TYPES),
        Case("share_data_0d", "share_data", {"X": In((), "float32")}),
        Case("share_data_empty", "share_data", {"X": In((0, 2), "int64")}),
        # empty leaves its memory unwritten: only zero-size results have values to compare
        *(Case(f"empty_{d}", "empty", {}, attrs={"shape": [0, 3], "dtype": VT[d]})
          for d in ("bool", "int64", "float32", "float64", "complex64")),
        Case("empty_shape_tensor", "empty", {"ShapeTensor": In((3,), "int64",
                                                               values=[2, 0, 4])}),
        Case("empty_shape_tensor_list", "empty",
             {"ShapeTensorList": [In((1,), "int32", values=[0]), In((1,), "int64", values=[7])]},
             attrs={"dtype": VT["int32"]}),
    ]


CASES = [
    *_small_ops(),
    *_fill_diagonal(),
    *_fill_diagonal_tensor(),
    *_set_value(),
    *_fill_constant_batch_size_like(),
    *_fill_any(),
]


#: fluid VarType numbers by dtype name


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


CASES += [*_eye(), *_linspace(), *_logspace(), *_indices("tril_indices"),
         *_indices("triu_indices"), *_one_hot(), *_size()]
