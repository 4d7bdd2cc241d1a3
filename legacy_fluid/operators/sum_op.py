"""sum: Out = X[0] + X[1] + ... (PHI `add_n`); every input has the same dims.

Inputs that hold no data (uninitialized, or 0-element) are left out of the sum. Out takes
the dtype of the first initialized input and the lod of X[0].
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import add_n as add_n_funcs

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.INT32, DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
              DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)


def _fed(tensors: list[DenseTensor | None]) -> list[DenseTensor]:
    return [t for t in tensors if t is not None and t.initialized()]


class SumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        out = ctx.output("Out")
        tensors = _fed(xs)
        data = out.mutable_data(ctx.place, tensors[0].dtype)
        add_n_funcs.add_n(ctx.xp, [t.data for t in tensors], data)


register_operator("sum", OperatorWithKernel)
for _dtype in _CPU_TYPES:
    register_op_kernel("sum", "CPU", SumKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("sum", "GPU", SumKernel, _dtype)
