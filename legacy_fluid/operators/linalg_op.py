"""Linear-algebra products: addmm, bmm, dot, mv, kron, cross, dist, trace, einsum.

Out = Beta * Input + Alpha * X @ Y (addmm); batched X @ Y (bmm); row-wise sum(X * Y) (dot);
X @ Vec (mv); the Kronecker product (kron); the cross product along `dim` (cross); the p-norm
of X - Y (dist); the sum of a diagonal (trace); an explicit einsum equation over Operands
(a training program's einsum also writes InnerCache, each operand as given, and XShape,
each operand's dims without data, for einsum_grad). Dims, checks and Paddle's edge
semantics: phi.kernels.funcs.linalg.
"""

from __future__ import annotations

from abc import abstractmethod

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import XYKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
_INT = (DataType.INT32, DataType.INT64)


class EinsumOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Operands", "the operands", duplicable=True)
        self.add_output("Out", "the contraction")
        self.add_output("InnerCache", "each operand, for einsum_grad", duplicable=True,
                        extra=True)
        self.add_output("XShape", "each operand's dims, no data (for einsum_grad)",
                        duplicable=True, extra=True)
        self.add_attr("equation", AttrType.STRING, None, "explicit equation, e.g. 'ij,jk->ik'")


class _LinalgOp(OperatorWithKernel):
    """Out's dims from `out_dims(ctx)`; Out has the first input's dtype."""

    first = "X"

    @abstractmethod
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        """Each op of the family defines this."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", self.out_dims(ctx))
        ctx.set_output_dtype("Out", ctx.get_input_dtype(self.first))


class AddmmOp(_LinalgOp):
    first = "Input"

    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.addmm_out_dims(ctx.get_input_dim("Input"), ctx.get_input_dim("X"),
                                       ctx.get_input_dim("Y"))


class BmmOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.bmm_out_dims(ctx.get_input_dim("X"), ctx.get_input_dim("Y"))


class DotOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.dot_out_dims(ctx.get_input_dim("X"), ctx.get_input_dim("Y"))


class MvOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.mv_out_dims(ctx.get_input_dim("X"), ctx.get_input_dim("Vec"))


class KronOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.kron_out_dims(ctx.get_input_dim("X"), ctx.get_input_dim("Y"))


class CrossOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        la_funcs.cross_axis(ctx.get_input_dim("X"), ctx.get_input_dim("Y"), ctx.attr("dim"))
        return ctx.get_input_dim("X")


class DistOp(_LinalgOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        la_funcs.dist_check(ctx.get_input_dim("X"), ctx.get_input_dim("Y"))
        return ()


class TraceOp(_LinalgOp):
    first = "Input"

    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.trace_out_dims(ctx.get_input_dim("Input"), ctx.attr("axis1"),
                                       ctx.attr("axis2"))


class EinsumOp(_LinalgOp):
    first = "Operands"

    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return la_funcs.einsum_out_dims(ctx.attr("equation"), ctx.get_inputs_dim("Operands"))

    def infer_shape(self, ctx: InferShapeContext) -> None:
        super().infer_shape(ctx)
        dims = ctx.get_inputs_dim("Operands")
        for slot in ("InnerCache", "XShape"):
            if ctx.has_output(slot):
                la_funcs.einsum_check_caches(slot, ctx.output_size(slot), len(dims))
                ctx.set_outputs_dim(slot, dims)
                ctx.set_outputs_dtype(slot, ctx.get_input_dtype("Operands"))


class AddmmKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        inp = ctx.input("Input")
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        beta = ctx.attr("Beta")
        alpha = ctx.attr("Alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.addmm(ctx.xp, inp.data, x.data, y.data, beta, alpha, data)


class MvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        vec = ctx.input("Vec")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.mv(ctx.xp, x.data, vec.data, data)


class CrossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.cross(ctx.xp, x.data, y.data, la_funcs.cross_axis(x.dims, y.dims, dim), data)


class TraceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        offset = ctx.attr("offset")
        axis1 = ctx.attr("axis1")
        axis2 = ctx.attr("axis2")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.trace(ctx.xp, x.data, offset, axis1, axis2, data)


class EinsumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        operands = ctx.multi_input("Operands")
        out = ctx.output("Out")
        equation = ctx.attr("equation")
        data = out.mutable_data(ctx.place, operands[0].dtype)
        la_funcs.einsum(ctx.xp, equation, [o.data for o in operands], data)
        caches = ctx.multi_output("InnerCache")
        for cache, operand in zip(caches, operands):
            if cache is not None:
                ctx.xp.copyto(cache.mutable_data(ctx.place, operand.dtype), operand.data)


VERIFY_CASES = {
    "addmm": [{"inputs": {"Input": (3, 5), "X": (3, 4), "Y": (4, 5)},
               "attrs": {"Alpha": 2.0, "Beta": 0.5}}],
    "bmm": [{"inputs": {"X": (2, 3, 4), "Y": (2, 4, 5)}}],
    "mv": [{"inputs": {"X": (3, 4), "Vec": (4,)}}],
    "cross": [{"inputs": {"X": (4, 3), "Y": (4, 3)}}],
    "einsum": [{"inputs": {"Operands": [(3, 4), (4, 2)]}, "attrs": {"equation": "ij,jk->ik"},
                "outputs": {"InnerCache": 0, "XShape": 0}}],
}

register_operator("addmm", AddmmOp)
register_operator("bmm", BmmOp)
register_operator("dot", DotOp)
register_operator("mv", MvOp)
register_operator("kron", KronOp)
register_operator("cross", CrossOp)
register_operator("dist", DistOp)
register_operator("trace", TraceOp)
register_operator("einsum", EinsumOp, EinsumOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOAT:
        register_op_kernel("addmm", _backend, AddmmKernel, _dtype)
        register_op_kernel("mv", _backend, MvKernel, _dtype)
    for _dtype in (*_FLOAT, *_COMPLEX):
        register_op_kernel("einsum", _backend, EinsumKernel, _dtype)
    for _dtype in (*_FLOAT, *_INT, *_COMPLEX):
        register_op_kernel("cross", _backend, CrossKernel, _dtype)
    for _dtype in (*_FLOAT, DataType.FLOAT16, *_INT, *_COMPLEX):
        register_op_kernel("trace", _backend, TraceKernel, _dtype)
register_op_table(XYKernel, [
    OpKernelRow("bmm", "BmmKernel", la_funcs.bmm, _FLOAT),
    OpKernelRow("dot", "DotKernel", la_funcs.dot, (*_FLOAT, *_INT, *_COMPLEX)),
    OpKernelRow("kron", "KronKernel", la_funcs.kron, (*_FLOAT, DataType.FLOAT16, *_INT, *_COMPLEX)),
    OpKernelRow("dist", "DistKernel", la_funcs.dist, _FLOAT, attrs=("p",)),
])
