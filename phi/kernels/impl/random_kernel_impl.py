"""The random family: uniform and gaussian (fluid's uniform_random / gaussian_random
initializers) and random (the op filling x with integers in [from, to)); one body for every
backend (math in phi.kernels.funcs.random; `from_` is Paddle's `from`, a Python keyword)."""


from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF_BF16_COMPLEX

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


# Paddle 3.3.1's CPU uniform / gaussian: the float types, half and complex too
@register_kernel("uniform", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16_COMPLEX)
@register_kernel("uniform", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def uniform_kernel(dev_ctx: DeviceContext, shape: IntArray, dtype: DataType, min: Scalar,
                   max: Scalar, seed: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, tuple(shape.get_data()))
    random_funcs.uniform(dev_ctx.xp, min.to(float), max.to(float), seed, data)


@register_kernel("gaussian", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16_COMPLEX)
@register_kernel("gaussian", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gaussian_kernel(dev_ctx: DeviceContext, shape: IntArray, mean: float, std: float, seed: int,
                    dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, tuple(shape.get_data()))
    random_funcs.gaussian(dev_ctx.xp, mean, std, seed, data)
