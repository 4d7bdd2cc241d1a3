"""Decoder family (conv2d_transpose, *_interp) beyond the Paddle fixtures: the errors Paddle
raises while building (no program to export), inputs fluidphi refuses, sizes read from
tensors in planned runs, and conv2d_transpose against the adjoint of conv2d."""

from __future__ import annotations

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import conv_transpose as ct_funcs
from phi.kernels.funcs import interpolate as interp_funcs
from tests.conformance.op_fixtures import OPS_ROOT
from tests.ops.op_helpers import rand, run_both

PATHS = ("legacy", "phi", "auto")


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("op", "dims", "attrs", "message"), [
    ("bicubic_interp_v2", (1, 2, 3, 4, 5), {"interp_method": "bicubic", "out_d": 2, "out_h": 2,
                                            "out_w": 2}, '"trilinear" or "nearest"'),
    ("nearest_interp_v2", (2, 3, 5), {"interp_method": "nearest", "out_w": 8}, '"linear"'),
    ("bilinear_interp_v2", (2, 3, 4, 5), {"interp_method": "area", "out_h": 2, "out_w": 2},
     "Interpolation method"),
    ("bilinear_interp_v2", (2, 3, 4, 5), {"scale": [2.0]}, "2 values"),
    ("bilinear_interp_v2", (2, 3, 4, 5), {"scale": [2.0, -1.0]}, "greater than 0"),
    ("bilinear_interp_v2", (2, 3, 4, 5), {"out_h": 3, "out_w": 3, "data_layout": "NCW"},
     "Unknown data layout"),
    ("nearest_interp", (2, 3), {"interp_method": "nearest", "out_w": 3}, "3-D, 4-D or 5-D"),
])
def test_interp_errors_paddle_raises_when_building(path, op, dims, attrs, message):
    with pytest.raises(Exception, match=message):
        run_single_op(op, {"X": rand(dims, 0)}, attrs, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
def test_nearest_reading_past_the_input_is_an_error(path):
    """OutSize with a scale that does not fit it: Paddle would read past the input."""
    x = rand((1, 1, 4, 4), 1)
    with pytest.raises(Exception, match="source index"):
        run_single_op("nearest_interp_v2", {"X": x, "OutSize": np.array([8, 8], np.int32)},
                      {"interp_method": "nearest", "scale": [1.5, 1.5], "align_corners": False},
                      ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
def test_interp_sizes_from_tensors_follow_each_run(path):
    """A planned run reads OutSize / SizeTensor every time: new values, new dims."""
    for case, feed in (("bilinear_interp_v2_outsize_float32", "outsize"),
                       ("nearest_interp_v2_sizetensor_float32", "sizetensor0")):
        model = load_model(OPS_ROOT / "interpolate" / case)
        x = rand((2, 3, 4, 5), 2)
        feeds = {"x": x}
        if feed == "outsize":
            sizes = ([6, 4], [3, 9], [6, 4])
        else:
            sizes = ([3, 9], [5, 2], [3, 9])
        for h, w in sizes:
            if feed == "outsize":
                feeds["outsize"] = np.array([h, w], np.int32)
            else:
                feeds.update(sizetensor0=np.array([h], np.int32),
                             sizetensor1=np.array([w], np.int32))
            out = next(iter(run_model(model, feeds, path=path).outputs.values()))
            assert out.shape == (2, 3, h, w), (case, path, out.shape)


def test_interp_uint8_linear_1d_keeps_paddle_integer_weights():
    """Paddle's 1-D kernel holds uint8 weights (1 and 0): the left neighbour, no blend."""
    x = np.array([[[0, 100, 200]]], np.uint8)
    out = run_both("linear_interp_v2", {"X": x},
                   {"interp_method": "linear", "out_w": 6, "align_corners": False})["Out"][0]
    np.testing.assert_array_equal(out, [[[0, 0, 100, 100, 200, 200]]])


def test_v1_scale_steps_by_inverse_scale():
    """Paddle 3.x v1 ops sample at k / scale (Paddle 2.x used in / out: 5 -> 7 differs)."""
    x = np.arange(5, dtype=np.float64).reshape(1, 1, 1, 5)
    out = run_both("bilinear_interp", {"X": x},
                   {"scale": 1.5, "align_corners": False})["Out"][0]
    np.testing.assert_allclose(out.reshape(-1), np.float32(1 / 1.5) * np.arange(7), rtol=1e-6)


@pytest.mark.parametrize("path", PATHS)
def test_conv_transpose_output_size_from_tensors_is_refused(path):
    inputs = {"Input": rand((1, 2, 3, 3), 3), "Filter": rand((2, 2, 3, 3), 4)}
    # variable names (Paddle writes them as VARS) are refused by the attribute type rule
    with pytest.raises(Exception, match="attribute 'output_size' is stored as STRINGS"):
        run_single_op("conv2d_transpose", inputs, {"output_size": ["s", "t"]}, ["Output"], path)


@pytest.mark.parametrize("path", PATHS)
def test_conv_transpose_fused_bias_is_refused(path):
    inputs = {"Input": rand((1, 2, 3, 3), 3), "Filter": rand((2, 2, 3, 3), 4),
              "Bias": rand((2,), 5)}
    with pytest.raises(Exception, match="Bias"):
        run_single_op("conv2d_transpose", inputs, {}, ["Output"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["conv2d_transpose_grad", "conv3d_transpose_grad"])
def test_conv_transpose_grad_names_a_wrong_input_rank(path, op):
    """A 2-D Input is refused as such (it was blamed on 'conv0d_transpose' channels)."""
    inputs = {"Input": rand((3, 4), 3), "Filter": rand((3, 4), 4),
              "Output@GRAD": rand((3, 4), 5)}
    with pytest.raises(Exception, match=r"Input must be a 4-D or 5-D tensor .*got dims \[3, 4\]"):
        run_single_op(op, inputs, {}, ["Input@GRAD", "Filter@GRAD"], path)


_X5, _W5 = (1, 2, 2, 3, 3), (2, 2, 2, 2, 2)
_ATTRS3 = {"strides": [1, 1, 1], "paddings": [0, 0, 0], "dilations": [1, 1, 1]}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["conv2d_transpose", "depthwise_conv2d_transpose",
                                "conv3d_transpose"])
@pytest.mark.parametrize(("x_dims", "w_dims", "attrs", "message"), [
    # Paddle 3.3.1 refuses these while building the program (no fixture can hold them)
    (_X5, _W5, {**_ATTRS3, "strides": [1, 1]}, r"Attr\(strides\) must hold one value per "
     r"spatial dim of the 5-D Input \(3\)"),
    ((1, 2, 3, 3), (2, 2, 2, 2), _ATTRS3, r"Attr\(strides\) must hold .* 4-D Input \(2\)"),
    (_X5, _W5, {**_ATTRS3, "paddings": [0, 1, 0, 1]}, "paddings must hold 3 or 6 values"),
    (_X5, _W5, {**_ATTRS3, "strides": [2, 2, 2], "output_size": [6, 7]},
     r"Attr\(output_size\) must hold one value per spatial dim"),
    (_X5, _W5, {**_ATTRS3, "strides": [2, 2, 2], "output_padding": [1, 1]},
     r"Attr\(output_padding\) must hold one value per spatial dim"),
    ((1, 2, 3), (2, 2, 2), {"strides": [1], "paddings": [0], "dilations": [1]},
     r"Input must be a 4-D or 5-D tensor .*got dims \[1, 2, 3\]"),
    ((1, 2, 2, 2, 2, 2), (2, 2, 2, 2, 2, 2), {"strides": [1] * 4, "paddings": [0] * 4,
                                              "dilations": [1] * 4}, "4-D or 5-D"),
    (_X5, (2, 2, 2, 2), _ATTRS3, r"Filter must have Input's rank \(5-D\)"),
    (_X5, _W5, {**_ATTRS3, "data_format": "NCWH"}, "Unknown data layout"),
    # Paddle accepts this one and reads past the end of dilations (garbage dims or a crash)
    (_X5, _W5, {**_ATTRS3, "dilations": [1, 1]},
     r"Attr\(dilations\) must hold at least one value per spatial dim"),
])
def test_conv_transpose_attribute_lengths_follow_the_input_rank(path, op, x_dims, w_dims,
                                                                attrs, message):
    """Every op takes a 4-D or 5-D Input; the attribute lists follow its spatial rank."""
    inputs = {"Input": rand(x_dims, 3), "Filter": rand(w_dims, 4)}
    with pytest.raises(Exception, match=message):
        run_single_op(op, inputs, attrs, ["Output"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["conv2d_transpose_grad", "conv3d_transpose_grad"])
def test_conv_transpose_grad_attribute_lengths_follow_the_input_rank(path, op):
    inputs = {"Input": rand(_X5, 3), "Filter": rand(_W5, 4),
              "Output@GRAD": rand((1, 2, 3, 4, 4), 5)}
    with pytest.raises(Exception, match=r"Attr\(strides\) must hold one value per spatial "
                                        r"dim of the 5-D Input"):
        run_single_op(op, inputs, {**_ATTRS3, "strides": [1, 1]},
                      ["Input@GRAD", "Filter@GRAD"], path)


@pytest.mark.parametrize("path", PATHS)
def test_conv_transpose_grad_nhwc_with_groups_not_dividing_channels_is_refused(path):
    """Paddle 3.3.1's channel-last gradient is then not its channel-first one (every channel
    differs, while the forwards agree): refused, not guessed."""
    inputs = {"Input": rand((1, 2, 3, 2, 5), 3), "Filter": rand((5, 2, 2, 2, 2), 4),
              "Output@GRAD": rand((1, 3, 4, 3, 4), 5)}
    with pytest.raises(Exception, match=r"groups \(2\) do not divide the input channels "
                                        r"\(5\) and data_format is NHWC"):
        run_single_op("conv3d_transpose_grad", inputs,
                      {**_ATTRS3, "groups": 2, "data_format": "NHWC"},
                      ["Input@GRAD", "Filter@GRAD"], path)


def _adjoint_gap(x_dims, w_dims, strides, pads, dilations, groups, algorithm, fmt, seed):
    """<conv2d_transpose(x, w), y> - <x, conv2d(y, w)> relative to the products (float64)."""
    x, w = rand(x_dims, seed, np.float64), rand(w_dims, seed + 1, np.float64)
    out_dims = ct_funcs.conv_transpose_out_dims(x_dims, w_dims, strides, pads, [], [],
                                                algorithm, groups, dilations, fmt)
    out = np.empty(out_dims)
    ct_funcs.conv_transpose(np, x, w, strides, pads, algorithm, groups, dilations, fmt, out)
    y = rand(out_dims, seed + 2, np.float64)
    # the same filter, read as conv2d's [out, in / groups, kh, kw], maps y back to x's dims
    back = np.empty(x_dims)
    pads_x, dil = conv_funcs.resolve_padding(pads, dilations, algorithm,
                                             x_dims[2:] if fmt == "NCHW" else x_dims[1:3],
                                             w_dims[2:], strides)
    conv_funcs.conv2d(np, y, w, strides, pads_x, "EXPLICIT", dil, groups, fmt, back)
    lhs, rhs = float(np.sum(out * y)), float(np.sum(x * back))
    return abs(lhs - rhs) / max(1.0, abs(lhs))


@pytest.mark.parametrize(("x_dims", "w_dims", "strides", "pads", "dilations", "groups",
                          "algorithm", "fmt"), [
    ((2, 4, 5, 6), (4, 3, 3, 3), [2, 2], [1, 1], [1, 1], 1, "EXPLICIT", "NCHW"),
    ((1, 6, 4, 3), (6, 2, 2, 3), [1, 3], [0, 1, 2, 0], [2, 1], 3, "EXPLICIT", "NCHW"),
    ((2, 3, 4, 4), (4, 1, 2, 2), [2, 2], [0, 0], [1, 1], 4, "EXPLICIT", "NHWC"),
    ((1, 2, 5, 5), (2, 3, 3, 3), [1, 1], [0, 0], [1, 1], 1, "SAME", "NCHW"),
])
def test_conv_transpose_is_the_adjoint_of_conv2d(x_dims, w_dims, strides, pads, dilations,
                                                 groups, algorithm, fmt):
    assert _adjoint_gap(x_dims, w_dims, strides, pads, dilations, groups, algorithm, fmt,
                        seed=7) < 1e-12


def test_interp_request_precedence():
    """SizeTensor > OutSize > Scale tensor > scale attribute > out_* attributes."""
    dims = (1, 1, 4, 6)
    i32, f32 = np.int32, np.float32
    req = interp_funcs.request
    assert req("t", "NCHW", 0, 2, 3, []).plan(dims)[0] == (1, 1, 2, 3)
    assert req("t", "NCHW", 0, 2, 3, [2.0, 0.5]).plan(dims)[0] == (1, 1, 8, 3)
    assert req("t", "NCHW", 0, 2, 3, [2.0, 0.5], scale_tensor=np.array([1.5], f32)
               ).plan(dims)[0] == (1, 1, 6, 9)
    assert req("t", "NCHW", 0, 2, 3, [2.0, 0.5], out_size=np.array([5, 7], i32),
               scale_tensor=np.array([1.5], f32)).plan(dims)[0] == (1, 1, 5, 7)
    assert req("t", "NHWC", 0, 2, 3, [], out_size=np.array([5, 7], i32),
               size_tensor=[np.array([9], i32), np.array([1], i32)]).plan(
                   (1, 4, 6, 3))[0] == (1, 9, 1, 3)
