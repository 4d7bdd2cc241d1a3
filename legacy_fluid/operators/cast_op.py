"""cast: Out = X converted to out_dtype (fluid VarType number); C cast semantics.

The kernel is chosen by X's dtype and runs where X lives (Paddle's CastOp picks the
input tensor's place, not the executor's).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.kernels.funcs import cast as cast_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class CastOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X converted to out_dtype")
        self.add_attr("out_dtype", AttrType.INT, None, "element type of Out (VarType)")
        self.add_attr("in_dtype", AttrType.INT, None, "element type of X (VarType)")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class CastOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype, on X's place."""
        x = ctx.input("X")
        if x is None or not x.initialized():
            raise ValueError("cast: input X holds no tensor")
        return OpKernelType(x.dtype, x.place)


class CastKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        out_dtype = VarType(ctx.attr("out_dtype")).to_phi()
        data = out.mutable_data(ctx.place, out_dtype)
        cast_funcs.cast(ctx.xp, x.data, data)


VERIFY_CASES = [
    {"name": "to float32", "attrs": {"out_dtype": 5, "in_dtype": -1}},
    {"name": "to int64", "attrs": {"out_dtype": 3, "in_dtype": -1}},
]

register_operator("cast", CastOp)
for _dtype in _TYPES:
    register_op_kernel("cast", "CPU", CastKernel, _dtype)
    register_op_kernel("cast", "GPU", CastKernel, _dtype)
for _dtype in FLOAT8_TYPES:
    register_op_kernel("cast", "CPU", CastKernel, _dtype)
