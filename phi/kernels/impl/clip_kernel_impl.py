"""clip: out = x limited to [min, max] (bounds cast to x's element type; NaN passes)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT, FLOAT_INT


@register_kernel("clip", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("clip", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def clip_kernel(dev_ctx: DeviceContext, x: DenseTensor, min: Scalar, max: Scalar,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.clip(dev_ctx.xp, x.data, min.to(float), max.to(float), data)
