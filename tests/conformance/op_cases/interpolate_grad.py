"""Grads of the *_interp ops (forward cases in interpolate.py): every v2 op over
align_corners x align_mode, NHWC, each size source (out_* attributes, `scale`, OutSize,
SizeTensor, Scale, OutSize with a scale), down- and upsampling, a single output pixel and
the in == out pass-through; every CPU dtype of the grad kernels (float32, float64, float16,
bfloat16); nearest on 5-D inputs; the v1 nearest_interp / bilinear_interp (one `scale`).
"""

from .spec import HALVES, Case, GradCase, In

V2_OPS = {"nearest_interp_v2": "nearest", "bilinear_interp_v2": "bilinear",
          "bicubic_interp_v2": "bicubic", "linear_interp_v2": "linear",
          "trilinear_interp_v2": "trilinear"}
#: input dims (NCHW-style) and output size attributes per spatial rank
SHAPE = {1: (2, 3, 5), 2: (2, 3, 4, 5), 3: (1, 2, 3, 4, 5)}
OUT = {1: {"out_w": 8}, 2: {"out_h": 7, "out_w": 3}, 3: {"out_d": 5, "out_h": 2, "out_w": 7}}
RANK = {"linear": 1, "bilinear": 2, "bicubic": 2, "nearest": 2, "trilinear": 3}


def _channel_last(dims: tuple[int, ...]) -> tuple[int, ...]:
    return (dims[0], *dims[2:], dims[1])


def _grad(name: str, op: str, dims: tuple[int, ...], dtype: str, attrs: dict,
          **inputs: object) -> GradCase:
    return GradCase(Case(name, op, {"X": In(dims, dtype), **inputs}, attrs=attrs), ("X",))


def _v2_cases(op: str, method: str) -> list[GradCase]:
    rank = RANK[method]
    dims, out = SHAPE[rank], OUT[rank]
    base = {"interp_method": method, **out}
    modes = ((False, 0), (False, 1), (True, 1)) if method not in ("nearest", "bicubic") \
        else ((False, 1), (True, 1))
    cases = [_grad(f"{op}_ac{int(c)}_am{m}_float32", op, dims, "float32",
                   {**base, "align_corners": c, "align_mode": m}) for c, m in modes]
    scale = [1.7, 0.6, 2.5][:rank] if rank > 1 else [1.7]
    cases += [
        *[_grad(f"{op}_{dtype}", op, dims, dtype, {**base, "align_corners": False})
          for dtype in ("float64", *HALVES)],
        _grad(f"{op}_nhwc_float32", op, _channel_last(dims), "float32",
              {**base, "align_corners": False, "align_mode": 0, "data_layout": "NHWC"}),
        _grad(f"{op}_scale_float64", op, dims, "float64",
              {"interp_method": method, "scale": scale, "align_corners": False,
               "align_mode": 0}),
        _grad(f"{op}_down_float32", op, (1, 2, 9, 8, 7)[:rank + 2], "float32",
              {"interp_method": method, **dict(zip(out, (4, 3, 2)))}),
        _grad(f"{op}_same_size_float32", op, dims, "float32",
              {"interp_method": method, **dict(zip(out, dims[2:]))}),
        _grad(f"{op}_outsize_float32", op, dims, "float32",
              {"interp_method": method, "align_corners": False},
              OutSize=In((rank,), "int32", values=[6, 4, 9][:rank])),
        _grad(f"{op}_outsize_and_scale_float32", op, dims, "float32",
              {"interp_method": method, "scale": scale, "align_corners": False},
              OutSize=In((rank,), "int32",
                         values=[max(1, int(d * s) - 1) for d, s in zip(dims[2:], scale)])),
        _grad(f"{op}_sizetensor_float32", op, dims, "float32",
              {**base, "align_corners": False},
              SizeTensor=[In((1,), "int32", values=[v]) for v in [3, 9, 6][:rank]]),
        _grad(f"{op}_scaletensor_float32", op, dims, "float32",
              {**base, "align_corners": False, "align_mode": 0},
              Scale=In((1,), "float32", values=[1.5])),
        _grad(f"{op}_one_pixel_float32", op, dims, "float32",
              {"interp_method": method, "align_corners": False, **dict.fromkeys(out, 1)}),
    ]
    return cases


GRAD_CASES = [
    *[c for op, method in V2_OPS.items() for c in _v2_cases(op, method)],
    *[_grad(f"nearest_interp_v2_5d_ac{int(c)}_float32", "nearest_interp_v2", SHAPE[3],
            "float32", {"interp_method": "nearest", "align_corners": c, **OUT[3]})
      for c in (False, True)],
    _grad("bilinear_interp_v2_method_nearest_float32", "bilinear_interp_v2", SHAPE[2],
          "float32", {"interp_method": "nearest", **OUT[2]}),
    _grad("bilinear_interp_v2_empty_batch_float32", "bilinear_interp_v2", (0, 3, 4, 5),
          "float32", {"interp_method": "bilinear", **OUT[2]}),
    # v1: a scalar `scale`
    *[_grad(f"{op}_{dtype}", op, SHAPE[2], dtype, {"interp_method": op.split("_")[0], **OUT[2]})
      for op in ("nearest_interp", "bilinear_interp")
      for dtype in ("float32", "float64", *HALVES)],
    *[_grad(f"{op}_scale_ac0_am{mode}_float32", op, SHAPE[2], "float32",
            {"interp_method": op.split("_")[0], "scale": 1.5, "align_corners": False,
             "align_mode": mode})
      for op in ("nearest_interp", "bilinear_interp") for mode in (0, 1)],
    _grad("nearest_interp_5d_scale_float32", "nearest_interp", SHAPE[3], "float32",
          {"interp_method": "nearest", "scale": 1.5}),
    _grad("bilinear_interp_nhwc_outsize_float64", "bilinear_interp", _channel_last(SHAPE[2]),
          "float64", {"interp_method": "bilinear", "data_layout": "NHWC",
                      "align_corners": False},
          OutSize=In((2,), "int32", values=[5, 8])),
]


# -- interp_antialias (4-D bilinear / bicubic with the anti-aliasing filter; slots
# lower-case) ---------------------------------------------------------------------------------
_AA_X = (2, 3, 9, 10)


def _aa(name: str, method: str = "bilinear", dtype: str = "float32",
        dims: tuple[int, ...] = _AA_X, inputs: dict | None = None, **attrs: object) -> GradCase:
    attrs = {"out_h": 4, "out_w": 3, "interp_method": method, **attrs}
    return GradCase(Case(f"interp_antialias_{method}_{name}", "interp_antialias",
                         {"x": In(dims, dtype), **(inputs or {})}, attrs=attrs), ("x",))


GRAD_CASES += [
    *[_aa(d, m, d) for m in ("bilinear", "bicubic") for d in ("float32", "float64", *HALVES)],
    *[_aa("not_aligned", m, align_corners=False) for m in ("bilinear", "bicubic")],
    *[_aa("upscale", m, "float64", out_h=13, out_w=17, align_corners=False)
      for m in ("bilinear", "bicubic")],
    _aa("nhwc", "bicubic", dims=_channel_last(_AA_X), data_format="NHWC"),
    _aa("out_size", "bilinear", inputs={"out_size": In((2,), "int32", values=[5, 2])}),
    _aa("size_tensor", "bicubic", align_corners=False,
        inputs={"size_tensor": [In((1,), "int32", values=[3]), In((1,), "int32", values=[6])]}),
    _aa("scale_tensor", "bilinear", align_corners=False,
        inputs={"scale_tensor": In((2,), "float32", values=[0.5, 0.35])}),
    _aa("scale_attr", "bicubic", align_corners=False, scale=[0.45, 0.6]),
    _aa("same_size", "bicubic", dims=(1, 2, 4, 3)),
]
