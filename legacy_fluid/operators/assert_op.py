"""assert: raise, naming Cond's variable and showing the Data tensors (their first
`summarize` elements), unless Cond, a one-element bool tensor, holds true. No outputs.
Legacy form only: ops.yaml entries need an output (phi.op_defs refuses one without), so no
PHI kernel. Math: phi.kernels.funcs.debugging.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import debugging


class AssertOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Cond", "one bool: what must hold")
        self.add_input("Data", "tensors shown when Cond is false", duplicable=True)
        self.add_attr("summarize", AttrType.LONG, -1, "elements shown per Data tensor (-1: all)")


class AssertOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """No outputs: nothing to infer (Cond's size is checked when the op runs)."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Cond"), ctx.place)


class AssertKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        cond = ctx.input("Cond")
        data = ctx.multi_input("Data")
        debugging.check_assert("assert", cond.data, ctx.input_names("Cond")[0],
                               list(zip(ctx.input_names("Data"), (t.data for t in data))),
                               ctx.attr("summarize"))


VERIFY_CASES = [{"name": "holds", "inputs": {"Cond": {"value": [True], "dtype": "bool"},
                                             "Data": [(2, 3)]}}]

register_operator("assert", AssertOp, AssertOpMaker)
for _backend in ("CPU", "GPU"):
    register_op_kernel("assert", _backend, AssertKernel, DataType.BOOL)
