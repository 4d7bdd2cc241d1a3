"""histogram and bincount under Paddle's PHI signatures (bincount sizes its output: the
data decides its length). Math in phi.kernels.funcs.histogram."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import histogram as hist_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("histogram", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("histogram", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def histogram_kernel(dev_ctx: DeviceContext, input: DenseTensor, weight: DenseTensor | None,
                     bins: int, min: float, max: float, density: bool, out: OutTensor) -> None:
    dtype = hist_funcs.histogram_dtype(weight is not None, density)
    data = dev_ctx.alloc(out, dtype if input.numel() else DataType.FLOAT32)
    hist_funcs.histogram(dev_ctx.xp, input.data, None if weight is None else weight.data, bins,
                         min, max, density, data)


@register_kernel("bincount", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("bincount", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def bincount_kernel(dev_ctx: DeviceContext, x: DenseTensor, weights: DenseTensor | None,
                    minlength: Scalar, out: OutTensor) -> None:
    counts = hist_funcs.bincount(dev_ctx.xp, x.data, None if weights is None else weights.data,
                                 minlength.to(int))
    dtype = hist_funcs.bincount_dtype(None if weights is None else weights.dtype)
    dev_ctx.alloc(out, dtype, tuple(counts.shape))[...] = counts
