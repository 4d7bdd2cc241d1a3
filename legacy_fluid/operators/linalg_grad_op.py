"""Backward ops of the linear-algebra products (linalg_op): bmm_grad, mv_grad, addmm_grad,
baddbmm_grad, dot_grad, kron_grad, cross_grad, trace_grad; and of the norms: p_norm_grad,
dist_grad (X, Y, Out, Out@GRAD), frobenius_norm_grad (X, Out, Out@GRAD), squared_l2_norm_grad,
l1_norm_grad (X, Out@GRAD), norm_grad (X, Norm, Out@GRAD), renorm_grad (X, Out@GRAD); and
of the chained products: bilinear_tensor_product_grad (X, Y, Weight, Out@GRAD -> the four
gradients, Bias@GRAD [1, S] without Bias), multi_dot_grad (X[], Out@GRAD -> X@GRAD[]),
matrix_power_grad (X, Out, Out@GRAD); einsum_grad (x_shape[], InnerCache[], Out@GRAD ->
Operands@GRAD[]: the operands' values from the forward's InnerCache, their dims from its
XShape, Paddle's lower-case `x_shape` slot). Each
reads the forward's inputs and Out@GRAD (trace_grad: Input for its dims, and Out@GRAD) and
writes the inputs' gradients (each may be left out), with the forward's attributes; every
slot name and attribute as Paddle 3.3.1's grad OpDesc. Math: phi.kernels.funcs.linalg_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import LikeXGradKernel, XYGradKernel, XYOutGradKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.funcs import linalg_grad as la_grad

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
_INT = (DataType.INT32, DataType.INT64)


class MvGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        vec = ctx.input("Vec")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        vec_grad = ctx.output("Vec@GRAD")
        la_grad.mv_grad(ctx.xp, x.data, vec.data, out_grad.data,
                        None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
                        None if vec_grad is None
                        else vec_grad.mutable_data(ctx.place, vec.dtype))


class AddmmGradKernel(OpKernel):  # addmm_grad and baddbmm_grad (a batch dim: a matmul batch)
    def compute(self, ctx: ExecutionContext) -> None:
        inp = ctx.input("Input")
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        input_grad = ctx.output("Input@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        beta = ctx.attr("Beta")
        alpha = ctx.attr("Alpha")
        la_grad.addmm_grad(
            ctx.xp, inp.data, x.data, y.data, out_grad.data, beta, alpha,
            None if input_grad is None else input_grad.mutable_data(ctx.place, inp.dtype),
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class CrossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        dim = ctx.attr("dim")
        la_grad.cross_grad(ctx.xp, x.data, y.data, out_grad.data,
                           la_funcs.cross_axis(x.dims, y.dims, dim),
                           None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
                           None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class TraceGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out_grad = ctx.input("Out@GRAD")
        input_grad = ctx.output("Input@GRAD")
        offset = ctx.attr("offset")
        axis1 = ctx.attr("axis1")
        axis2 = ctx.attr("axis2")
        la_grad.trace_grad(ctx.xp, out_grad.data, offset, axis1, axis2,
                           input_grad.mutable_data(ctx.place, x.dtype))


class PNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        porder = ctx.attr("porder")
        axis = ctx.attr("axis")
        epsilon = ctx.attr("epsilon")
        asvector = ctx.attr("asvector")
        la_grad.p_norm_grad(ctx.xp, x.data, out.data, out_grad.data, porder, axis, epsilon,
                            asvector, x_grad.mutable_data(ctx.place, x.dtype))


class FrobeniusNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        keep_dim = ctx.attr("keep_dim")
        reduce_all = ctx.attr("reduce_all")
        la_grad.frobenius_norm_grad(ctx.xp, x.data, out.data, out_grad.data, dim, keep_dim,
                                    reduce_all, x_grad.mutable_data(ctx.place, x.dtype))


class NormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        norm = ctx.input("Norm")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        la_grad.norm_grad(ctx.xp, x.data, norm.data, out_grad.data, axis,
                          x_grad.mutable_data(ctx.place, x.dtype))


class BilinearTensorProductGradOp(GradOp):
    """X@GRAD, Y@GRAD, Weight@GRAD like their inputs; Bias@GRAD [1, S] (the desc has no
    Bias input)."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        for slot in ("X", "Y", "Weight"):
            if ctx.has_output(slot + "@GRAD"):
                ctx.set_output_dim(slot + "@GRAD", ctx.get_input_dim(slot))
                ctx.set_output_dtype(slot + "@GRAD", ctx.get_input_dtype(slot))
        if ctx.has_output("Bias@GRAD"):
            ctx.set_output_dim("Bias@GRAD", (1, ctx.get_input_dim("Weight")[0]))
            ctx.set_output_dtype("Bias@GRAD", ctx.get_input_dtype("X"))


class MultiDotGradOp(GradOp):
    """X@GRAD[i] like X[i]."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_outputs_dim("X@GRAD", ctx.get_inputs_dim("X"))
        ctx.set_outputs_dtype("X@GRAD", ctx.get_input_dtype("X"))


class EinsumGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x_shape", "the forward's XShape (each operand's dims)",
                       duplicable=True)
        self.add_input("InnerCache", "the forward's InnerCache (each operand)", duplicable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("Operands@GRAD", "gradients of the operands", duplicable=True,
                        dispensable=True)
        self.add_attr("equation", AttrType.STRING, None, "the forward's equation")


class EinsumGradOp(GradOp):
    """Operands@GRAD[i] with x_shape[i]'s dims, in Out@GRAD's dtype."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_outputs_dim("Operands@GRAD", ctx.get_inputs_dim("x_shape"))
        ctx.set_outputs_dtype("Operands@GRAD", ctx.get_input_dtype("Out@GRAD"))


class BilinearTensorProductGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        weight = ctx.input("Weight")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        la_grad.bilinear_grad(
            ctx.xp, x.data, y.data, weight.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, x.dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, x.dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype))


class MultiDotGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grads = ctx.multi_output("X@GRAD")
        la_grad.multi_dot_grad(ctx.xp, [x.data for x in xs], out_grad.data,
                               [None if g is None else g.mutable_data(ctx.place, x.dtype)
                                for g, x in zip(x_grads, xs)])


class EinsumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x_shapes = ctx.multi_input("x_shape")
        caches = ctx.multi_input("InnerCache")
        out_grad = ctx.input("Out@GRAD")
        operand_grads = ctx.multi_output("Operands@GRAD")
        equation = ctx.attr("equation")
        la_grad.einsum_check_caches([t.dims for t in x_shapes], [t.dims for t in caches])
        la_grad.einsum_grad(ctx.xp, equation, [t.data for t in caches], out_grad.data,
                            [None if g is None else g.mutable_data(ctx.place, out_grad.dtype)
                             for g in operand_grads])


VERIFY_CASES = {
    "addmm_grad": [{"inputs": {"Input": (1, 5), "X": (3, 4), "Y": (4, 5), "Out@GRAD": (3, 5)},
                    "attrs": {"Alpha": 2.0, "Beta": 0.5}}],
    "bmm_grad": [{"inputs": {"X": (2, 3, 4), "Y": (2, 4, 5), "Out@GRAD": (2, 3, 5)}}],
    "mv_grad": [{"inputs": {"X": (3, 4), "Vec": (4,), "Out@GRAD": (3,)}}],
    "cross_grad": [{"inputs": {"X": (4, 3), "Y": (4, 3), "Out@GRAD": (4, 3)}}],
    "dot_grad": [{"inputs": {"X": (3, 4), "Y": (3, 4), "Out@GRAD": (3,)}}],
    "baddbmm_grad": [{"inputs": {"Input": (2, 1, 5), "X": (2, 3, 4), "Y": (2, 4, 5),
                                 "Out@GRAD": (2, 3, 5)}, "attrs": {"Alpha": 2.0, "Beta": 0.5}}],
    "kron_grad": [{"inputs": {"X": (2, 3), "Y": (3,), "Out@GRAD": (2, 9)}}],
    "trace_grad": [{"inputs": {"Input": (2, 3, 4), "Out@GRAD": (2,)},
                    "attrs": {"offset": 1, "axis1": 1, "axis2": 2}}],
    "p_norm_grad": [{"inputs": {"X": (3, 4), "Out": (3,), "Out@GRAD": (3,)},
                     "attrs": {"axis": 1, "porder": 3.0}}],
    "dist_grad": [{"inputs": {"X": (3, 4), "Y": (4,), "Out": (), "Out@GRAD": ()},
                   "attrs": {"p": 3.0}}],
    "frobenius_norm_grad": [{"inputs": {"X": (3, 4), "Out": (3,), "Out@GRAD": (3,)},
                             "attrs": {"dim": [1]}}],
    "squared_l2_norm_grad": [{"inputs": {"X": (3, 4), "Out@GRAD": (1,)}}],
    "l1_norm_grad": [{"inputs": {"X": (3, 4), "Out@GRAD": ()}}],
    "norm_grad": [{"inputs": {"X": (3, 4), "Norm": (3, 1), "Out@GRAD": (3, 4)},
                   "attrs": {"axis": 1}}],
    "bilinear_tensor_product_grad": [{"inputs": {"X": (3, 4), "Y": (3, 5), "Weight": (2, 4, 5),
                                                 "Out@GRAD": (3, 2)}}],
    "multi_dot_grad": [{"inputs": {"X": [(4,), (4, 3), (3, 2)], "Out@GRAD": (2,)},
                        "outputs": {"X@GRAD": 3}}],
    "einsum_grad": [{"inputs": {"x_shape": [(3, 4), (4, 2)], "InnerCache": [(3, 4), (4, 2)],
                                "Out@GRAD": (3, 2)},
                     "attrs": {"equation": "ij,jk->ik"}, "outputs": {"Operands@GRAD": 2}}],
    "matrix_power_grad": [{"inputs": {"X": (2, 3, 3), "Out": (2, 3, 3), "Out@GRAD": (2, 3, 3)},
                           "attrs": {"n": 3}}],
    "renorm_grad": [{"inputs": {"X": (3, 4), "Out@GRAD": (3, 4)},
                     "attrs": {"p": 2.0, "axis": 1, "max_norm": 0.5}}],
}

register_operator("bmm_grad", GradOp)
register_operator("mv_grad", GradOp)
register_operator("addmm_grad", GradOp)
register_operator("baddbmm_grad", GradOp)
register_operator("dot_grad", GradOp)
register_operator("kron_grad", GradOp)
register_operator("cross_grad", GradOp)
register_operator("trace_grad", GradOp)
register_operator("p_norm_grad", GradOp)
register_operator("dist_grad", GradOp)
register_operator("frobenius_norm_grad", GradOp)
register_operator("squared_l2_norm_grad", GradOp)
register_operator("l1_norm_grad", GradOp)
register_operator("norm_grad", GradOp)
register_operator("renorm_grad", GradOp)
register_operator("bilinear_tensor_product_grad", BilinearTensorProductGradOp)
register_operator("multi_dot_grad", MultiDotGradOp)
register_operator("matrix_power_grad", GradOp)
register_operator("einsum_grad", EinsumGradOp, EinsumGradOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOAT:
        for _op, _kernel in (("mv_grad", MvGradKernel), ("addmm_grad", AddmmGradKernel),
                             ("baddbmm_grad", AddmmGradKernel)):
            register_op_kernel(_op, _backend, _kernel, _dtype)
        for _op, _kernel in (("p_norm_grad", PNormGradKernel), ("norm_grad", NormGradKernel)):
            register_op_kernel(_op, _backend, _kernel, _dtype)
        for _op, _kernel in (("bilinear_tensor_product_grad", BilinearTensorProductGradKernel),
                             ("multi_dot_grad", MultiDotGradKernel)):
            register_op_kernel(_op, _backend, _kernel, _dtype)
    for _dtype in (*_FLOAT, *_COMPLEX):
        register_op_kernel("frobenius_norm_grad", _backend, FrobeniusNormGradKernel, _dtype)
        register_op_kernel("einsum_grad", _backend, EinsumGradKernel, _dtype)
    for _dtype in (*_FLOAT, *_INT, *_COMPLEX):
        register_op_kernel("cross_grad", _backend, CrossGradKernel, _dtype)
    for _dtype in (*_FLOAT, DataType.FLOAT16, *_INT, *_COMPLEX):
        register_op_kernel("trace_grad", _backend, TraceGradKernel, _dtype)
register_op_table(XYGradKernel, [
    OpKernelRow("bmm_grad", "BmmGradKernel", la_grad.bmm_grad, _FLOAT),
    OpKernelRow("dot_grad", "DotGradKernel", la_grad.dot_grad, (*_FLOAT, *_INT, *_COMPLEX)),
    OpKernelRow("kron_grad", "KronGradKernel", la_grad.kron_grad,
                (*_FLOAT, DataType.FLOAT16, *_INT, *_COMPLEX)),
])
register_op_table(XYOutGradKernel, [
    OpKernelRow("dist_grad", "DistGradKernel", la_grad.dist_grad, _FLOAT, attrs=("p",)),
])
register_op_table(LikeXGradKernel, [
    OpKernelRow("squared_l2_norm_grad", "SquaredL2NormGradKernel", la_grad.squared_l2_norm_grad,
                _FLOAT),
    OpKernelRow("l1_norm_grad", "L1NormGradKernel", la_grad.l1_norm_grad, (DataType.FLOAT32,)),
    OpKernelRow("renorm_grad", "RenormGradKernel", la_grad.renorm_grad, _FLOAT,
                attrs=("p", "axis", "max_norm")),
    OpKernelRow("matrix_power_grad", "MatrixPowerGradKernel", la_grad.matrix_power_grad,
                (*_FLOAT, *_COMPLEX), attrs=("n",)),
])
