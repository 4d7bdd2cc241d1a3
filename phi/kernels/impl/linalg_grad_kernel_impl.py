"""Gradients of the linear-algebra products (`fluidphi migrate` output of
legacy_fluid/operators/linalg_grad_op.py): bmm, mv, addmm, baddbmm, dot, kron, cross, trace;
the norms p_norm, dist, frobenius_norm, squared_l2_norm, l1_norm, norm and renorm; the chained
products bilinear (fluid's bilinear_tensor_product), multi_dot and matrix_power.
Math in phi.kernels.funcs.linalg_grad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.funcs import linalg_grad as la_grad
from phi.kernels.impl.dtype_sets import (
    FLOAT,
    FLOAT_COMPLEX,
    FLOAT_HALF_INT_COMPLEX,
    FLOAT_INT_COMPLEX,
)


@register_kernel("bmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bmm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    la_grad.bmm_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                     None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                     None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("mv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("mv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def mv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, vec: DenseTensor,
                   out_grad: DenseTensor, x_grad: OptionalOutTensor,
                   vec_grad: OptionalOutTensor) -> None:
    la_grad.mv_grad(dev_ctx.xp, x.data, vec.data, out_grad.data,
                    None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                    None if vec_grad is None else dev_ctx.alloc(vec_grad, vec.dtype))


@register_kernel("addmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("addmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def addmm_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor,
                      y: DenseTensor, out_grad: DenseTensor, beta: float, alpha: float,
                      input_grad: OptionalOutTensor, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    inp = input
    la_grad.addmm_grad(dev_ctx.xp, inp.data, x.data, y.data, out_grad.data, beta, alpha,
                       None if input_grad is None else dev_ctx.alloc(input_grad, inp.dtype),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("baddbmm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("baddbmm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def baddbmm_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor,
                        y: DenseTensor, out_grad: DenseTensor, beta: float, alpha: float,
                        input_grad: OptionalOutTensor, x_grad: OptionalOutTensor,
                        y_grad: OptionalOutTensor) -> None:
    inp = input
    la_grad.addmm_grad(dev_ctx.xp, inp.data, x.data, y.data, out_grad.data, beta, alpha,
                       None if input_grad is None else dev_ctx.alloc(input_grad, inp.dtype),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("dot_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("dot_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def dot_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    la_grad.dot_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                     None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                     None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("kron_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
@register_kernel("kron_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def kron_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out_grad: DenseTensor, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    la_grad.kron_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                      None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                      None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("cross_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("cross_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def cross_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out_grad: DenseTensor, dim: int, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    la_grad.cross_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                       la_funcs.cross_axis(x.dims, y.dims, dim),
                       None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                       None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("trace_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
@register_kernel("trace_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def trace_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                      offset: int, axis1: int, axis2: int, input_grad: OutTensor) -> None:
    x = input
    la_grad.trace_grad(dev_ctx.xp, out_grad.data, offset, axis1, axis2,
                       dev_ctx.alloc(input_grad, x.dtype))


@register_kernel("p_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("p_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def p_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                       out_grad: DenseTensor, porder: float, axis: int, epsilon: float,
                       keepdim: bool, asvector: bool, x_grad: OutTensor) -> None:
    la_grad.p_norm_grad(dev_ctx.xp, x.data, out.data, out_grad.data, porder, axis, epsilon,
                        asvector, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("dist_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("dist_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def dist_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, p: float, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    la_grad.dist_grad(dev_ctx.xp, x.data, y.data, out.data, out_grad.data, p,
                      None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
                      None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("frobenius_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("frobenius_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def frobenius_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                               out_grad: DenseTensor, axis: IntArray, keepdim: bool,
                               reduce_all: bool, x_grad: OutTensor) -> None:
    dim = axis.get_data()
    la_grad.frobenius_norm_grad(dev_ctx.xp, x.data, out.data, out_grad.data, dim, keepdim,
                                reduce_all, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("squared_l2_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("squared_l2_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def squared_l2_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                                x_grad: OutTensor) -> None:
    la_grad.squared_l2_norm_grad(dev_ctx.xp, x.data, out_grad.data,
                                 dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("l1_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("l1_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def l1_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    la_grad.l1_norm_grad(dev_ctx.xp, x.data, out_grad.data, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, norm: DenseTensor,
                     out_grad: DenseTensor, axis: int, epsilon: float, is_test: bool,
                     x_grad: OutTensor) -> None:
    la_grad.norm_grad(dev_ctx.xp, x.data, norm.data, out_grad.data, axis,
                      dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("renorm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("renorm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def renorm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                       p: float, axis: int, max_norm: float, x_grad: OutTensor) -> None:
    la_grad.renorm_grad(dev_ctx.xp, x.data, out_grad.data, p, axis, max_norm,
                        dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("bilinear_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bilinear_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bilinear_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         weight: DenseTensor, out_grad: DenseTensor, x_grad: OptionalOutTensor,
                         y_grad: OptionalOutTensor, weight_grad: OptionalOutTensor,
                         bias_grad: OptionalOutTensor) -> None:
    la_grad.bilinear_grad(
        dev_ctx.xp, x.data, y.data, weight.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, x.dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, x.dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype))


@register_kernel("multi_dot_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("multi_dot_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def multi_dot_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out_grad: DenseTensor,
                          x_grad: OutTensorList) -> None:
    xs = x
    x_grads = x_grad
    la_grad.multi_dot_grad(dev_ctx.xp, [x.data for x in xs], out_grad.data,
                           [None if g is None else dev_ctx.alloc(g, x.dtype)
                            for g, x in zip(x_grads, xs)])


#: x_shape carries the operands' dims without data: it reaches the kernel as given
_X_SHAPE = {"x_shape": {"backend": Backend.ALL_BACKEND}}


@register_kernel("einsum_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 FLOAT_COMPLEX,
                 arg_overrides=_X_SHAPE)
@register_kernel("einsum_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 FLOAT_COMPLEX,
                 arg_overrides=_X_SHAPE)
def einsum_grad_kernel(dev_ctx: DeviceContext, x_shape: list[DenseTensor],
                       inner_cache: list[DenseTensor], out_grad: DenseTensor, equation: str,
                       operands_grad: OutTensorList) -> None:
    x_shapes = x_shape
    caches = inner_cache
    operand_grads = operands_grad
    la_grad.einsum_check_caches([t.dims for t in x_shapes], [t.dims for t in caches])
    la_grad.einsum_grad(dev_ctx.xp, equation, [t.data for t in caches], out_grad.data,
                        [None if g is None else dev_ctx.alloc(g, out_grad.dtype)
                         for g in operand_grads])


@register_kernel("matrix_power_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matrix_power_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matrix_power_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                             out_grad: DenseTensor, n: int, x_grad: OutTensor) -> None:
    la_grad.matrix_power_grad(dev_ctx.xp, x.data, out_grad.data, n,
                              dev_ctx.alloc(x_grad, x.dtype))
