"""Framework names, re-exported for the team's modules (no `__all__`)."""

from legacy_fluid.framework.execution_context import ExecutionContext  # noqa: F401
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel  # noqa: F401
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker  # noqa: F401
from legacy_fluid.framework.op_registry import register_operator  # noqa: F401
from legacy_fluid.framework.operator import OperatorWithKernel  # noqa: F401
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
