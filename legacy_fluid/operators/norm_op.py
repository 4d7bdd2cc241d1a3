"""norm: L2 normalisation along `axis`, Out = X / sqrt(sum(X^2, axis) + epsilon), the
divisor kept in Norm (size 1 along axis; not written when is_test). Math in
phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class NormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "tensor of rank >= 1")
        self.add_output("Out", "X / Norm")
        self.add_output("Norm", "sqrt(sum(X^2, axis) + epsilon), axis of size 1",
                        extra=True)
        self.add_attr("axis", AttrType.INT, None, "the normalised axis (negative from the end)")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-10, "added to the sum of squares")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference: Norm is not written")


class NormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        out_dims, norm_dims = la_funcs.norm_out_dims(ctx.get_input_dim("X"), ctx.attr("axis"))
        ctx.set_output_dim("Out", out_dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        if ctx.has_output("Norm"):
            ctx.set_output_dim("Norm", norm_dims)
            ctx.set_output_dtype("Norm", ctx.get_input_dtype("X"))


class NormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        norm = ctx.output("Norm")
        axis = ctx.attr("axis")
        epsilon = ctx.attr("epsilon")
        is_test = ctx.attr("is_test")
        data = out.mutable_data(ctx.place, x.dtype)
        norm_data = None if is_test or norm is None else norm.mutable_data(ctx.place, x.dtype)
        la_funcs.l2_normalize(ctx.xp, x.data, axis, epsilon, data, norm_data)


register_operator("norm", NormOp, NormOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("norm", _backend, NormKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "axis 1", "inputs": {"X": (3, 4)}, "attrs": {"axis": 1}}]
