"""fill_any_like: a tensor of X's dims filled with `value`, of `dtype` (-1: X's dtype)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import full_like as fl_funcs


class FillAnyLikeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "only its dims (and, by default, dtype) are used")
        self.add_output("Out", "the filled tensor")
        self.add_attr("value", AttrType.FLOAT, 0.0, "the fill value")
        self.add_attr("dtype", AttrType.INT, -1,
                      "output element type as a fluid VarType number; -1: X's type")


def _out_dtype(x_dtype: DataType, dtype_attr: int) -> DataType:
    dtype = DataType.UNDEFINED if int(dtype_attr) < 0 else VarType(int(dtype_attr)).to_phi()
    return fl_funcs.full_like_dtype(x_dtype, dtype)


class FillAnyLikeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        # the kernel is chosen by the output type; X's data is never read
        x_dtype = self.indicate_var_data_type(ctx, "X")
        return OpKernelType(_out_dtype(x_dtype, ctx.attr("dtype")), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # X only lends its dims: no cast, no copy


class FillAnyLikeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        value = ctx.attr("value")
        dtype = _out_dtype(x.dtype, ctx.attr("dtype"))
        fl_funcs.check_fill_value(float(value), dtype)
        data = out.mutable_data(ctx.place, dtype)
        fl_funcs.full_like(ctx.xp, float(value), data)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("fill_any_like", FillAnyLikeOp, FillAnyLikeOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("fill_any_like", "CPU", FillAnyLikeKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("fill_any_like", "GPU", FillAnyLikeKernel, _dtype)
