"""conv family beyond conv2d: deformable_conv (Offset and Mask) and deformable_conv_v1
(Offset only): groups, deformable_groups, strides, paddings, dilations, im2col_step,
samples on and beyond the image border (a sample outside (-1, H) x (-1, W) is 0), exact
integer offsets, NaN / inf in Input and Offset, empty batches."""

from __future__ import annotations

from .spec import FLOAT_EDGES, FLOATS, INF, NAN, Case, In


def _out(size: int, k: int, stride: int, pad: int, dilation: int) -> int:
    return (size + 2 * pad - (dilation * (k - 1) + 1)) // stride + 1


def _dcn(op: str, tag: str, x: tuple[int, ...], w: tuple[int, ...], *, dtype: str = "float32",
         attrs: dict | None = None, offset: In | None = None, mask: In | None = None,
         x_in: In | None = None) -> Case:
    attrs = attrs or {}
    (sh, sw), (ph, pw), (dh, dw) = (attrs.get(k, [d, d]) for k, d in
                                    (("strides", 1), ("paddings", 0), ("dilations", 1)))
    dg, taps = attrs.get("deformable_groups", 1), w[2] * w[3]
    oh, ow = _out(x[2], w[2], sh, ph, dh), _out(x[3], w[3], sw, pw, dw)
    inputs = {"Input": x_in or In(x, dtype, -2.0, 2.0),
              "Offset": offset or In((x[0], 2 * dg * taps, oh, ow), dtype, -1.5, 1.5),
              "Filter": In(w, dtype, -0.5, 0.5)}
    if op == "deformable_conv":
        inputs["Mask"] = mask or In((x[0], dg * taps, oh, ow), dtype, 0.0, 1.0)
    return Case(f"{op}_{tag}_{dtype}", op, inputs, attrs=attrs)


_X, _W = (2, 4, 5, 6), (6, 4, 3, 3)
_BORDER = (-1.0, 1.0, -2.0, 0.5, -0.5, 2.0, -1.5, 3.0, -3.0, 4.5, -4.5, 0.0)


def _family(op: str) -> list[Case]:
    return [
        *(_dcn(op, "basic", _X, _W, dtype=dt) for dt in FLOATS),
        *(_dcn(op, "groups2_dg2_pad1", _X, (6, 2, 3, 3), dtype=dt,
               attrs={"groups": 2, "deformable_groups": 2, "paddings": [1, 1]})
          for dt in FLOATS),
        _dcn(op, "strides_dilations", (1, 2, 7, 8), (3, 2, 2, 3),
             attrs={"strides": [2, 1], "dilations": [2, 2], "paddings": [1, 2]}),
        _dcn(op, "dg4_kernel1", (2, 4, 3, 3), (4, 4, 1, 1), attrs={"deformable_groups": 4}),
        _dcn(op, "beyond_border", (1, 2, 4, 4), (2, 2, 2, 2), dtype="float64",
             offset=In((1, 8, 3, 3), "float64", -6.0, 6.0, special=_BORDER)),
        _dcn(op, "integer_offsets", (1, 3, 4, 5), (2, 3, 3, 3), attrs={"paddings": [1, 1]},
             offset=In((1, 18, 4, 5), "float32", values=[
                 [[[float((i + j + c) % 5 - 2) for j in range(5)] for i in range(4)]
                  for c in range(18)]])),
        _dcn(op, "input_edges", (1, 2, 4, 4), (2, 2, 2, 2),
             x_in=In((1, 2, 4, 4), "float32", special=FLOAT_EDGES)),
        _dcn(op, "offset_nan_inf", (1, 2, 4, 4), (2, 2, 2, 2),
             offset=In((1, 8, 3, 3), "float32", special=(NAN, INF, -INF, -0.0))),
        _dcn(op, "im2col_step1", (3, 2, 4, 4), (2, 2, 3, 3), attrs={"im2col_step": 1}),
        _dcn(op, "im2col_step2", (4, 2, 4, 4), (2, 2, 3, 3), attrs={"im2col_step": 2}),
        _dcn(op, "empty_batch", (0, 2, 4, 4), (2, 2, 3, 3)),
    ]


CASES = [
    *_family("deformable_conv"),
    _dcn("deformable_conv", "mask_edges", (1, 2, 4, 4), (2, 2, 2, 2),
         mask=In((1, 4, 3, 3), "float32", -1.0, 2.0, special=(NAN, INF, 0.0, -0.0))),
    *_family("deformable_conv_v1"),
]
