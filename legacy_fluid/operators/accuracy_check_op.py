"""accuracy_check: x close to y element by element, or an error naming fn_name and the
first index that is not (Paddle's debugging op; the output is then all True, bool in x's
dims). Math: phi.kernels.funcs.debugging.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import debugging


class AccuracyCheckOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "x"), ctx.place)


class AccuracyCheckKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        debugging.accuracy_check("accuracy_check", ctx.input("x").data, ctx.input("y").data,
                                 ctx.attr("fn_name"), ctx.attr("rtol"), ctx.attr("atol"),
                                 ctx.attr("equal_nan"),
                                 ctx.output("out").mutable_data(ctx.place, DataType.BOOL))


VERIFY_CASES = [
    {"name": "close", "attrs": {"fn_name": "f"},
     "inputs": {"x": {"value": [1.0, 2.0]}, "y": {"value": [1.0, 2.00001]}},
     "outputs": {"out": 1}},
]

register_operator("accuracy_check", AccuracyCheckOp)
for _dtype in debugging.ACCURACY_CHECK_DTYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("accuracy_check", _backend, AccuracyCheckKernel, _dtype)
