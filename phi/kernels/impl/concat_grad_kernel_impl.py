"""concat_grad and stack_grad: the output gradient cut back into the inputs' pieces."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import concat_grad as concat_grad_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import BOOL_INTS_FLOAT_COMPLEX

#: Paddle 3.3.1's CPU concat_grad adds float16, its stack_grad float16 and bfloat16
_CONCAT_CPU = [*BOOL_INTS_FLOAT_COMPLEX, DataType.FLOAT16]
_STACK_CPU = [*_CONCAT_CPU, DataType.BFLOAT16]


def _alloc(op: str, dev_ctx: DeviceContext, outs: list[DenseTensor],
           dims: list[tuple[int, ...]], out_grad: DenseTensor) -> list:
    """The gradient arrays, one per input (None where the program asks for none: both
    paths keep a gradient list's positions, @EMPTY@ as None)."""
    if len(outs) != len(dims):
        raise ValueError(f"{op}: {len(outs)} input gradient slots for {len(dims)} inputs")
    return [None if out is None else dev_ctx.alloc(out, out_grad.dtype, d)
            for out, d in zip(outs, dims)]


@register_kernel("concat_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [*_CONCAT_CPU, *FLOAT8_TYPES])
@register_kernel("concat_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_COMPLEX)
def concat_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out_grad: DenseTensor,
                       axis: Scalar, x_grad: OutTensorList) -> None:
    shapes = [tuple(t.dims) for t in x]
    concat_grad_funcs.concat_grad(dev_ctx.xp, shapes, out_grad.data, int(axis.to(int)),
                                  _alloc("concat_grad", dev_ctx, x_grad, shapes, out_grad))


@register_kernel("stack_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _STACK_CPU)
@register_kernel("stack_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_COMPLEX)
def stack_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out_grad: DenseTensor,
                      axis: int, x_grad: OutTensorList) -> None:
    shapes = [tuple(t.dims) for t in x]
    concat_grad_funcs.stack_grad(dev_ctx.xp, out_grad.data, axis,
                                 _alloc("stack_grad", dev_ctx, x_grad, shapes, out_grad))
