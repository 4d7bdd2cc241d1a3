"""Interpolation: nearest / bilinear / bicubic / linear / trilinear _interp_v2, and the v1
nearest_interp / bilinear_interp that Paddle 2.x programs carry.

One kernel serves every op: the input rank and `interp_method` pick the resampling. Cases
cover every CPU dtype Paddle registers, align_corners x align_mode, NCHW / NHWC, the size
sources (out_* attributes, `scale`, OutSize, SizeTensor, Scale, and OutSize together with
a scale), edge values (NaN / inf spreading to neighbours, the in == out copy), single
output pixels, downsampling, and the errors Paddle raises at run time.
"""

from .spec import FLOAT_EDGES, FLOATS, HALVES, Case, In

V2_OPS = {"nearest_interp_v2": "nearest", "bilinear_interp_v2": "bilinear",
          "bicubic_interp_v2": "bicubic", "linear_interp_v2": "linear",
          "trilinear_interp_v2": "trilinear"}
#: Paddle's CPU dtypes per op (op_protos.json)
DTYPES = {
    "nearest_interp_v2": (*FLOATS, *HALVES, "uint8", "int32", "int64"),
    "bilinear_interp_v2": (*FLOATS, *HALVES, "uint8"),
    "bicubic_interp_v2": (*FLOATS, *HALVES),
    "linear_interp_v2": (*FLOATS, *HALVES, "uint8"),
    "trilinear_interp_v2": (*FLOATS, *HALVES, "uint8"),
    "nearest_interp": (*FLOATS, *HALVES, "uint8", "int32", "int64"),
    "bilinear_interp": (*FLOATS, *HALVES, "uint8", "int32", "int64"),
}
#: input dims (NCHW-style) and output size attributes per spatial rank
SHAPE = {1: (2, 3, 5), 2: (2, 3, 4, 5), 3: (1, 2, 3, 4, 5)}
OUT = {1: {"out_w": 8}, 2: {"out_h": 7, "out_w": 3}, 3: {"out_d": 5, "out_h": 2, "out_w": 7}}
RANK = {"linear": 1, "bilinear": 2, "bicubic": 2, "nearest": 2, "trilinear": 3}


def _x(dims: tuple[int, ...], dtype: str, edges: bool = False) -> In:
    if dtype in ("uint8", "int32", "int64"):
        return In(dims, dtype, low=0, high=256 if dtype == "uint8" else 1000)
    return In(dims, dtype, special=FLOAT_EDGES if edges else ())


def _channel_last(dims: tuple[int, ...]) -> tuple[int, ...]:
    return (dims[0], *dims[2:], dims[1])


def _case(name: str, op: str, x: In, attrs: dict, **inputs) -> Case:
    return Case(name, op, {"X": x, **inputs}, attrs=attrs)


def _v2_cases(op: str, method: str) -> list[Case]:
    rank = RANK[method]
    dims, out = SHAPE[rank], OUT[rank]
    base = {"interp_method": method, **out}
    cases = [_case(f"{op}_{dtype}", op, _x(dims, dtype), {**base, "align_corners": False})
             for dtype in DTYPES[op]]
    for corners in (False, True):
        for mode in (0, 1):
            tag = f"ac{int(corners)}_am{mode}_float64"
            cases.append(_case(f"{op}_{tag}", op, _x(dims, "float64"), {
                **base, "align_corners": corners, "align_mode": mode}))
    scale = [1.7, 0.6, 2.5][:rank] if rank > 1 else [1.7]
    cases += [
        _case(f"{op}_nhwc_float32", op, _x(_channel_last(dims), "float32"),
              {**base, "align_corners": False, "align_mode": 0, "data_layout": "NHWC"}),
        _case(f"{op}_nhwc_ac1_float64", op, _x(_channel_last(dims), "float64"),
              {**base, "align_corners": True, "data_layout": "NHWC"}),
        _case(f"{op}_scale_float64", op, _x(dims, "float64"),
              {"interp_method": method, "scale": scale, "align_corners": False,
               "align_mode": 0}),
        _case(f"{op}_edges_float32", op, _x(dims, "float32", edges=True),
              {**base, "align_corners": False}),
        _case(f"{op}_same_size_edges_float32", op, _x(dims, "float32", edges=True),
              {"interp_method": method, **dict(zip(out, dims[2:]))}),
        _case(f"{op}_outsize_float32", op, _x(dims, "float32"),
              {"interp_method": method, "align_corners": False},
              OutSize=In((rank,), "int32", values=[6, 4, 9][:rank])),
        # OutSize sets the dims, the scale still sets the source step (1 / scale)
        _case(f"{op}_outsize_and_scale_float32", op, _x(dims, "float32"),
              {"interp_method": method, "scale": scale, "align_corners": False},
              OutSize=In((rank,), "int32",
                         values=[max(1, int(d * s) - 1) for d, s in zip(dims[2:], scale)])),
        _case(f"{op}_sizetensor_float32", op, _x(dims, "float32"),
              {**base, "align_corners": False},
              SizeTensor=[In((1,), "int32", values=[v]) for v in [3, 9, 6][:rank]]),
        _case(f"{op}_scaletensor_float32", op, _x(dims, "float32"),
              {**base, "align_corners": False, "align_mode": 0},
              Scale=In((1,), "float32", values=[1.5])),
        _case(f"{op}_one_pixel_float32", op, _x(dims, "float32"),
              {"interp_method": method, "align_corners": False,
               **dict.fromkeys(out, 1)}),
        Case(f"{op}_outsize_int64_raises", op,
             {"X": _x(dims, "float32"), "OutSize": In((rank,), "int64", values=[4] * rank)},
             attrs={"interp_method": method}, raises="int32"),
        Case(f"{op}_zero_size_raises", op, {"X": _x(dims, "float32")},
             attrs={"interp_method": method}, raises="greater than 0"),
    ]
    if rank > 1:
        cases.append(_case(f"{op}_scaletensor_per_axis_float32", op, _x(dims, "float32"),
                           {"interp_method": method, "align_corners": False},
                           Scale=In((rank,), "float32", values=[0.5, 2.0, 1.5][:rank])))
    return cases


CASES = [
    *[c for op, method in V2_OPS.items() for c in _v2_cases(op, method)],
    # nearest on 5-D inputs; bilinear_interp_v2 runs whatever interp_method says
    *[_case(f"nearest_interp_v2_5d_ac{int(c)}_{dtype}", "nearest_interp_v2",
            _x(SHAPE[3], dtype), {"interp_method": "nearest", "align_corners": c, **OUT[3]})
      for c in (False, True) for dtype in ("float32", "int64")],
    _case("bilinear_interp_v2_method_nearest_float32", "bilinear_interp_v2",
          _x(SHAPE[2], "float32"), {"interp_method": "nearest", **OUT[2]}),
    _case("bilinear_interp_v2_5d_trilinear_float32", "bilinear_interp_v2",
          _x(SHAPE[3], "float32"), {"interp_method": "trilinear", **OUT[3]}),
    # Paddle tests `layout == NCHW`: any other layout string runs channel-last
    _case("trilinear_interp_v2_ncdhw_string_float32", "trilinear_interp_v2",
          _x(_channel_last(SHAPE[3]), "float32"),
          {"interp_method": "trilinear", "data_layout": "NCDHW", **OUT[3]}),
    _case("bicubic_interp_v2_down_ac1_float64", "bicubic_interp_v2", _x((1, 2, 9, 8), "float64"),
          {"interp_method": "bicubic", "out_h": 4, "out_w": 3}),
    _case("bilinear_interp_v2_empty_batch_float32", "bilinear_interp_v2",
          _x((0, 3, 4, 5), "float32"), {"interp_method": "bilinear", **OUT[2]}),
    _case("bilinear_interp_v2_down_am0_uint8", "bilinear_interp_v2", _x((1, 2, 9, 8), "uint8"),
          {"interp_method": "bilinear", "out_h": 4, "out_w": 3, "align_corners": False,
           "align_mode": 0}),
    # v1: a scalar `scale` (Paddle 3.x steps sources by 1 / scale, as v2 does)
    *[_case(f"{op}_{dtype}", op, _x(SHAPE[2], dtype),
            {"interp_method": op.split("_")[0], **OUT[2]})
      for op in ("nearest_interp", "bilinear_interp") for dtype in DTYPES[op]],
    *[_case(f"{op}_scale_ac0_am{mode}_float32", op, _x(SHAPE[2], "float32"),
            {"interp_method": op.split("_")[0], "scale": 1.5, "align_corners": False,
             "align_mode": mode})
      for op in ("nearest_interp", "bilinear_interp") for mode in (0, 1)],
    _case("nearest_interp_5d_scale_float32", "nearest_interp", _x(SHAPE[3], "float32"),
          {"interp_method": "nearest", "scale": 1.5}),
    _case("bilinear_interp_nhwc_outsize_float64", "bilinear_interp",
          _x(_channel_last(SHAPE[2]), "float64"),
          {"interp_method": "bilinear", "data_layout": "NHWC", "align_corners": False},
          OutSize=In((2,), "int32", values=[5, 8])),
    _case("bilinear_interp_method_nearest_float32", "bilinear_interp", _x(SHAPE[2], "float32"),
          {"interp_method": "nearest", "out_h": 6, "out_w": 7}),
]


# -- interp_antialias ----------------------------------------------------------------------
# bilinear / bicubic with Pillow's anti-aliasing filter (4-D only): every CPU dtype
# (uint8 through int16 weights), downscaling (the filter widens) and upscaling,
# align_corners, NHWC, each size source, the in == out copy, NaN / inf spreading over the
# filter's span. "nearest" leaves Paddle's output unwritten and a one-value `scale` makes
# its InferMeta read past the list while building the program (no fixtures; both refused).

_AA_X = (2, 3, 9, 10)


def _aa(name: str, method: str = "bilinear", dtype: str = "float32",
        x: In | None = None, inputs: dict | None = None, **attrs: object) -> Case:
    attrs = {"out_h": 4, "out_w": 3, "interp_method": method, **attrs}
    return Case(f"interp_antialias_{method}_{name}", "interp_antialias",
                {"x": x or _x(_AA_X, dtype), **(inputs or {})}, attrs=attrs)


CASES += [
    *[_aa(d, m, d) for m in ("bilinear", "bicubic")
      for d in (*FLOATS, *HALVES, "uint8")],
    *[_aa(f"align_corners_{d}", m, d, align_corners=True) for m in ("bilinear", "bicubic")
      for d in ("float32", "uint8")],
    *[_aa("not_aligned", m, align_corners=False) for m in ("bilinear", "bicubic")],
    *[_aa("upscale", m, "float64", out_h=13, out_w=17, align_corners=False)
      for m in ("bilinear", "bicubic")],
    _aa("mixed_scale_uint8", "bicubic", "uint8", out_h=16, out_w=4, align_corners=False),
    _aa("nhwc", "bicubic", x=_x(_channel_last(_AA_X), "float32"), data_format="NHWC"),
    _aa("nhwc_uint8", "bilinear", x=_x(_channel_last(_AA_X), "uint8"), data_format="NHWC",
        align_corners=False),
    _aa("out_size", "bilinear", inputs={"out_size": In((2,), "int32", values=[5, 2])}),
    _aa("size_tensor", "bicubic", align_corners=False,
        inputs={"size_tensor": [In((1,), "int32", values=[3]), In((1,), "int32", values=[6])]}),
    _aa("scale_tensor", "bilinear", align_corners=False,
        inputs={"scale_tensor": In((2,), "float32", values=[0.5, 0.35])}),
    _aa("scale_attr", "bicubic", align_corners=False, scale=[0.45, 0.6]),
    _aa("same_size", "bicubic", x=_x((1, 2, 4, 3), "float32", edges=True)),
    _aa("edges", "bilinear", x=_x((1, 2, 6, 8), "float32", edges=True), out_h=3, out_w=3,
        align_corners=False),
    Case("interp_antialias_out_h_zero", "interp_antialias", {"x": _x(_AA_X, "float32")},
         attrs={"out_h": 0, "out_w": 3, "interp_method": "bilinear"},
         raises="should be greater than 0"),
]
