"""Grads of conv2d_transpose, depthwise_conv2d_transpose and conv3d_transpose: strides,
paddings (2 / 3 and 4 / 6 values, SAME, VALID), dilations, groups, output_padding,
output_size, channel-first and NHWC; float32 throughout, float64 for one case of each op;
the 2-D ops on a 5-D Input and conv3d_transpose on a 4-D one (an empty batch too), as Paddle
3.3.1 takes them."""

from .spec import Case, GradCase, In

#: tag -> (Input dims, Filter dims [in, out / groups, kh, kw], attrs)
_CONV_T = {
    "pad1": ((2, 3, 4, 4), (3, 2, 3, 3), {"paddings": [1, 1]}),
    "stride2_outpad": ((1, 2, 3, 4), (2, 3, 3, 3),
                       {"strides": [2, 2], "paddings": [1, 1], "output_padding": [1, 0]}),
    "groups_dilation": ((1, 4, 4, 3), (4, 2, 3, 2),
                        {"groups": 2, "dilations": [2, 1], "paddings": [1, 2, 0, 1]}),
    "outsize": ((1, 2, 3, 3), (2, 2, 3, 3), {"strides": [2, 2], "output_size": [8, 7]}),
    "same": ((1, 3, 3, 4), (3, 2, 3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    "valid": ((1, 2, 3, 3), (2, 3, 2, 2), {"padding_algorithm": "VALID", "dilations": [2, 2]}),
    "nhwc": ((2, 3, 4, 2), (2, 3, 3, 3), {"paddings": [1, 1], "data_format": "NHWC"}),
}
_DEPTHWISE_T = {
    "pad1": ((2, 3, 4, 4), (3, 1, 3, 3), {"groups": 3, "paddings": [1, 1]}),
    "stride2": ((1, 2, 3, 3), (2, 1, 3, 3), {"groups": 2, "strides": [2, 2]}),
}


def _conv_t(op: str, tag: str, x: tuple, w: tuple, attrs: dict, dtype: str) -> GradCase:
    return GradCase(Case(f"{op}_{tag}_{dtype}", op,
                         {"Input": In(x, dtype), "Filter": In(w, dtype)}, attrs=attrs),
                    ("Input", "Filter"), of=("Output",))


GRAD_CASES = [
    *(_conv_t("conv2d_transpose", tag, *spec, "float32") for tag, spec in _CONV_T.items()),
    *(_conv_t("depthwise_conv2d_transpose", tag, *spec, "float32")
      for tag, spec in _DEPTHWISE_T.items()),
    _conv_t("conv2d_transpose", "groups_dilation", *_CONV_T["groups_dilation"], "float64"),
    _conv_t("depthwise_conv2d_transpose", "pad1", *_DEPTHWISE_T["pad1"], "float64"),
]

#: conv3d_transpose: tag -> (Input dims, Filter dims [in, out / groups, kd, kh, kw], attrs);
#: Paddle's conv3d_transpose reads "NHWC" as channel-last and "NDHWC" as channel-first
_CONV3D_T = {
    "pad1": ((1, 3, 3, 3, 4), (3, 2, 3, 3, 3), {"paddings": [1, 1, 1]}),
    "stride2_outpad": ((1, 2, 2, 3, 3), (2, 2, 3, 2, 3),
                       {"strides": [2, 1, 2], "paddings": [1, 0, 1],
                        "output_padding": [1, 0, 0]}),
    "groups_dilation": ((1, 4, 3, 3, 2), (4, 1, 2, 2, 2),
                        {"groups": 2, "dilations": [2, 1, 1],
                         "paddings": [1, 0, 0, 1, 1, 0]}),
    "outsize": ((1, 2, 2, 2, 3), (2, 2, 3, 3, 3), {"strides": [2, 2, 2],
                                                  "output_size": [6, 5, 7]}),
    "same": ((1, 2, 3, 3, 2), (2, 2, 3, 3, 3), {"strides": [2, 2, 1],
                                               "padding_algorithm": "SAME"}),
    "valid": ((1, 2, 2, 3, 3), (2, 2, 2, 2, 2), {"padding_algorithm": "VALID"}),
    "nhwc": ((1, 3, 3, 2, 2), (2, 2, 2, 2, 2), {"paddings": [1, 0, 1], "data_format": "NHWC"}),
}

GRAD_CASES += [
    *(_conv_t("conv3d_transpose", tag, *spec, "float32") for tag, spec in _CONV3D_T.items()),
    _conv_t("conv3d_transpose", "groups_dilation", *_CONV3D_T["groups_dilation"], "float64"),
]

#: the other rank (Paddle 3.3.1 takes it for each op): the 2-D ops on a 5-D Input (3 values
#: per attribute list), conv3d_transpose on a 4-D one (2 values)
_CONV2D_T_5D = {
    "5d_pad1": ((1, 2, 2, 3, 3), (2, 2, 2, 3, 2),
                {"strides": [1, 1, 1], "paddings": [1, 1, 0], "dilations": [1, 1, 1]}),
    "5d_stride2_outpad": ((1, 2, 2, 2, 3), (2, 3, 3, 2, 3),
                          {"strides": [2, 1, 2], "paddings": [1, 0, 0, 1, 1, 1],
                           "dilations": [1, 1, 1], "output_padding": [1, 0, 1]}),
    "5d_groups_dilation": ((1, 4, 2, 3, 2), (4, 1, 2, 2, 2),
                           {"strides": [1, 2, 1], "paddings": [0, 1, 1], "groups": 2,
                            "dilations": [2, 1, 2]}),
    "5d_outsize": ((1, 2, 2, 2, 2), (2, 2, 3, 2, 3),
                   {"strides": [2, 2, 3], "paddings": [0, 0, 0], "dilations": [1, 1, 1],
                    "output_size": [6, 5, 8]}),
    "5d_same_nhwc": ((1, 2, 3, 2, 3), (3, 2, 3, 2, 2),
                     {"strides": [2, 1, 2], "paddings": [0, 0, 0], "dilations": [1, 1, 1],
                      "padding_algorithm": "SAME", "data_format": "NHWC"}),
    "5d_empty_batch": ((0, 2, 2, 2, 3), (2, 2, 2, 2, 2),
                       {"strides": [1, 1, 1], "paddings": [0, 0, 0], "dilations": [1, 1, 1]}),
}
_CONV3D_T_4D = {
    "4d_stride2_outpad": ((1, 2, 3, 4), (2, 3, 3, 2),
                          {"strides": [2, 2], "paddings": [1, 0], "dilations": [1, 1],
                           "output_padding": [1, 1]}),
    "4d_groups_dilation_nhwc": ((1, 3, 3, 4), (4, 1, 2, 3),
                                {"strides": [1, 1], "paddings": [1, 0, 0, 1],
                                 "dilations": [2, 1], "groups": 2, "data_format": "NHWC"}),
}

GRAD_CASES += [
    *(_conv_t("conv2d_transpose", tag, *spec, "float32") for tag, spec in _CONV2D_T_5D.items()),
    _conv_t("conv2d_transpose", "5d_groups_dilation", *_CONV2D_T_5D["5d_groups_dilation"],
            "float64"),
    _conv_t("depthwise_conv2d_transpose", "5d_stride2", (1, 2, 2, 3, 2), (2, 1, 2, 3, 3),
            {"strides": [2, 1, 2], "paddings": [0, 1, 1], "dilations": [1, 1, 1],
             "groups": 2}, "float32"),
    *(_conv_t("conv3d_transpose", tag, *spec, "float32") for tag, spec in _CONV3D_T_4D.items()),
    _conv_t("conv3d_transpose", "4d_stride2_outpad", *_CONV3D_T_4D["4d_stride2_outpad"],
            "float64"),
    # groups not dividing the channels: the channels past (C // groups) * groups get 0
    # (channel-first only: Paddle's NHWC gradient is then off, fluidphi refuses it)
    _conv_t("conv2d_transpose", "groups3_of4_channels", (1, 4, 3, 3), (4, 1, 2, 3),
            {"strides": [2, 1], "groups": 3}, "float64"),
    _conv_t("conv3d_transpose", "groups2_of5_channels", (1, 5, 2, 3, 2),
            (5, 2, 2, 2, 2), {"strides": [1, 2, 1], "groups": 2}, "float32"),
]
