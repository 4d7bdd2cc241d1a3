"""random (the op filling x with integers in [from, to)): one body for every backend (math
in phi.kernels.funcs.random; `from_` is Paddle's `from`, a Python keyword)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs

_TYPES = [DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
          DataType.FLOAT16, DataType.BFLOAT16]


@register_kernel("random", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("random", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def random_kernel(dev_ctx: DeviceContext, x: DenseTensor, from_: int, to: int,
                  out: OutTensor) -> None:
    low = from_
    high = to
    data = dev_ctx.alloc(out, x.dtype)
    random_funcs.random_fill(dev_ctx.xp, low, high, data)
