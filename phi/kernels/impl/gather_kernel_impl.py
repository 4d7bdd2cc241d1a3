"""gather: slices of x at `index` along `axis` (index keeps its integer type)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import gather as gather_funcs
from phi.kernels.impl.dtype_sets import BOOL_INTS_FLOAT_BF16_COMPLEX, BOOL_INTS_FLOAT_HALF_COMPLEX


@register_kernel("gather", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_BF16_COMPLEX)
@register_kernel("gather", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def gather_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor, axis: Scalar,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    gather_funcs.gather(dev_ctx.xp, x.data, index.data, axis.to(int), data)
