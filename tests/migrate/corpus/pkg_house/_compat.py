"""The only module importing the framework: its names under the house's."""

from legacy_fluid.framework.execution_context import ExecutionContext as KernelContext
from legacy_fluid.framework.op_kernel import OpKernel as FluidKernel
from legacy_fluid.framework.op_kernel import register_op_kernel as fluid_register_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker as FluidMaker
from legacy_fluid.framework.op_registry import register_operator as fluid_register_operator
from legacy_fluid.framework.operator import OperatorWithKernel as FluidOperator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

__all__ = ["AttrType", "DataType", "FluidKernel", "FluidMaker", "FluidOperator",
           "KernelContext", "fluid_register_kernel", "fluid_register_operator"]
