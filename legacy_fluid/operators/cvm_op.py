"""cvm: continuous value model columns of CTR features: log-scaled show / click columns
(use_cvm) or the features without them; math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class CVMOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Y", loss_funcs.cvm_dims(ctx.get_input_dim("X"),
                                                    ctx.get_input_dim("CVM"),
                                                    ctx.attr("use_cvm")))
        ctx.set_output_dtype("Y", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Y")


class CVMKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.output("Y")
        use_cvm = ctx.attr("use_cvm")
        data = y.mutable_data(ctx.place, x.dtype)
        loss_funcs.cvm(ctx.xp, x.data, use_cvm, data)


register_operator("cvm", CVMOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("cvm", "CPU", CVMKernel, _dtype)
    register_op_kernel("cvm", "GPU", CVMKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "use_cvm", "inputs": {"X": {"shape": (4, 5), "low": 0.0, "high": 9.0},
                                               "CVM": (4, 2)}}]
