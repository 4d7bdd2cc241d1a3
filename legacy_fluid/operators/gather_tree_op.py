"""gather_tree: after a beam search, the full id paths traced back from the last step
through the parents (Ids and Parents [max_time, batch, beam], Out the same).
Math: phi.kernels.funcs.beam.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import beam as beam_funcs


class GatherTreeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Ids"), ctx.place)


class GatherTreeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ids = ctx.input("Ids")
        parents = ctx.input("Parents")
        out = ctx.output("Out")
        beam_funcs.gather_tree(ctx.xp, ids.data, parents.data,
                               out.mutable_data(ctx.place, ids.dtype))


VERIFY_CASES = [
    {"name": "3 steps", "inputs": {"Ids": {"value": [[[2, 2], [6, 1]], [[3, 9], [6, 1]],
                                                     [[0, 1], [9, 0]]]},
                                   "Parents": {"value": [[[0, 0], [1, 1]], [[1, 0], [1, 0]],
                                                         [[0, 0], [0, 1]]]}},
     "outputs": {"Out": 1}},
]

register_operator("gather_tree", GatherTreeOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("gather_tree", _backend, GatherTreeKernel, _dtype)
