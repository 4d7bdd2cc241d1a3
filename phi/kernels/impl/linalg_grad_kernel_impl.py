"""Gradients of the linear-algebra products (`fluidphi migrate` output of
legacy_fluid/operators/linalg_grad_op.py): bmm, mv, addmm, baddbmm, dot, kron, cross, trace.
Math in phi.kernels.funcs.linalg_grad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.funcs import linalg_grad as la_grad


@register_kernel("bmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("bmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
def bmm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    la_grad.bmm_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                     None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                     None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("mv_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("mv_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
def mv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, vec: DenseTensor,
                   out_grad: DenseTensor, x_grad: OptionalOutTensor,
                   vec_grad: OptionalOutTensor) -> None:
    la_grad.mv_grad(dev_ctx.xp, x.data, vec.data, out_grad.data,
                    None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                    None if vec_grad is None else dev_ctx.alloc(vec_grad, vec.dtype))


@register_kernel("addmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("addmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
def addmm_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor,
                      y: DenseTensor, out_grad: DenseTensor, beta: float, alpha: float,
                      input_grad: OptionalOutTensor, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    inp = input
    la_grad.addmm_grad(dev_ctx.xp, inp.data, x.data, y.data, out_grad.data, beta, alpha,
                       None if input_grad is None else dev_ctx.alloc(input_grad, inp.dtype),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("baddbmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("baddbmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
def baddbmm_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor,
                        y: DenseTensor, out_grad: DenseTensor, beta: float, alpha: float,
                        input_grad: OptionalOutTensor, x_grad: OptionalOutTensor,
                        y_grad: OptionalOutTensor) -> None:
    inp = input
    la_grad.addmm_grad(dev_ctx.xp, inp.data, x.data, y.data, out_grad.data, beta, alpha,
                       None if input_grad is None else dev_ctx.alloc(input_grad, inp.dtype),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("dot_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
                  DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("dot_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
                  DataType.COMPLEX64, DataType.COMPLEX128])
def dot_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    la_grad.dot_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                     None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                     None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("kron_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
                  DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("kron_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
                  DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128])
def kron_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out_grad: DenseTensor, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    la_grad.kron_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                      None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                      None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("cross_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
                  DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("cross_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
                  DataType.COMPLEX64, DataType.COMPLEX128])
def cross_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out_grad: DenseTensor, dim: int, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    la_grad.cross_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                       la_funcs.cross_axis(x.dims, y.dims, dim),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("trace_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
                  DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("trace_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
                  DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128])
def trace_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                      offset: int, axis1: int, axis2: int, input_grad: OutTensor) -> None:
    x = input
    la_grad.trace_grad(dev_ctx.xp, out_grad.data, offset, axis1, axis2,
                       dev_ctx.alloc(input_grad, x.dtype))
