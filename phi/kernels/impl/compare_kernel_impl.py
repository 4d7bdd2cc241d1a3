"""Compare kernels: out = x (op) y element-wise, bool.

`equal`, `not_equal`, `less_than`, `less_equal`, `greater_than`, `greater_equal`
broadcast NumPy-style; each `<op>_raw` aligns y with x at dimension `axis` (fluid's
compare ops carry that attribute). equal / not_equal also take complex dtypes.
"""

from __future__ import annotations

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


@register_kernel("equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.equal(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("equal", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("equal", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.equal(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("not_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("not_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def not_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.not_equal(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("not_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _EQUALITY_CPU)
@register_kernel("not_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _EQUALITY_GPU)
def not_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.not_equal(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("less_than_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_than_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_than_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.less_than(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("less_than", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_than", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_than_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.less_than(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("less_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                          out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.less_equal(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("less_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("less_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def less_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.less_equal(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("greater_than_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_than_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_than_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                            out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_than(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("greater_than", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_than", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_than_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_than(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("greater_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                             out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_equal(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("greater_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _ORDER_CPU)
@register_kernel("greater_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _ORDER_GPU)
def greater_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_equal(dev_ctx.xp, x.data, y.data, -1, data)
