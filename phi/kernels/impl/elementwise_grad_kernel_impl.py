"""Backward kernels of add, subtract, multiply, divide, maximum, minimum, elementwise_pow,
fmax, fmin, heaviside and remainder (backward.yaml names): one body per kernel for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import elementwise_grad as ewg_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX, FLOAT_INT, FLOAT_INT_COMPLEX
from phi.kernels.impl.elementwise_templates import binary_grad, binary_grad_axis

#: add / divide grads: every integer width Paddle registers, bool too
_ALL_INT = [*FLOAT_INT_COMPLEX, DataType.INT8, DataType.UINT8, DataType.INT16, DataType.BOOL]
_SUBTRACT = [*FLOAT_INT_COMPLEX, DataType.INT16, DataType.BFLOAT16]
#: in the legacy kernel's registration order (the codemod's)
_MULTIPLY = [*FLOAT, DataType.COMPLEX64, DataType.COMPLEX128, DataType.INT32, DataType.INT64,
             DataType.BFLOAT16, DataType.BOOL]
#: maximum / minimum grads
_PICK = [*FLOAT_INT, DataType.BFLOAT16]
#: elementwise_pow grad: complex too (not the conjugate convention, as Paddle 3.3.1)
_POW = [*_PICK, DataType.COMPLEX64, DataType.COMPLEX128]


register_table(binary_grad_axis, [
    KernelRow("subtract_grad", ewg_funcs.subtract_grad, _SUBTRACT),
    KernelRow("multiply_grad", ewg_funcs.multiply_grad, _MULTIPLY),
    KernelRow("add_grad", ew_funcs.add_grad, _ALL_INT),
])

register_table(binary_grad, [
    KernelRow("maximum_grad", ewg_funcs.maximum_grad, _PICK),
    KernelRow("minimum_grad", ewg_funcs.minimum_grad, _PICK),
    KernelRow("elementwise_pow_grad", ewg_funcs.elementwise_pow_grad, _POW),
    KernelRow("fmax_grad", ewg_funcs.fmax_grad, FLOAT_INT),
    KernelRow("fmin_grad", ewg_funcs.fmin_grad, FLOAT_INT),
    KernelRow("heaviside_grad", ewg_funcs.heaviside_grad, FLOAT_INT),
    KernelRow("remainder_grad", ewg_funcs.remainder_grad, FLOAT_COMPLEX),
])


@register_kernel("divide_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _ALL_INT)
@register_kernel("divide_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _ALL_INT)
def divide_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: DenseTensor, out_grad: DenseTensor, axis: int,
                       x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.divide_grad(dev_ctx.xp, x.data, y.data, out.data, out_grad.data, axis, dx, dy)
