"""The framework under the team's own names, for the modules written after `_compat`."""

from legacy_fluid.framework.execution_context import ExecutionContext as Ctx
from legacy_fluid.framework.op_kernel import OpKernel as TeamKernel
from legacy_fluid.framework.op_kernel import register_op_kernel as enlist
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

__all__ = ["Ctx", "DataType", "TeamKernel", "enlist", "register_operator"]
