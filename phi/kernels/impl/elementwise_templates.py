"""Template bodies of the element-wise kernel tables (phi.core.kernel_table), one
`KernelRow` per PHI kernel: unary out = row.func(x) (the unary math, activation,
logical_not, bitwise_not, silu and logsigmoid kernels) and binary out = row.func(x, y) (the
logical, bitwise, copysign and nextafter kernels, and the arithmetic ones: add, subtract,
multiply, divide, ... with y broadcast NumPy-style, their _raw forms aligning y at axis), and
the binary grads d(x, y) = row.func(x, y, out_grad) (add, subtract, multiply aligning y at
axis; maximum, minimum, elementwise_pow, fmax, fmin, heaviside, remainder, copysign)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_table import KernelRow


def same_dtype(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    """Out has x's dtype."""
    data = dev_ctx.alloc(out, x.dtype)
    row.func(dev_ctx.xp, x.data, data)


def same_dtype_in_call(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor
                       ) -> None:
    """Out has x's dtype, allocated in the call (the special functions, l1_norm,
    standard_gamma)."""
    row.func(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


def bool_out(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    """Out is bool."""
    data = dev_ctx.alloc(out, DataType.BOOL)
    row.func(dev_ctx.xp, x.data, data)


def out_dtype_of(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor
                 ) -> None:
    """Out's dtype is row.extra(x's dtype)."""
    data = dev_ctx.alloc(out, row.extra(x.dtype))
    row.func(dev_ctx.xp, x.data, data)


def binary_bool_out(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out: OutTensor) -> None:
    """Out is bool."""
    data = dev_ctx.alloc(out, DataType.BOOL)
    row.func(dev_ctx.xp, x.data, y.data, data)


def binary_same_dtype(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out: OutTensor) -> None:
    """Out has x's dtype."""
    data = dev_ctx.alloc(out, x.dtype)
    row.func(dev_ctx.xp, x.data, y.data, data)


def binary_axis(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                axis: int, out: OutTensor) -> None:
    """Out has x's dtype; row.func aligns y with x at `axis` (fluid's elementwise ops)."""
    data = dev_ctx.alloc(out, x.dtype)
    row.func(dev_ctx.xp, x.data, y.data, axis, data)


def binary_broadcast(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    """Out has x's dtype; row.func aligns y with x at axis -1 (NumPy broadcasting)."""
    data = dev_ctx.alloc(out, x.dtype)
    row.func(dev_ctx.xp, x.data, y.data, -1, data)


def binary_grad(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                out_grad: DenseTensor, x_grad: OptionalOutTensor, y_grad: OptionalOutTensor
                ) -> None:
    """x_grad and y_grad (each when asked for) have out_grad's dtype."""
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    row.func(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


def binary_grad_axis(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    """As binary_grad; row.func aligns y with x at `axis` (fluid's elementwise ops)."""
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    row.func(dev_ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)
