"""frobenius_norm: sqrt(sum(X * X)) over `dim` (every axis with reduce_all or an empty dim),
in X's type (complex too, unconjugated); the reduce ops' proto (ReduceOpMaker).
Math in phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class FrobeniusNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", la_funcs.frobenius_norm_out_dims(
            ctx.get_input_dim("X"), ctx.attr("dim"), ctx.attr("keep_dim"),
            ctx.attr("reduce_all")))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


register_operator("frobenius_norm", FrobeniusNormOp)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "both axes", "inputs": {"X": (3, 4)}, "attrs": {"dim": [0, 1]}}]
register_op_table(SameDtypeKernel, [
    OpKernelRow("frobenius_norm", "FrobeniusNormKernel", la_funcs.frobenius_norm,
                (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128),
                attrs=("dim", "reduce_all")),
])
