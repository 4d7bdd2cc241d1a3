"""Gradients of cast and scale, for the generated API's tape.

Legacy static programs carry no grad op types for these: Paddle's backward writes a `cast`
back to X's dtype and a `scale` by the same factor (no bias), which run as those forward
ops (and `sum`'s gradient as one `scale` by 1 per input). The PHI backward ops do the same
math: cast_grad casts out_grad to x's dtype, scale_grad multiplies it by scale.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import cast as cast_funcs
from phi.kernels.funcs import scale as scale_funcs

_FLOAT = [DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("cast_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("cast_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def cast_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     x_grad: OutTensor) -> None:
    """x is read for its dtype only."""
    data = dev_ctx.alloc(x_grad, x.dtype)
    cast_funcs.cast(dev_ctx.xp, out_grad.data, data)


@register_kernel("scale_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("scale_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def scale_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, scale: Scalar,
                      x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    scale_funcs.scale(dev_ctx.xp, out_grad.data, scale.to(float), 0.0, True, data)

