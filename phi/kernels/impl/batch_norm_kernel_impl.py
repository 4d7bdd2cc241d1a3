"""batch_norm (training or global statistics) and batch_norm_infer, for every backend.

Inputs are read before outputs are allocated: mean_out / variance_out are
usually the very variables holding mean / variance (updated in place).
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import batch_norm as bn_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("batch_norm_infer", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("batch_norm_infer", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def batch_norm_infer_kernel(dev_ctx: DeviceContext, x: DenseTensor, mean: DenseTensor,
                            variance: DenseTensor, scale: DenseTensor | None,
                            bias: DenseTensor | None, momentum: float, epsilon: float,
                            data_layout: str, y: OutTensor, mean_out: OutTensor,
                            variance_out: OutTensor) -> None:
    xd, md, vd = x.data, mean.data, variance.data
    sd = None if scale is None else scale.data
    bd = None if bias is None else bias.data
    xp = dev_ctx.xp
    y_data = dev_ctx.alloc(y, x.dtype)
    bn_funcs.batch_norm_infer(xp, xd, md, vd, sd, bd, epsilon, data_layout, y_data)
    mo = dev_ctx.alloc(mean_out, mean.dtype)
    if mo is not md:
        mo[...] = md
    vo = dev_ctx.alloc(variance_out, variance.dtype)
    if vo is not vd:
        vo[...] = vd


@register_kernel("batch_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("batch_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def batch_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, mean: DenseTensor,
                      variance: DenseTensor, scale: DenseTensor | None, bias: DenseTensor | None,
                      is_test: bool, momentum: float, epsilon: float, data_layout: str,
                      use_global_stats: bool, trainable_statistics: bool, y: OutTensor,
                      mean_out: OutTensor, variance_out: OutTensor,
                      saved_mean: OptionalOutTensor, saved_variance: OptionalOutTensor,
                      reserve_space: OptionalOutTensor) -> None:
    """With running statistics saved_mean / saved_variance are not written; reserve_space
    (a cuDNN workspace in Paddle) never is."""
    xd, md, vd = x.data, mean.data, variance.data
    sd = None if scale is None else scale.data
    bd = None if bias is None else bias.data
    xp = dev_ctx.xp
    y_data = dev_ctx.alloc(y, x.dtype)
    if bn_funcs.uses_global_stats(is_test, use_global_stats, trainable_statistics):
        bn_funcs.batch_norm_infer(xp, xd, md, vd, sd, bd, epsilon, data_layout, y_data)
        mo = dev_ctx.alloc(mean_out, mean.dtype)
        if mo is not md:
            mo[...] = md
        vo = dev_ctx.alloc(variance_out, variance.dtype)
        if vo is not vd:
            vo[...] = vd
        return
    mo = dev_ctx.alloc(mean_out, mean.dtype)
    vo = dev_ctx.alloc(variance_out, variance.dtype)
    sm = None if saved_mean is None else dev_ctx.alloc(saved_mean, mean.dtype)
    sv = None if saved_variance is None else dev_ctx.alloc(saved_variance, mean.dtype)
    bn_funcs.batch_norm_train(xp, xd, md, vd, sd, bd, momentum, epsilon, data_layout, y_data,
                              mo, vo, sm, sv)
