"""Compare kernels: out = x (op) y element-wise, bool.

`equal`, `not_equal`, `less_than`, `less_equal`, `greater_than`, `greater_equal`
broadcast NumPy-style; each `<op>_raw` aligns y with x at dimension `axis` (fluid's
compare ops carry that attribute) and `<op>` is `<op>_raw` with axis -1, as in Paddle.
equal / not_equal also take complex dtypes.
"""

from __future__ import annotations

from collections.abc import Callable

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs

_ORDER_CPU = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64]
_ORDER_GPU = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64]
_EQUALITY_CPU = [*_ORDER_CPU, DataType.COMPLEX64, DataType.COMPLEX128]
_EQUALITY_GPU = [*_ORDER_GPU, DataType.COMPLEX64, DataType.COMPLEX128]


def _compare(dev_ctx: DeviceContext, fn: Callable[..., None], x: DenseTensor, y: DenseTensor,
             axis: int, out: OutTensor) -> None:
    """out = fn(x, y) element-wise, bool, y aligned with x at `axis`."""
    data = dev_ctx.alloc(out, DataType.BOOL)
    fn(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                     out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.equal, x, y, axis, out)


@register_kernel("equal", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("equal", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                 out: OutTensor) -> None:
    equal_raw_kernel(dev_ctx, x, y, -1, out)


@register_kernel("not_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("not_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def not_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                         out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.not_equal, x, y, axis, out)


@register_kernel("not_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("not_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def not_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    not_equal_raw_kernel(dev_ctx, x, y, -1, out)


@register_kernel("less_than_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_than_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_than_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                         out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.less_than, x, y, axis, out)


@register_kernel("less_than", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_than", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_than_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    less_than_raw_kernel(dev_ctx, x, y, -1, out)


@register_kernel("less_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                          out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.less_equal, x, y, axis, out)


@register_kernel("less_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out: OutTensor) -> None:
    less_equal_raw_kernel(dev_ctx, x, y, -1, out)


@register_kernel("greater_than_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_than_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_than_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                            out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.greater_than, x, y, axis, out)


@register_kernel("greater_than", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_than", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_than_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        out: OutTensor) -> None:
    greater_than_raw_kernel(dev_ctx, x, y, -1, out)


@register_kernel("greater_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                             out: OutTensor) -> None:
    _compare(dev_ctx, compare_funcs.greater_equal, x, y, axis, out)


@register_kernel("greater_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         out: OutTensor) -> None:
    greater_equal_raw_kernel(dev_ctx, x, y, -1, out)
