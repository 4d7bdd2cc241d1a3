"""view_shape: out = input. Paddle 3.3.1 checks `dims` as a reshape of input (0 keeps a dim,
one -1 is inferred; else refused) but its CPU kernel keeps input's dims, so out has them too
(Paddle's is a view of the input's memory; fluidphi's tensors own their data, so a copy).
Math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES


class ViewShapeOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class ViewShapeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input, out = ctx.input("input"), ctx.output("out")
        dims = ctx.attr("dims")
        out.resize(manip_funcs.view_shape_dims(input.dims, dims))
        manip_funcs.view_shape(ctx.xp, input.data, dims, out.mutable_data(ctx.place, input.dtype))


register_operator("view_shape", ViewShapeOp)
for _dtype in manip_funcs.VIEW_TYPES:
    register_op_kernel("view_shape", "CPU", ViewShapeKernel, _dtype)
    register_op_kernel("view_shape", "GPU", ViewShapeKernel, _dtype)
for _dtype in FLOAT8_TYPES:
    register_op_kernel("view_shape", "CPU", ViewShapeKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "as 12", "attrs": {"dims": [12]}, "inputs": {"input": (3, 4)}}]
