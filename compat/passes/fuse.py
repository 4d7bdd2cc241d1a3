"""Inference passes: what Paddle's ir_optim does to a static program, done at plan time.

Each pass rewrites `Rewrite.ops` in place and returns; patterns apply only where the
intermediate variables have one reader and are neither persistable nor fetched.

* `fold_constant_reshapes` (compat/passes/fold.py): a reshape2 of a parameter becomes a
  parameter of the new shape.
* `remove_dropout`: an inference dropout is a scale by 1 (upscale_in_train) or by 1 - p
  (downgrade_in_infer).
* `remove_identity_scales` (compat/passes/identity.py): a scale by 1 plus 0 is dropped and
  its readers read its input.
* `fold_batch_norm`: conv2d / depthwise_conv2d followed by an inference batch_norm
  becomes fused_conv2d_add_act with the filter scaled and the shift as its bias.
* `fuse_conv_bias_act`: a per-channel bias add, a residual add and an activation after a
  convolution join its fused_conv2d_add_act.
* `fuse_fc`: mul / matmul_v2 by a 2-D parameter plus a bias add (plus relu) become fc.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from compat.passes.fold import fold_constant_reshapes
from compat.passes.graph import Rewrite, op
from compat.passes.identity import remove_identity_scales

CONV_TYPES = ("conv2d", "depthwise_conv2d")
#: activation op -> fused_conv2d_add_act's `activation` (relu6 only at its usual 6,
#: hard_swish only at its usual threshold 6, scale 6, offset 3: `_usual_constants`)
CONV_ACTIVATIONS = {"relu": "relu", "relu6": "relu6", "sigmoid": "sigmoid", "tanh": "tanh",
                    "leaky_relu": "leaky_relu", "hard_swish": "hardswish",
                    "hardswish": "hardswish"}
#: the attribute values a fused activation assumes, per activation op
USUAL_CONSTANTS = {"relu6": {"threshold": 6.0},
                   "hard_swish": {"threshold": 6.0, "scale": 6.0, "offset": 3.0},
                   "hardswish": {"threshold": 6.0, "scale": 6.0, "offset": 3.0}}


def _usual_constants(desc: object) -> bool:
    """Whether an activation op's constants are the ones its fused form assumes."""
    wanted = USUAL_CONSTANTS.get(desc.type, {})  # type: ignore[attr-defined]
    return all(float(desc.attr(k, v)) == v for k, v in wanted.items())  # type: ignore[attr-defined]


def _next_pattern(rw: Rewrite, types: tuple[str, ...],
                  match: Callable[[Rewrite, int], bool]) -> int | None:
    for i, desc in enumerate(rw.ops):
        if desc.type in types and match(rw, i):
            return i
    return None


def _apply(rw: Rewrite, types: tuple[str, ...], match: Callable[[Rewrite, int], bool],
           rewrite: Callable[[Rewrite, int], None]) -> None:
    """Rewrite every match, one at a time (a rewrite changes the op list)."""
    while (i := _next_pattern(rw, types, match)) is not None:
        rewrite(rw, i)


# -- dropout -----------------------------------------------------------------------------------
def _inference_dropout(rw: Rewrite, i: int) -> bool:
    desc = rw.ops[i]
    mask = desc.output("Mask")
    return bool(desc.attr("is_test", False)) and not desc.input("Seed") \
        and not (mask and rw.consumers(mask[0]))


def _drop_dropout(rw: Rewrite, i: int) -> None:
    desc = rw.ops[i]
    x, out = desc.input("X")[0], desc.output("Out")[0]
    keep = 1.0
    if desc.attr("dropout_implementation", "downgrade_in_infer") == "downgrade_in_infer":
        keep = 1.0 - float(desc.attr("dropout_prob", 0.5))
    rw.replace([i], op("scale", {"X": [x]}, {"Out": [out]},
                       {"scale": keep, "bias": 0.0, "bias_after_scale": True}),
               f"dropout {out}: inference, scale by {keep}")


def remove_dropout(rw: Rewrite) -> None:
    _apply(rw, ("dropout",), _inference_dropout, _drop_dropout)


# -- conv + batch_norm ---------------------------------------------------------------------------
def _plain_conv(rw: Rewrite, i: int) -> bool:
    desc = rw.ops[i]
    return not desc.input("Bias") and not desc.input("ResidualData") \
        and rw.param(desc.input("Filter")[0]) is not None


def _conv_then_bn(rw: Rewrite, i: int) -> int | None:
    if not _plain_conv(rw, i):
        return None
    out = rw.ops[i].output("Output")[0]
    j = rw.sole_consumer(out, i)
    if j is None or rw.ops[j].type != "batch_norm":
        return None
    bn = rw.ops[j]
    running = (bool(bn.attr("is_test", False)) and not bn.attr("trainable_statistics", False)) \
        or bool(bn.attr("use_global_stats", False))
    layout = "NHWC" if bn.attr("data_layout", "NCHW") == "NHWC" else "NCHW"
    conv_layout = "NHWC" if rw.ops[i].attr("data_format", "NCHW") == "NHWC" else "NCHW"
    stats = [bn.input(s)[0] if bn.input(s) else "" for s in ("Scale", "Bias", "Mean", "Variance")]
    if not running or layout != conv_layout or not all(rw.param(s) is not None for s in stats):
        return None
    if any(rw.consumers(n) for s in ("SavedMean", "SavedVariance", "ReserveSpace")
           for n in bn.output(s)):
        return None
    return j


def _fold_bn(rw: Rewrite, i: int) -> None:
    conv = rw.ops[i]
    j = _conv_then_bn(rw, i)
    assert j is not None
    bn = rw.ops[j]
    w = rw.param(conv.input("Filter")[0])
    scale, shift, mean, var = (rw.param(bn.input(s)[0])
                               for s in ("Scale", "Bias", "Mean", "Variance"))
    assert w is not None and scale is not None and shift is not None
    assert mean is not None and var is not None
    factor = scale.astype(np.float64) / np.sqrt(var.astype(np.float64)
                                                + float(bn.attr("epsilon", 1e-5)))
    folded = (w.astype(np.float64) * factor.reshape(-1, 1, 1, 1)).astype(w.dtype)
    bias = (shift.astype(np.float64) - mean.astype(np.float64) * factor).astype(w.dtype)
    y = bn.output("Y")[0]
    new = op("fused_conv2d_add_act",
             {"Input": conv.input("Input"),
              "Filter": [rw.add_param(conv.input("Filter")[0], folded)],
              "Bias": [rw.add_param(bn.input("Bias")[0], bias)]},
             {"Output": [y]},
             {**_conv_attrs(conv), "activation": "identity"})
    rw.replace([i, j], new, f"{conv.type} + batch_norm -> fused_conv2d_add_act ({y})")


def _conv_attrs(conv: object) -> dict[str, object]:
    attr = conv.attr  # type: ignore[attr-defined]
    return {"strides": list(attr("strides", [1, 1])), "paddings": list(attr("paddings", [0, 0])),
            "padding_algorithm": attr("padding_algorithm", "EXPLICIT"),
            "dilations": list(attr("dilations", [1, 1])), "groups": int(attr("groups", 1)),
            "data_format": "NHWC" if attr("data_format", "NCHW") == "NHWC" else "NCHW"}


def fold_batch_norm(rw: Rewrite) -> None:
    _apply(rw, CONV_TYPES, lambda r, i: _conv_then_bn(r, i) is not None, _fold_bn)


# -- conv + bias + residual + activation -------------------------------------------------------
def _as_fused(rw: Rewrite, i: int) -> None:
    """A plain conv becomes a fused_conv2d_add_act with no bias and no activation."""
    conv = rw.ops[i]
    rw.replace([i], op("fused_conv2d_add_act",
                       {"Input": conv.input("Input"), "Filter": conv.input("Filter")},
                       {"Output": conv.output("Output")},
                       {**_conv_attrs(conv), "activation": "identity"}),
               f"{conv.type} -> fused_conv2d_add_act ({conv.output('Output')[0]})")


def _absorbable(rw: Rewrite, i: int) -> tuple[int, str] | None:
    """The op after fused conv `i` it can take in, and how: bias, residual or activation."""
    fused = rw.ops[i]
    if fused.type != "fused_conv2d_add_act" or fused.attr("activation") != "identity":
        return None
    out = fused.output("Output")[0]
    j = rw.sole_consumer(out, i)
    if j is None:
        return None
    nxt = rw.ops[j]
    if nxt.type in CONV_ACTIVATIONS:
        return (j, "activation") if _usual_constants(nxt) else None
    if nxt.type != "elementwise_add":
        return None
    other = [n for n in nxt.input("X") + nxt.input("Y") if n != out]
    if len(other) != 1:
        return None
    channel_axis = 3 if fused.attr("data_format") == "NHWC" else 1
    bias = rw.param(other[0])
    if bias is not None and nxt.input("X") == [out] and _per_channel(
            bias.shape, channel_axis, int(nxt.attr("axis", -1)), rw.shape(out)):
        return j, "bias"
    if not fused.input("ResidualData") and int(nxt.attr("axis", -1)) == -1 \
            and rw.shape(other[0]) == rw.shape(out) is not None:
        return j, "residual"
    return None


def _per_channel(bias: tuple[int, ...], channel_axis: int, axis: int,
                 out: tuple[int, ...] | None) -> bool:
    """Whether elementwise_add(conv output, bias of shape `bias`, axis) adds one value per
    channel: a 1-D bias aligned to the channel axis, or one broadcast over every other
    axis of a 4-D output ([1, C, 1, 1] for NCHW, [1, 1, 1, C] for NHWC)."""
    if len(bias) == 1:
        return axis in ((channel_axis, -1) if channel_axis == 3 else (channel_axis,))
    if len(bias) != 4 or axis not in (-1, 0) or out is None or len(out) != 4:
        return False
    return all(d == 1 for k, d in enumerate(bias) if k != channel_axis) \
        and bias[channel_axis] == out[channel_axis] and out[channel_axis] > 0


def _absorb(rw: Rewrite, i: int) -> None:
    found = _absorbable(rw, i)
    assert found is not None
    j, how = found
    fused, nxt = rw.ops[i], rw.ops[j]
    inputs = {k: list(v) for k, v in fused.inputs.items()}
    attrs = dict(fused.attrs)
    out = fused.output("Output")[0]
    if how == "activation":
        attrs["activation"] = CONV_ACTIVATIONS[nxt.type]
        attrs["fuse_alpha"] = float(nxt.attr("alpha", 0.02)) if nxt.type == "leaky_relu" else 0.0
    else:
        other = next(n for n in nxt.input("X") + nxt.input("Y") if n != out)
        if how == "bias" and (fused.input("Bias") or rw.param(other).ndim != 1):
            new = rw.param(other)
            assert new is not None
            new = new.reshape(-1)
            if fused.input("Bias"):
                old = rw.param(fused.input("Bias")[0])
                assert old is not None
                new = (old + new).astype(old.dtype)
            inputs["Bias"] = [rw.add_param(other, new)]
        else:
            inputs["Bias" if how == "bias" else "ResidualData"] = [other]
    new_out = nxt.output("Out")
    rw.replace([i, j], op("fused_conv2d_add_act", inputs, {"Output": new_out}, attrs),
               f"fused_conv2d_add_act takes in {nxt.type} as its {how} ({new_out[0]})")


def fuse_conv_bias_act(rw: Rewrite) -> None:
    _apply(rw, CONV_TYPES, _plain_conv_with_tail, _as_fused)
    _apply(rw, ("fused_conv2d_add_act",), lambda r, i: _absorbable(r, i) is not None, _absorb)


def _plain_conv_with_tail(rw: Rewrite, i: int) -> bool:
    """A plain conv worth fusing: its output goes on to a bias/residual add or activation."""
    if not _plain_conv(rw, i):
        return False
    j = rw.sole_consumer(rw.ops[i].output("Output")[0], i)
    return j is not None and (rw.ops[j].type in CONV_ACTIVATIONS
                              or rw.ops[j].type == "elementwise_add")


# -- fc ----------------------------------------------------------------------------------------
def _matmul_then_bias(rw: Rewrite, i: int) -> tuple[int, int] | None:
    """(in_num_col_dims, index of the bias add) for mul / matmul_v2 by a 2-D parameter."""
    desc = rw.ops[i]
    w = rw.param(desc.input("Y")[0])
    x_var = rw.program.global_block().find_var(desc.input("X")[0])
    if w is None or w.ndim != 2 or x_var is None or not x_var.shape:
        return None
    if desc.type == "mul":
        if int(desc.attr("y_num_col_dims", 1)) != 1:
            return None
        cols = int(desc.attr("x_num_col_dims", 1))
    else:
        if desc.attr("trans_x", False) or desc.attr("trans_y", False) or len(x_var.shape) < 2:
            return None
        cols = len(x_var.shape) - 1
    j = rw.sole_consumer(desc.output("Out")[0], i)
    if j is None or rw.ops[j].type != "elementwise_add" or rw.ops[j].input("X") != \
            desc.output("Out"):
        return None
    bias = rw.param(rw.ops[j].input("Y")[0])
    if bias is None or bias.size != w.shape[1] or int(rw.ops[j].attr("axis", -1)) not in (-1,
                                                                                          cols):
        return None
    return cols, j


def _fc(rw: Rewrite, i: int) -> None:
    found = _matmul_then_bias(rw, i)
    assert found is not None
    cols, j = found
    desc, add = rw.ops[i], rw.ops[j]
    out, act, taken = add.output("Out"), "", [i, j]
    k = rw.sole_consumer(out[0], j)
    if k is not None and rw.ops[k].type == "relu":
        out, act, taken = rw.ops[k].output("Out"), "relu", [i, j, k]
    bias = rw.param(add.input("Y")[0])
    assert bias is not None
    bias_name = add.input("Y")[0] if bias.ndim == 1 else rw.add_param(add.input("Y")[0],
                                                                       bias.reshape(-1))
    rw.replace(taken, op("fc", {"Input": desc.input("X"), "W": desc.input("Y"),
                                "Bias": [bias_name]}, {"Out": out},
                         {"in_num_col_dims": cols, "activation_type": act,
                          "padding_weights": False}),
               f"{desc.type} + elementwise_add{' + relu' if act else ''} -> fc ({out[0]})")


def fuse_fc(rw: Rewrite) -> None:
    _apply(rw, ("mul", "matmul_v2"), lambda r, i: _matmul_then_bias(r, i) is not None, _fc)


#: In order: each pass sees what the ones before it left.
PASSES: tuple[Callable[[Rewrite], None], ...] = (
    remove_dropout, remove_identity_scales, fold_constant_reshapes, fold_batch_norm,
    fuse_conv_bias_act, fuse_fc)
