"""empty: Out = a tensor of `shape` (or ShapeTensor / ShapeTensorList) and `dtype` whose
values are unspecified (Paddle leaves the memory unwritten; fluidphi writes zeros).
Dims as fill_constant reads them (phi.kernels.funcs.full)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)


class EmptyOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(ctx.attr("dtype")).to_phi(), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # the dims are read on the host as they are


class EmptyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        shape = ctx.attr("shape")
        if ctx.has_input("ShapeTensor"):
            shape = [int(v) for v in ctx.input("ShapeTensor").numpy().reshape(-1)]
        elif ctx.has_input("ShapeTensorList"):
            shape = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("ShapeTensorList")]
        out.resize(full_funcs.check_shape(shape))
        data = out.mutable_data(ctx.place, VarType(ctx.attr("dtype")).to_phi())
        data.fill(0)  # unspecified values: zeros, so every run gives the same


register_operator("empty", EmptyOp)
for _dtype in (*_CPU_TYPES, *FLOAT8_TYPES):
    register_op_kernel("empty", "CPU", EmptyKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("empty", "GPU", EmptyKernel, _dtype)
