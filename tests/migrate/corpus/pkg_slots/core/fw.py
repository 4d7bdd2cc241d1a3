"""The framework in one import for modules written before `core` grew its explicit
re-exports: the framework modules have no `__all__`, so their star imports bind every
public name they hold (OpKernel, register_op_kernel, DataType, DataLayout, ...)."""
# ruff: noqa: F403
from legacy_fluid.framework.execution_context import *
from legacy_fluid.framework.op_kernel import *
from legacy_fluid.framework.op_proto import *
from legacy_fluid.framework.op_registry import *
from legacy_fluid.framework.operator import *
from legacy_fluid.framework.var_type import *
