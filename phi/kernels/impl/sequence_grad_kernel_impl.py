"""Grads of the LoD sequence family: sequence_pool_grad, sequence_softmax_grad,
sequence_conv_grad, sequence_expand_grad, row_conv_grad, lod_reset_grad,
add_position_encoding_grad, im2sequence_grad, match_matrix_tensor_grad; one body each for
every backend (math in phi.kernels.funcs.sequence_grad; the sequences from X's LoD)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.funcs import sequence_grad as seq_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT


@register_kernel("sequence_pool_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_pool_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_pool_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                              max_index: DenseTensor | None, out_grad: DenseTensor,
                              is_test: bool, pooltype: str, pad_value: float,
                              x_grad: OutTensor) -> None:
    pool = seq_funcs.PoolType.parse("sequence_pool_grad", pooltype)
    offsets = seq_funcs.last_level("sequence_pool_grad", x.lod, x.dims[0], max_levels=2)
    index = None if pool is not seq_funcs.PoolType.MAX or max_index is None else max_index.data
    seq_grad_funcs.sequence_pool_grad(dev_ctx.xp, offsets, pool, out_grad.data, index,
                                      dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("sequence_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_softmax_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                                 out_grad: DenseTensor, x_grad: OutTensor) -> None:
    offsets = seq_funcs.check_softmax_input("sequence_softmax_grad", x.dims, x.lod)
    seq_grad_funcs.sequence_softmax_grad(dev_ctx.xp, out.data, out_grad.data, offsets,
                                         dev_ctx.alloc(x_grad, out.dtype))


@register_kernel("sequence_conv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_conv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_conv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                              padding_data: DenseTensor | None, filter: DenseTensor,
                              out_grad: DenseTensor, context_length: int,
                              padding_trainable: bool, context_start: int, context_stride: int,
                              x_grad: OptionalOutTensor, padding_data_grad: OptionalOutTensor,
                              filter_grad: OptionalOutTensor) -> None:
    offsets = seq_funcs.conv_offsets("sequence_conv_grad", x.lod, x.dims[0])
    padding = None if padding_data is None or not padding_trainable else padding_data.data
    seq_grad_funcs.sequence_conv_grad(
        dev_ctx.xp, x.data, offsets, filter.data, padding, out_grad.data, context_length,
        context_start, None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if padding is None or padding_data_grad is None
        else dev_ctx.alloc(padding_data_grad, x.dtype),
        None if filter_grad is None else dev_ctx.alloc(filter_grad, x.dtype))


@register_kernel("sequence_expand_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("sequence_expand_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def sequence_expand_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                out_grad: DenseTensor, ref_level: int,
                                x_grad: OutTensor) -> None:
    rows, _ = seq_funcs.expand_plan("sequence_expand_grad", x.dims, x.lod, y.lod, ref_level)
    seq_grad_funcs.sequence_expand_grad(dev_ctx.xp, rows, out_grad.data,
                                        dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("row_conv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("row_conv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def row_conv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                         out_grad: DenseTensor, x_grad: OptionalOutTensor,
                         filter_grad: OptionalOutTensor) -> None:
    offsets = seq_funcs.row_conv_offsets("row_conv_grad", x.dims, x.lod)
    seq_grad_funcs.row_conv_grad(
        dev_ctx.xp, x.data, offsets, filter.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if filter_grad is None else dev_ctx.alloc(filter_grad, x.dtype))


@register_kernel("lod_reset_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("lod_reset_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def lod_reset_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                          target_lod: list[int], append: bool, x_grad: OutTensor) -> None:
    dev_ctx.alloc(x_grad, out_grad.dtype)[...] = out_grad.data


@register_kernel("add_position_encoding_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("add_position_encoding_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def add_position_encoding_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                      out_grad: DenseTensor, alpha: float, beta: float,
                                      x_grad: OutTensor) -> None:
    seq_grad_funcs.add_position_encoding_grad(dev_ctx.xp, out_grad.data, alpha,
                                              dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("im2sequence_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("im2sequence_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def im2sequence_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                            out_grad: DenseTensor, kernels: list[int], strides: list[int],
                            paddings: list[int], out_stride: list[int],
                            x_grad: OutTensor) -> None:
    seq_grad_funcs.im2sequence_grad(dev_ctx.xp, out_grad.data, kernels, strides, paddings,
                                    out_stride, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("match_matrix_tensor_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32])
@register_kernel("match_matrix_tensor_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32])
def match_matrix_tensor_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                    w: DenseTensor, tmp: DenseTensor, out_grad: DenseTensor,
                                    dim_t: int, x_grad: OptionalOutTensor,
                                    y_grad: OptionalOutTensor,
                                    w_grad: OptionalOutTensor) -> None:
    x_off, y_off, out_off = seq_funcs.match_offsets("match_matrix_tensor_grad", x.dims, x.lod,
                                                    y.dims, y.lod, dim_t)
    seq_grad_funcs.match_matrix_tensor_grad(
        dev_ctx.xp, x.data, y.data, w.data, tmp.data, out_grad.data, x_off, y_off, out_off,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype),
        None if w_grad is None else dev_ctx.alloc(w_grad, w.dtype))
