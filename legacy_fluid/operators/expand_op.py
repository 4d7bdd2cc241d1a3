"""expand (v1, PHI legacy_expand): Out = X repeated `expand_times` times along each dim (one
entry per dim of X). The times come from the 1-D int tensor ExpandTimes when given, else from
expand_times_tensor (1-element int tensors), else from the `expand_times` attribute; math in
phi.kernels.funcs.expand."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import expand as expand_funcs

_TYPES = (DataType.BOOL, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


def _arrays(ctx: InferShapeContext, slot: str) -> list[Any]:
    vars_ = ctx.runtime.inputs.get(slot, [])
    return [v.value.data for v in vars_ if v is not None and isinstance(v.value, DenseTensor)
            and v.value.initialized()]


class ExpandOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("ExpandTimes", "expand_times_tensor"):
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ExpandKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        expand_times = ctx.attr("expand_times")
        if ctx.has_input("ExpandTimes"):
            expand_times = [int(v) for v in ctx.input("ExpandTimes").numpy().reshape(-1)]
        elif ctx.has_input("expand_times_tensor"):
            expand_times = [int(t.numpy().reshape(-1)[0])
                            for t in ctx.multi_input("expand_times_tensor")]
        out.resize(expand_funcs.expand_times_dims(x.dims, expand_times))
        data = out.mutable_data(ctx.place, x.dtype)
        expand_funcs.tile(ctx.xp, x.data, expand_times, data)


VERIFY_CASES = [
    {"name": "times 2-D", "inputs": {"X": (2, 3)}, "attrs": {"expand_times": [2, 1]}},
    {"name": "ExpandTimes tensor", "inputs": {"X": (2, 3), "ExpandTimes": {
        "value": [1, 3], "dtype": "int32"}}},
]

register_operator("expand", ExpandOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("expand", _backend, ExpandKernel, _dtype)
