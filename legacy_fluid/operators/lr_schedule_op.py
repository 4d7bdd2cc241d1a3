"""increment (X + step, X of one element): the global step counter that learning-rate
schedules written as program ops advance (Paddle 2.x's @LR_DECAY_COUNTER@); the schedule
itself is everyday ops (fill_constant, cast, elementwise, pow, ...). Math:
phi.kernels.funcs.lr_schedule.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import lr_schedule as lr_funcs


class IncrementOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class IncrementKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        lr_funcs.increment(ctx.xp, x.data, ctx.attr("step"), data)


VERIFY_CASES = {"increment": [{"name": "counter", "inputs": {"X": {"value": [3.0]}},
                               "attrs": {"step": 2.0}}]}

register_operator("increment", IncrementOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("increment", "CPU", IncrementKernel, _dtype)
    register_op_kernel("increment", "GPU", IncrementKernel, _dtype)
