"""InferMeta for kernels with binary tensor inputs."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor

# -- vision family -------------------------------------------------------------------------

def conv_infer_meta(input: MetaTensor, filter: MetaTensor, strides: list[int],
                    paddings: list[int], padding_algorithm: str, dilations: list[int],
                    groups: int, data_format: str, out: MetaTensor) -> None:
    """out: convolution output dims (conv2d and depthwise_conv2d), input's dtype and layout."""
    from phi.kernels.funcs.conv import conv2d_out_dims

    out.set_dims(conv2d_out_dims(input.dims(), filter.dims(), strides, paddings,
                                 padding_algorithm, dilations, groups, data_format))
    out.set_dtype(input.dtype())
    out.set_layout(input.layout())


def dropout_infer_meta(x: MetaTensor, out: MetaTensor, mask: MetaTensor) -> None:
    """out: like x; mask (optional): x's dims, uint8."""
    from phi.common import DataType

    out.share_meta(x)
    if mask:
        mask.set_dims(x.dims())
        mask.set_dtype(DataType.UINT8)
        mask.set_layout(x.layout())


# -- slice family (elementwise, matmul) ----------------------------------------------------

def elementwise_raw_infer_meta(x: MetaTensor, y: MetaTensor, axis: int, out: MetaTensor) -> None:
    """out: x and y broadcast with fluid's `axis` alignment; x's dtype, layout and lod."""
    from phi.kernels.funcs.elementwise import broadcast_shape

    out.set_dims(broadcast_shape(x.dims(), y.dims(), axis))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def elementwise_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """elementwise_raw_infer_meta with axis -1 (NumPy-style trailing alignment)."""
    elementwise_raw_infer_meta(x, y, -1, out)


def matmul_infer_meta(x: MetaTensor, y: MetaTensor, transpose_x: bool, transpose_y: bool,
                      out: MetaTensor) -> None:
    """out: matmul dims (1-D operands as vectors, batch dims broadcast); x's dtype and layout."""
    from phi.kernels.funcs.matmul import matmul_out_dims

    out.set_dims(matmul_out_dims(x.dims(), y.dims(), transpose_x, transpose_y))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def matmul_with_flatten_infer_meta(x: MetaTensor, y: MetaTensor, x_num_col_dims: int,
                                   y_num_col_dims: int, out: MetaTensor) -> None:
    """out: x.dims[:x_num_col_dims] + y.dims[y_num_col_dims:]; x's dtype, layout and lod."""
    from phi.kernels.funcs.matmul import matmul_with_flatten_out_dims

    out.set_dims(matmul_with_flatten_out_dims(x.dims(), y.dims(), x_num_col_dims,
                                              y_num_col_dims))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


# -- nlp family ----------------------------------------------------------------------------

def embedding_infer_meta(x: MetaTensor, weight: MetaTensor, out: MetaTensor) -> None:
    """out: ids' (x's) dims + [width], weight's dtype; lod of the ids."""
    from phi.kernels.funcs.embedding import embedding_out_dims

    out.set_dims(embedding_out_dims(x.dims(), weight.dims()))
    out.set_dtype(weight.dtype())
    out.share_lod(x)


def lookup_table_infer_meta(w: MetaTensor, ids: MetaTensor, out: MetaTensor) -> None:
    """out: ids' dims without their trailing 1, + [width], w's dtype; lod of the ids."""
    from phi.kernels.funcs.embedding import embedding_out_dims

    out.set_dims(embedding_out_dims(ids.dims(), w.dims(), drop_last_id_dim=True))
    out.set_dtype(w.dtype())
    out.share_lod(ids)


def prelu_infer_meta(x: MetaTensor, alpha: MetaTensor, data_format: str, mode: str,
                     out: MetaTensor) -> None:
    """out like x; alpha must hold the count of values `mode` needs."""
    from phi.kernels.funcs.prelu import check_alpha

    check_alpha(x.dims(), alpha.dims(), mode, data_format)
    out.share_meta(x)


# -- math family ---------------------------------------------------------------------------

def gather_infer_meta(x: MetaTensor, index: MetaTensor, axis, out: MetaTensor) -> None:
    """out: x's dims with the axis dim replaced by the index count (dropped for a 0-D
    index), x's dtype."""
    from phi.common import Scalar
    from phi.kernels.funcs.gather import gather_dims

    out.set_dims(gather_dims(x.dims(), index.dims(), Scalar(axis).to(int)))
    out.set_dtype(x.dtype())


def compare_raw_infer_meta(x: MetaTensor, y: MetaTensor, axis: int, out: MetaTensor) -> None:
    """out: x and y broadcast with fluid's `axis` alignment; bool; x's layout and lod."""
    from phi.common import DataType
    from phi.kernels.funcs.elementwise import broadcast_shape

    out.set_dims(broadcast_shape(x.dims(), y.dims(), axis))
    out.set_dtype(DataType.BOOL)
    out.set_layout(x.layout())
    out.share_lod(x)


def compare_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """compare_raw_infer_meta with axis -1 (NumPy-style; also logical_and / logical_or)."""
    compare_raw_infer_meta(x, y, -1, out)
