"""Backward kernels of conv2d, depthwise_conv2d, pool2d and batch_norm (backward.yaml
names; batch_norm's as fluidphi's forward names them: y, data_layout)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import batch_norm as bn_funcs
from phi.kernels.funcs import batch_norm_grad as bn_grad_funcs
from phi.kernels.funcs import conv_grad as conv_grad_funcs
from phi.kernels.funcs import pooling_grad as pool_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


def _data(t: DenseTensor | None):
    """The data of an input the forward wrote, else None (batch_norm's saved statistics
    are not written with global statistics)."""
    return t.data if t is not None and t.initialized() else None


@register_kernel("conv2d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv2d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def conv2d_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                       out_grad: DenseTensor, strides: list[int], paddings: list[int],
                       padding_algorithm: str, dilations: list[int], groups: int,
                       data_format: str, input_grad: OptionalOutTensor,
                       filter_grad: OptionalOutTensor) -> None:
    dx = None if input_grad is None else dev_ctx.alloc(input_grad, input.dtype)
    dw = None if filter_grad is None else dev_ctx.alloc(filter_grad, filter.dtype)
    conv_grad_funcs.conv2d_grad(dev_ctx.xp, input.data, filter.data, out_grad.data, strides,
                                paddings, padding_algorithm, dilations, groups, data_format,
                                dx, dw)


@register_kernel("depthwise_conv2d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("depthwise_conv2d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def depthwise_conv2d_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor,
                                 filter: DenseTensor, out_grad: DenseTensor,
                                 strides: list[int], paddings: list[int],
                                 padding_algorithm: str, groups: int, dilations: list[int],
                                 data_format: str, input_grad: OptionalOutTensor,
                                 filter_grad: OptionalOutTensor) -> None:
    dx = None if input_grad is None else dev_ctx.alloc(input_grad, input.dtype)
    dw = None if filter_grad is None else dev_ctx.alloc(filter_grad, filter.dtype)
    conv_grad_funcs.conv2d_grad(dev_ctx.xp, input.data, filter.data, out_grad.data, strides,
                                paddings, padding_algorithm, dilations, groups, data_format,
                                dx, dw)


@register_kernel("pool2d_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*FLOAT, DataType.FLOAT16])
@register_kernel("pool2d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def pool2d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                       out_grad: DenseTensor, kernel_size: IntArray, strides: list[int],
                       paddings: list[int], ceil_mode: bool, exclusive: bool, data_format: str,
                       pooling_type: str, global_pooling: bool, adaptive: bool,
                       padding_algorithm: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.pool2d_grad(dev_ctx.xp, x.data, out.data, out_grad.data,
                                kernel_size.get_data(), strides, paddings, ceil_mode, exclusive,
                                data_format, pooling_type, global_pooling, adaptive,
                                padding_algorithm, data)


@register_kernel("batch_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("batch_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def batch_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                           bias: DenseTensor | None, mean_out: DenseTensor | None,
                           variance_out: DenseTensor | None, saved_mean: DenseTensor | None,
                           saved_variance: DenseTensor | None,
                           reserve_space: DenseTensor | None, y_grad: DenseTensor,
                           momentum: float, epsilon: float, data_layout: str, is_test: bool,
                           use_global_stats: bool, trainable_statistics: bool,
                           x_grad: OptionalOutTensor, scale_grad: OptionalOutTensor,
                           bias_grad: OptionalOutTensor) -> None:
    """Global statistics when is_test or use_global_stats (Paddle's grad kernel rule)."""
    global_stats = bn_funcs.uses_global_stats(is_test, use_global_stats, False)
    param_dtype = x.dtype if scale is None else scale.dtype
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, y_grad.dtype)
    ds = None if scale_grad is None else dev_ctx.alloc(scale_grad, param_dtype)
    db = None if bias_grad is None else dev_ctx.alloc(bias_grad, param_dtype)
    bn_grad_funcs.batch_norm_grad(dev_ctx.xp, x.data, _data(scale), _data(mean_out),
                                  _data(variance_out), _data(saved_mean), _data(saved_variance),
                                  y_grad.data, epsilon, data_layout, global_stats, dx, ds, db)
