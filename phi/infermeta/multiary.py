"""InferMeta for kernels with multiary tensor inputs."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor

# -- vision family -------------------------------------------------------------------------

def batch_norm_infer_infer_meta(x: MetaTensor, mean: MetaTensor, variance: MetaTensor,
                                scale: MetaTensor, bias: MetaTensor, data_layout: str,
                                y: MetaTensor, mean_out: MetaTensor,
                                variance_out: MetaTensor) -> None:
    """y like x; mean_out / variance_out: [C] in the statistics' dtype."""
    from phi.kernels.funcs.batch_norm import num_channels

    c = num_channels(x.dims(), data_layout)
    for name, t in (("mean", mean), ("variance", variance), ("scale", scale), ("bias", bias)):
        if t and t.numel() != c:
            raise ValueError(f"batch_norm: {name} holds {t.numel()} values, input has {c} "
                             f"channels ({data_layout})")
    y.share_meta(x)
    for out, src in ((mean_out, mean), (variance_out, variance)):
        if out:
            out.set_dims((c,))
            out.set_dtype(src.dtype())


def batch_norm_infer_meta(x: MetaTensor, mean: MetaTensor, variance: MetaTensor,
                          scale: MetaTensor, bias: MetaTensor, data_layout: str, y: MetaTensor,
                          mean_out: MetaTensor, variance_out: MetaTensor,
                          saved_mean: MetaTensor, saved_variance: MetaTensor) -> None:
    """batch_norm_infer_infer_meta, plus saved_mean / saved_variance: [C] (when present)."""
    batch_norm_infer_infer_meta(x, mean, variance, scale, bias, data_layout, y, mean_out,
                                variance_out)
    c = mean_out.dims()[0] if mean_out else mean.numel()
    for out in (saved_mean, saved_variance):
        if out:
            out.set_dims((c,))
            out.set_dtype(mean.dtype())


# -- nlp family ----------------------------------------------------------------------------

def layer_norm_infer_meta(x: MetaTensor, scale: MetaTensor, bias: MetaTensor, epsilon: float,
                          begin_norm_axis: int, out: MetaTensor, mean: MetaTensor,
                          variance: MetaTensor) -> None:
    """out like x (lod kept); mean/variance (when present): x.dims[:begin_norm_axis],
    float32 for half x, else x's dtype."""
    from phi.kernels.funcs.layer_norm import flatten_at, layer_norm_dims, stats_dtype

    y_dims, stat_dims = layer_norm_dims(x.dims(), begin_norm_axis, epsilon)
    _, right = flatten_at(x.dims(), begin_norm_axis)
    for name, t in (("scale", scale), ("bias", bias)):
        if t and t.numel() != right:
            raise ValueError(f"layer_norm: {name} holds {t.numel()} values, expected {right}")
    out.set_dims(y_dims)
    out.set_dtype(x.dtype())
    out.share_lod(x)
    for t in (mean, variance):
        if t:
            t.set_dims(stat_dims)
            t.set_dtype(stats_dtype(x.dtype()))


def concat_infer_meta(x: list[MetaTensor], axis, out: MetaTensor) -> None:
    """out: inputs' dims summed along axis, the first input's dtype; the inputs' LoDs
    joined along axis 0 (`concat_lod`)."""
    from phi.common import Scalar
    from phi.kernels.funcs.concat_split import concat_dims, concat_lod

    inputs = [t for t in x if t]
    dims = [t.dims() for t in inputs]
    out.set_dims(concat_dims(dims, Scalar(axis).to(int)))
    out.set_dtype(inputs[0].dtype())
    out.set_lod(concat_lod([t.lod() for t in inputs], Scalar(axis).to(int), len(dims[0])))


def stack_infer_meta(x: list[MetaTensor], axis: int, out: MetaTensor) -> None:
    """out: the common input dims with len(x) inserted at axis, the first input's dtype."""
    from phi.kernels.funcs.concat_split import stack_dims

    inputs = [t for t in x if t]
    out.set_dims(stack_dims([t.dims() for t in inputs], axis))
    out.set_dtype(inputs[0].dtype())


def arange_infer_meta(start: MetaTensor, end: MetaTensor, step: MetaTensor,
                      out: MetaTensor) -> None:
    """out: 1-D of start's dtype; its length needs the bound values (known at run time only)."""
    from phi.kernels.funcs.arange import arange_size

    def value(t: MetaTensor):
        return t.tensor.numpy().reshape(-1)[0]

    out.set_dims((arange_size(value(start), value(end), value(step)),))
    out.set_dtype(start.dtype())


# -- math family ---------------------------------------------------------------------------

def add_n_infer_meta(inputs: list[MetaTensor], out: MetaTensor) -> None:
    """out: the common dims of the inputs holding data (0-element ones left out); the dtype
    and lod of the first of them."""
    from phi.kernels.funcs.add_n import add_n_dims

    given = [t for t in inputs if t and t.tensor.initialized()]
    if not given:
        raise ValueError("add_n: no input tensors")
    out.set_dims(add_n_dims([t.dims() for t in given]))
    out.set_dtype(given[0].dtype())
    out.set_layout(given[0].layout())
    out.share_lod(given[0])


def where_infer_meta(condition: MetaTensor, x: MetaTensor, y: MetaTensor,
                     out: MetaTensor) -> None:
    """out: x's dims (condition, x and y must have them: where_dims), dtype, layout and
    lod."""
    from phi.kernels.funcs.compare import where_dims

    out.set_dims(where_dims(condition.dims(), x.dims(), y.dims()))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def fused_conv2d_add_act_infer_meta(input: MetaTensor, filter: MetaTensor, strides: list[int],
                                    paddings: list[int], padding_algorithm: str,
                                    dilations: list[int], groups: int, data_format: str,
                                    output: MetaTensor) -> None:
    """output: the convolution's dims, input's dtype and layout."""
    from phi.kernels.funcs.conv import conv2d_out_dims

    output.set_dims(conv2d_out_dims(input.dims(), filter.dims(), strides, paddings,
                                    padding_algorithm, dilations, groups, data_format))
    output.set_dtype(input.dtype())
    output.set_layout(input.layout())


def fc_infer_meta(input: MetaTensor, w: MetaTensor, in_num_col_dims: int,
                  out: MetaTensor) -> None:
    """out: input's first in_num_col_dims dims + [w's columns], input's dtype and LoD (a
    fused mul + elementwise_add over LoD rows keeps their sequences, as Paddle's fc)."""
    from phi.kernels.funcs.fused import fc_out_dims

    out.set_dims(fc_out_dims(input.dims(), w.dims(), in_num_col_dims))
    out.set_dtype(input.dtype())
    out.set_layout(input.layout())
    out.share_lod(input)
