"""layer_norm: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import layer_norm as ln_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("layer_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("layer_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def layer_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                      bias: DenseTensor | None, epsilon: float, begin_norm_axis: int,
                      out: OutTensor, mean: OptionalOutTensor,
                      variance: OptionalOutTensor) -> None:
    stats = ln_funcs.stats_dtype(x.dtype)
    y_data = dev_ctx.alloc(out, x.dtype)
    mean_data = dev_ctx.alloc(mean, stats) if mean is not None else None
    var_data = dev_ctx.alloc(variance, stats) if variance is not None else None
    ln_funcs.layer_norm(dev_ctx.xp, x.data, None if scale is None else scale.data,
                        None if bias is None else bias.data, epsilon, begin_norm_axis,
                        y_data, mean_data, var_data)
