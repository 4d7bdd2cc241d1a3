"""InferMeta of the LoD sequence family (sequence_pool, sequence_softmax, ...): output
rows and LoD follow the input's LoD (phi.kernels.funcs.sequence)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def sequence_pool_infer_meta(x: MetaTensor, is_test: bool, pooltype: str, pad_value: float,
                             out: MetaTensor, max_index: MetaTensor) -> None:
    """out: [sequences, x.dims[1:]] in x's dtype, x's top LoD level when it has two;
    max_index (when present): int32 in out's dims."""
    from phi.kernels.funcs.sequence import PoolType, pool_dims

    PoolType.parse("sequence_pool", pooltype)
    dims, lod = pool_dims("sequence_pool", x.dims(), x.lod())
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_lod(lod)
    if max_index:
        max_index.set_dims(dims)
        max_index.set_dtype(DataType.INT32)


def sequence_softmax_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims, dtype and lod (x: one value per row, its last LoD level covering
    every row)."""
    from phi.kernels.funcs.sequence import check_softmax_input

    if x.lod():  # known at run time only (the kernel refuses a tensor without one)
        check_softmax_input("sequence_softmax", x.dims(), x.lod())
    out.share_meta(x)


def sequence_mask_infer_meta(x: MetaTensor, max_len_tensor: MetaTensor, maxlen: int,
                             out_dtype: DataType, y: MetaTensor) -> None:
    """y: x's dims + [maxlen] in out_dtype (-1, set by the kernel, when the width comes
    from max_len_tensor or max(x))."""
    data_dependent = max_len_tensor or maxlen <= 0
    y.set_dims((*x.dims(), -1 if data_dependent else maxlen))
    y.set_dtype(out_dtype)


def sequence_conv_infer_meta(x: MetaTensor, padding_data: MetaTensor, filter: MetaTensor,
                             context_length: int, padding_trainable: bool, context_start: int,
                             context_stride: int, out: MetaTensor) -> None:
    """out: [x rows, filter columns] in x's dtype, x's lod."""
    from phi.kernels.funcs.sequence import check_conv_dims

    out.set_dims(check_conv_dims("sequence_conv", x.dims(), filter.dims(),
                                 padding_data.dims() if padding_data else None, context_length,
                                 context_start, context_stride, padding_trainable))
    out.set_dtype(x.dtype())
    out.share_lod(x)


def row_conv_infer_meta(x: MetaTensor, filter: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims, dtype and lod (filter: [future context, x's width])."""
    from phi.kernels.funcs.sequence import check_row_conv_dims

    check_row_conv_dims("row_conv", x.dims(), filter.dims())
    out.share_meta(x)


def lod_reset_infer_meta(x: MetaTensor, y: MetaTensor, target_lod: list[int], append: bool,
                         out: MetaTensor) -> None:
    """out: x's dims and dtype (the kernel sets the lod: it may come from y's values)."""
    out.set_dims(x.dims())
    out.set_dtype(x.dtype())


def sequence_expand_infer_meta(x: MetaTensor, y: MetaTensor, ref_level: int,
                               out: MetaTensor) -> None:
    """out: [repeated rows, x.dims[1:]] in x's dtype; the repeated sequences' lod when x
    has one."""
    from phi.kernels.funcs.sequence import expand_dims

    dims, lod = expand_dims("sequence_expand", x.dims(), x.lod(), y.lod(), ref_level)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_lod(lod)


def im2sequence_infer_meta(x: MetaTensor, y: MetaTensor, kernels: list[int],
                           strides: list[int], paddings: list[int], out_stride: list[int],
                           out: MetaTensor) -> None:
    """out: [N * windows of the whole image, C * kh * kw] in x's dtype (the kernel sizes it
    by y's real sizes when given, and sets the lod)."""
    from phi.kernels.funcs.sequence import check_im2sequence

    dims = x.dims()
    oh, ow = check_im2sequence("im2sequence", dims, kernels, strides, paddings, out_stride)
    rows = -1 if y and dims[0] > 1 else dims[0] * oh * ow  # y's real sizes: data
    out.set_dims((rows, dims[1] * kernels[0] * kernels[1]))
    out.set_dtype(x.dtype())


def match_matrix_tensor_infer_meta(x: MetaTensor, y: MetaTensor, w: MetaTensor, dim_t: int,
                                   out: MetaTensor, tmp: MetaTensor) -> None:
    """out: [-1, 1] (rows from the LoDs at run time); tmp: [rows_x * dim_t * dim_in, 1]."""
    from phi.kernels.funcs.sequence import check_match_dims

    check_match_dims("match_matrix_tensor", x.dims(), y.dims(), w.dims(), dim_t)
    out.set_dims((-1, 1))
    tmp.set_dims((x.dims()[0] * dim_t * x.dims()[1], 1))
    for meta in (out, tmp):
        meta.set_dtype(x.dtype())


def add_position_encoding_infer_meta(x: MetaTensor, alpha: float, beta: float,
                                     out: MetaTensor) -> None:
    """out: x's dims, dtype and LoD (the kernel checks the encoding size and the LoD)."""
    out.set_dims(x.dims())
    out.set_dtype(x.dtype())
    out.share_lod(x)


def pyramid_hash_infer_meta(x: MetaTensor, w: MetaTensor, num_emb: int, space_len: int,
                            pyramid_layer: int, rand_len: int, drop_out_percent: float,
                            is_training: int, use_filter: bool, white_list_len: int,
                            black_list_len: int, out: MetaTensor, drop_pos: MetaTensor,
                            x_temp_out: MetaTensor) -> None:
    """out: [-1, num_emb] in W's dtype (rows from the LoD at run time); drop_pos:
    [N * pyramid_layer, 1] int32; x_temp_out: X's dims, float32."""
    from phi.kernels.funcs.pyramid_hash import check_attrs

    check_attrs(num_emb, space_len, rand_len, is_training, use_filter, white_list_len,
                black_list_len)
    out.set_dims((-1, num_emb))
    out.set_dtype(w.dtype())
    drop_pos.set_dims((x.dims()[0] * pyramid_layer, 1))
    drop_pos.set_dtype(DataType.INT32)
    x_temp_out.set_dims(x.dims())
    x_temp_out.set_dtype(DataType.FLOAT32)

