"""prelu: out = x where x > 0, alpha * x elsewhere (alpha: one, per channel or per element).

prelu_grad: X, Alpha, Out@GRAD -> X@GRAD, Alpha@GRAD (either may be left out; math:
phi.kernels.funcs.prelu_grad).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import prelu as prelu_funcs
from phi.kernels.funcs import prelu_grad as prelu_grad_funcs


class PReluOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class PReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        alpha = ctx.input("Alpha")
        out = ctx.output("Out")
        data_format = ctx.attr("data_format")
        mode = ctx.attr("mode")
        xd, ad = x.data, alpha.data
        data = out.mutable_data(ctx.place, x.dtype)
        prelu_funcs.prelu(ctx.xp, xd, ad, data_format, mode, data)


class PReluGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        alpha = ctx.input("Alpha")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        alpha_grad = ctx.output("Alpha@GRAD")
        data_format = ctx.attr("data_format")
        mode = ctx.attr("mode")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        da = None if alpha_grad is None else alpha_grad.mutable_data(ctx.place, out_grad.dtype)
        prelu_grad_funcs.prelu_grad(ctx.xp, x.data, alpha.data, out_grad.data, data_format,
                                    mode, dx, da)


register_operator("prelu", PReluOp)
register_operator("prelu_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("prelu", "CPU", PReluKernel, _dtype)
    register_op_kernel("prelu_grad", "CPU", PReluGradKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("prelu", "GPU", PReluKernel, _dtype)
    register_op_kernel("prelu_grad", "GPU", PReluGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
#: prelu's and prelu_grad's (which reads Out@GRAD of X's shape too)
VERIFY_CASES = [
    {"name": "channel NCHW", "inputs": {"X": (2, 3, 4, 4), "Alpha": (3,),
                                        "Out@GRAD": (2, 3, 4, 4)},
     "attrs": {"mode": "channel"}},
    {"name": "all", "inputs": {"X": (3, 4), "Alpha": (1,), "Out@GRAD": (3, 4)},
     "attrs": {"mode": "all"}},
    {"name": "element", "inputs": {"X": (2, 3, 4), "Alpha": (1, 3, 4), "Out@GRAD": (2, 3, 4)},
     "attrs": {"mode": "element"}},
]
