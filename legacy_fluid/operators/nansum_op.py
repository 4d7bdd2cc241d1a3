"""nansum over `axis` (all axes when empty; AxisTensor / AxisTensorList override it), NaN
counted as 0, into `dtype` (-1: x's, bool and int32 sum into int64). Math in
phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.funcs.reduce import sum_out_dtype

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)


def _out_dtype(x_dtype: DataType, dtype: int) -> DataType:
    return sum_out_dtype(x_dtype, DataType.UNDEFINED if dtype < 0 else VarType(dtype).to_phi())


class NansumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        axis = ctx.attr("axis")
        if ctx.has_input("AxisTensor"):
            axis = [int(v) for v in ctx.input("AxisTensor").numpy().reshape(-1)]
        elif ctx.has_input("AxisTensorList"):
            axis = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("AxisTensorList")]
        out.resize(stat_funcs.moment_dims(x.dims, axis, ctx.attr("keepdim")))
        data = out.mutable_data(ctx.place, _out_dtype(x.dtype, ctx.attr("dtype")))
        stat_funcs.nansum(ctx.xp, x.data, axis, data)


register_operator("nansum", OperatorWithKernel)
for _dtype in _CPU_TYPES:
    register_op_kernel("nansum", "CPU", NansumKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("nansum", "GPU", NansumKernel, _dtype)

VERIFY_CASES = [{"name": "axis 1", "inputs": {"x": (3, 4)}, "attrs": {"axis": [1]}}]
