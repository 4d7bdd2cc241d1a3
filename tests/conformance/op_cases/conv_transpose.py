"""Transposed convolution: conv2d_transpose, depthwise_conv2d_transpose and
conv3d_transpose (strides, paddings of 3 and 6 values, SAME, dilations, groups,
output_padding, output_size, NCDHW / NDHWC, NaN / inf, an empty batch), and each op on the
other rank: Paddle 3.3.1 takes a 5-D Input for the 2-D ops and a 4-D one for
conv3d_transpose (the spatial rank is the Input's; attribute lists one value per spatial
dim, dilations at least one, extra ones unread; only "NHWC" is channel-last); groups that
do not divide the input channels (Paddle reads the first (C // groups) * groups).

The filter is [in_channels, out_channels / groups, kh, kw]. Cases cover strides with and
without overlapping patches, paddings (2 and 4 values, SAME, VALID), dilations, groups,
output_padding and output_size, NCHW / NHWC, an empty batch, NaN / inf inputs, and the
errors Paddle raises (output_size or output_padding out of range, channel mismatch).
"""

from .spec import FLOAT_EDGES, FLOATS, Case, In

_X = (2, 4, 3, 4)
_X3 = (2, 3, 2, 3, 3)


def _ct(name: str, op: str, x: tuple[int, ...], w: tuple[int, ...], dtype: str = "float32",
        edges: bool = False, **attrs) -> Case:
    special = FLOAT_EDGES if edges else ()
    return Case(name, op, {"Input": In(x, dtype, special=special), "Filter": In(w, dtype)},
                attrs=attrs)


def _nhwc(dims: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (dims[0], dims[2], dims[3], dims[1])


CASES = [
    *[_ct(f"conv2d_transpose_{dtype}", "conv2d_transpose", _X, (4, 3, 3, 3), dtype)
      for dtype in FLOATS],
    *[_ct(f"conv2d_transpose_s2_k2_{dtype}", "conv2d_transpose", _X, (4, 2, 2, 2), dtype,
          strides=[2, 2]) for dtype in FLOATS],
    _ct("conv2d_transpose_s2_p1_outpad1_float64", "conv2d_transpose", _X, (4, 3, 3, 3),
        "float64", strides=[2, 2], paddings=[1, 1], output_padding=[1, 1]),
    _ct("conv2d_transpose_outsize_float64", "conv2d_transpose", _X, (4, 3, 3, 3), "float64",
        strides=[3, 2], paddings=[1, 0], output_size=[9, 10]),
    _ct("conv2d_transpose_pads4_dil2_float64", "conv2d_transpose", _X, (4, 2, 3, 2),
        "float64", strides=[2, 1], paddings=[1, 2, 0, 1], dilations=[2, 3]),
    _ct("conv2d_transpose_groups2_float64", "conv2d_transpose", _X, (4, 3, 3, 2), "float64",
        strides=[1, 2], paddings=[1, 1], groups=2),
    _ct("conv2d_transpose_same_float32", "conv2d_transpose", _X, (4, 3, 3, 3),
        strides=[2, 2], padding_algorithm="SAME", dilations=[2, 2]),
    _ct("conv2d_transpose_valid_float32", "conv2d_transpose", _X, (4, 3, 2, 3),
        strides=[2, 3], paddings=[1, 1], padding_algorithm="VALID"),
    _ct("conv2d_transpose_nhwc_float32", "conv2d_transpose", _nhwc(_X), (4, 3, 3, 3),
        strides=[2, 2], paddings=[1, 1], output_padding=[1, 0], data_format="NHWC"),
    _ct("conv2d_transpose_nhwc_groups4_float64", "conv2d_transpose", _nhwc(_X), (4, 2, 2, 2),
        "float64", strides=[2, 2], groups=4, data_format="NHWC"),
    _ct("conv2d_transpose_edges_float32", "conv2d_transpose", _X, (4, 3, 3, 3), edges=True,
        strides=[2, 2], paddings=[1, 1]),
    _ct("conv2d_transpose_empty_batch_float32", "conv2d_transpose", (0, 4, 3, 4),
        (4, 3, 3, 3)),
    Case("conv2d_transpose_outsize_too_big_raises", "conv2d_transpose",
         {"Input": In(_X, "float32"), "Filter": In((4, 3, 3, 3), "float32")},
         attrs={"strides": [2, 2], "output_size": [7, 11]}, raises="output_size"),
    Case("conv2d_transpose_outpad_not_below_stride_raises", "conv2d_transpose",
         {"Input": In(_X, "float32"), "Filter": In((4, 3, 3, 3), "float32")},
         attrs={"strides": [1, 1], "dilations": [2, 2], "output_padding": [1, 1]},
         raises="inconsistent"),
    *[_ct(f"depthwise_conv2d_transpose_{dtype}", "depthwise_conv2d_transpose", _X,
          (4, 1, 3, 3), dtype, strides=[2, 2], paddings=[1, 1], groups=4)
      for dtype in FLOATS],
    _ct("depthwise_conv2d_transpose_mult2_nhwc_float32", "depthwise_conv2d_transpose",
        _nhwc(_X), (4, 2, 2, 3), strides=[1, 2], paddings=[0, 1], groups=4,
        data_format="NHWC"),
    _ct("depthwise_conv2d_transpose_same_outpad_float64", "depthwise_conv2d_transpose", _X,
        (4, 1, 3, 3), "float64", strides=[2, 2], padding_algorithm="SAME",
        output_padding=[1, 1], groups=4),
    *[_ct(f"conv3d_transpose_{dtype}", "conv3d_transpose", _X3, (3, 2, 2, 3, 3), dtype)
      for dtype in FLOATS],
    _ct("conv3d_transpose_s2_k2_float32", "conv3d_transpose", _X3, (3, 2, 2, 2, 2),
        strides=[2, 2, 2]),
    _ct("conv3d_transpose_s2_p1_outpad_groups_float64", "conv3d_transpose", (1, 4, 2, 3, 3),
        (4, 2, 3, 3, 2), "float64", strides=[2, 1, 2], paddings=[1, 0, 1],
        output_padding=[1, 0, 1], groups=2),
    _ct("conv3d_transpose_pad6_dilation_float32", "conv3d_transpose", _X3, (3, 2, 2, 2, 3),
        paddings=[1, 0, 0, 1, 1, 1], dilations=[2, 1, 2]),
    _ct("conv3d_transpose_output_size_float32", "conv3d_transpose", _X3, (3, 2, 3, 3, 3),
        strides=[2, 2, 2], output_size=[6, 8, 7]),
    _ct("conv3d_transpose_same_float32", "conv3d_transpose", _X3, (3, 2, 3, 3, 3),
        strides=[2, 1, 2], padding_algorithm="SAME"),
    # Paddle reads only "NHWC" as channel-last, for 5-D inputs too ("NDHWC" is channel-first)
    _ct("conv3d_transpose_nhwc_is_channel_last_float32", "conv3d_transpose", (2, 2, 3, 4, 3),
        (3, 2, 2, 2, 2), strides=[1, 2, 1], data_format="NHWC"),
    _ct("conv3d_transpose_ndhwc_is_channel_first_float32", "conv3d_transpose", _X3,
        (3, 2, 2, 2, 2), strides=[1, 2, 1], data_format="NDHWC"),
    _ct("conv3d_transpose_edges_float32", "conv3d_transpose", _X3, (3, 2, 2, 2, 2),
        edges=True),
    _ct("conv3d_transpose_empty_batch_float32", "conv3d_transpose", (0, 3, 2, 3, 3),
        (3, 2, 2, 2, 2)),
]

#: the 2-D ops on a 5-D Input (3 spatial dims), conv3d_transpose on a 4-D one; Paddle's
#: build-time refusals (attribute lengths, ranks) are tests/ops/test_decoder_ops.py's
_X5 = (2, 4, 2, 3, 3)
CASES += [
    *[_ct(f"conv2d_transpose_5d_{dtype}", "conv2d_transpose", _X5, (4, 2, 2, 3, 2), dtype,
          strides=[1, 1, 1], paddings=[0, 0, 0], dilations=[1, 1, 1]) for dtype in FLOATS],
    _ct("conv2d_transpose_5d_s2_pad6_outpad_float64", "conv2d_transpose", _X5,
        (4, 3, 3, 2, 3), "float64", strides=[2, 1, 2], paddings=[1, 0, 0, 1, 1, 1],
        output_padding=[1, 0, 1], dilations=[1, 1, 1]),
    _ct("conv2d_transpose_5d_groups2_dil_float64", "conv2d_transpose", _X5, (4, 2, 2, 2, 3),
        "float64", strides=[1, 2, 1], paddings=[1, 1, 0], dilations=[2, 1, 2], groups=2),
    _ct("conv2d_transpose_5d_outsize_float32", "conv2d_transpose", _X5, (4, 2, 3, 3, 3),
        strides=[2, 3, 2], paddings=[1, 1, 1], dilations=[1, 1, 1], output_size=[4, 7, 6]),
    _ct("conv2d_transpose_5d_same_float32", "conv2d_transpose", _X5, (4, 2, 3, 2, 3),
        strides=[2, 1, 2], paddings=[0, 0, 0], dilations=[2, 2, 2], padding_algorithm="SAME"),
    _ct("conv2d_transpose_5d_valid_float32", "conv2d_transpose", _X5, (4, 1, 2, 2, 2),
        strides=[1, 2, 2], paddings=[1, 1, 1], dilations=[1, 1, 1], padding_algorithm="VALID"),
    # one more dilation than spatial dims: Paddle reads the first three
    _ct("conv2d_transpose_5d_dilations4_float32", "conv2d_transpose", _X5, (4, 2, 2, 2, 2),
        strides=[1, 1, 1], paddings=[0, 0, 0], dilations=[2, 1, 2, 5]),
    _ct("conv2d_transpose_5d_nhwc_float32", "conv2d_transpose", (2, 2, 3, 3, 4),
        (4, 2, 2, 2, 2), strides=[2, 1, 1], paddings=[0, 1, 0], dilations=[1, 1, 1],
        data_format="NHWC"),
    _ct("conv2d_transpose_5d_ndhwc_is_channel_first_float32", "conv2d_transpose", _X5,
        (4, 2, 2, 2, 2), strides=[1, 2, 1], paddings=[0, 0, 0], dilations=[1, 1, 1],
        data_format="NDHWC"),
    _ct("conv2d_transpose_5d_edges_float32", "conv2d_transpose", _X5, (4, 2, 2, 2, 2),
        edges=True, strides=[2, 2, 2], paddings=[0, 0, 0], dilations=[1, 1, 1]),
    _ct("conv2d_transpose_5d_empty_batch_float32", "conv2d_transpose", (0, 4, 2, 3, 3),
        (4, 2, 2, 2, 2), strides=[1, 1, 1], paddings=[0, 0, 0], dilations=[1, 1, 1]),
    Case("conv2d_transpose_5d_outpad_not_below_stride_raises", "conv2d_transpose",
         {"Input": In(_X5, "float32"), "Filter": In((4, 2, 2, 2, 2), "float32")},
         attrs={"strides": [1, 1, 1], "paddings": [0, 0, 0], "dilations": [2, 2, 2],
                "output_padding": [1, 1, 1]}, raises="mismatching"),
    # "NDHWC" is channel-first for a 4-D Input too (only "NHWC" is channel-last)
    _ct("conv2d_transpose_ndhwc_is_channel_first_float32", "conv2d_transpose", _X,
        (4, 2, 2, 3), strides=[2, 1], data_format="NDHWC"),
    *[_ct(f"depthwise_conv2d_transpose_5d_{dtype}", "depthwise_conv2d_transpose", _X5,
          (4, 1, 3, 2, 3), dtype, strides=[2, 1, 2], paddings=[1, 0, 1], dilations=[1, 1, 1],
          groups=4) for dtype in FLOATS],
    _ct("depthwise_conv2d_transpose_5d_mult2_outpad_float32", "depthwise_conv2d_transpose",
        _X5, (4, 2, 2, 2, 2), strides=[2, 2, 1], paddings=[0, 1, 0], dilations=[1, 1, 1],
        output_padding=[1, 0, 0], groups=4),
    *[_ct(f"conv3d_transpose_4d_{dtype}", "conv3d_transpose", _X, (4, 3, 3, 2), dtype,
          strides=[2, 1], paddings=[1, 0], dilations=[1, 2]) for dtype in FLOATS],
    _ct("conv3d_transpose_4d_groups2_outsize_float64", "conv3d_transpose", _X, (4, 2, 2, 3),
        "float64", strides=[2, 2], paddings=[0, 1, 1, 0], dilations=[1, 1], groups=2,
        output_size=[6, 9]),
    _ct("conv3d_transpose_4d_nhwc_same_float32", "conv3d_transpose", _nhwc(_X), (4, 2, 3, 3),
        strides=[2, 2], paddings=[0, 0], dilations=[1, 1], padding_algorithm="SAME",
        data_format="NHWC"),
    _ct("conv3d_transpose_4d_empty_batch_float32", "conv3d_transpose", (0, 4, 3, 4),
        (4, 2, 2, 2), strides=[1, 1], paddings=[0, 0], dilations=[1, 1]),
    # groups need not divide the channels: the first (C // groups) * groups are read
    _ct("conv2d_transpose_groups3_of4_channels_float64", "conv2d_transpose", _X,
        (4, 2, 2, 3), "float64", strides=[2, 1], groups=3),
    _ct("conv2d_transpose_5d_groups2_of5_channels_float32", "conv2d_transpose",
        (1, 5, 2, 3, 2), (5, 2, 2, 2, 2), strides=[1, 2, 1], paddings=[0, 0, 0],
        dilations=[1, 1, 1], groups=2),
    _ct("conv3d_transpose_nhwc_groups3_of4_channels_float32", "conv3d_transpose",
        (1, 2, 3, 2, 4), (4, 1, 2, 2, 2), strides=[1, 2, 1], groups=3, data_format="NHWC"),
    _ct("conv2d_transpose_more_groups_than_channels_float32", "conv2d_transpose",
        (1, 2, 3, 3), (2, 1, 2, 2), groups=3),
]
