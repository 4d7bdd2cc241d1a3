"""assign_value: Out = a constant tensor of `shape` and `dtype` (a fluid VarType number)
built from a value-list attribute; no inputs.

Paddle 3.x programs carry the numbers in `values` (a Scalar list); 2.x programs in the
list for their dtype: bool_values, int32_values, int64_values, fp32_values or fp64_values
(types without a list of their own read fp32_values). `shape` and `dtype` have no
default: every program sets them.
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
from phi.kernels.funcs import assign as assign_funcs

_CPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT32, DataType.INT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT32, DataType.INT64, DataType.FLOAT16,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class AssignValueOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_output("Out", "the constant tensor")
        self.add_attr("shape", AttrType.INTS, None, "dims of Out (required)")
        self.add_attr("dtype", AttrType.INT, None, "element type of Out, a fluid VarType "
                      "number (required)")
        self.add_attr("values", AttrType.SCALARS, [], "the values (Paddle 3.x programs)")
        self.add_attr("bool_values", AttrType.INTS, [], "the values when dtype is bool")
        self.add_attr("fp32_values", AttrType.FLOATS, [], "the values when dtype is float32")
        self.add_attr("fp64_values", AttrType.FLOAT64S, [], "the values when dtype is float64")
        self.add_attr("int32_values", AttrType.INTS, [], "the values when dtype is int32")
        self.add_attr("int64_values", AttrType.LONGS, [], "the values when dtype is int64")


class AssignValueOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The `dtype` attribute picks the kernel (there are no inputs)."""
        return OpKernelType(VarType(ctx.attr("dtype")).to_phi(), ctx.place)


class AssignValueKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        shape = ctx.attr("shape")
        dtype = ctx.attr("dtype")
        values = ctx.attr(assign_funcs.value_attr_name(dtype, ctx.attr("values")))
        phi_dtype = VarType(dtype).to_phi()
        out.resize([int(d) for d in shape])
        data = out.mutable_data(ctx.place, phi_dtype)
        assign_funcs.assign_value(ctx.xp, shape, phi_dtype, values, data)


VERIFY_CASES = [
    {"name": "fp32 values", "attrs": {"shape": [2, 2], "dtype": 5,
                                      "fp32_values": [1.5, -2.0, 0.25, 3.0]},
     "dtypes": ["float32"]},
    {"name": "int64 values", "attrs": {"shape": [3], "dtype": 3,
                                       "int64_values": [7, -1, 2**40]},
     "dtypes": ["int64"]},
    {"name": "int32 values", "attrs": {"shape": [2], "dtype": 2, "int32_values": [4, -9]},
     "dtypes": ["int32"]},
    {"name": "bool values", "attrs": {"shape": [2], "dtype": 0, "bool_values": [1, 0]},
     "dtypes": ["bool"]},
    {"name": "fp64 values", "attrs": {"shape": [3], "dtype": 6,
                                      "fp64_values": [0.1, -1e300, 2.5]},
     "dtypes": ["float64"]},
    {"name": "fp16 from fp32_values (2.x)", "attrs": {"shape": [3], "dtype": 4,
                                                      "fp32_values": [0.5, -3.0, 1e-3]},
     "dtypes": ["float16"]},
    {"name": "bf16 from values (3.x)", "attrs": {"shape": [2], "dtype": 22,
                                                 "values": [1.25, -7.0]},
     "dtypes": ["bfloat16"]},
    {"name": "int8 from values (3.x)", "attrs": {"shape": [3], "dtype": 21,
                                                 "values": [-128, 0, 127]},
     "dtypes": ["int8"]},
    {"name": "complex64 values", "attrs": {"shape": [2], "dtype": 23,
                                           "values": [1 + 2j, -0.5j]},
     "dtypes": ["complex64"]},
    {"name": "complex128 values", "attrs": {"shape": [2, 1], "dtype": 24,
                                            "values": [3 - 1j, 0.25]},
     "dtypes": ["complex128"]},
]

register_operator("assign_value", AssignValueOp, AssignValueOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("assign_value", "CPU", AssignValueKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("assign_value", "GPU", AssignValueKernel, _dtype)
