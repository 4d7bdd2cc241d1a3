"""sequence_mask: Y[..., j] = (j < X[...]) for j < maxlen, in out_dtype.

X [d1, ..., dn] (int32, int64, float32, float64) -> Y [d1, ..., dn, maxlen]; maxlen is
MaxLenTensor's value when given, else the attribute when positive, else max(X) (as an
int). X and MaxLenTensor are read on the host for the width. Math:
phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class SequenceMaskOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SequenceMaskKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        max_len_tensor = ctx.input("MaxLenTensor")
        y = ctx.output("Y")
        maxlen = ctx.attr("maxlen")
        out_dtype = VarType(ctx.attr("out_dtype")).to_phi()
        length = seq_funcs.mask_length("sequence_mask", maxlen,
                                       None if max_len_tensor is None else max_len_tensor.data,
                                       x.data)
        y.resize((*x.dims, length))
        seq_funcs.sequence_mask(ctx.xp, x.data, length, y.mutable_data(ctx.place, out_dtype))


VERIFY_CASES = [
    {"name": "width from X", "attrs": {"out_dtype": 3},
     "inputs": {"X": {"shape": (4,), "low": 0, "high": 5}}, "outputs": {"Y": 1}},
    {"name": "maxlen 3 to float32", "attrs": {"out_dtype": 5, "maxlen": 3},
     "inputs": {"X": {"shape": (2, 3), "low": 0, "high": 5}}, "outputs": {"Y": 1}},
]

register_operator("sequence_mask", SequenceMaskOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("sequence_mask", _backend, SequenceMaskKernel, _dtype)
