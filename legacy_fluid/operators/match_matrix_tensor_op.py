"""match_matrix_tensor: for each pair of sequences x_b of X and y_b of Y (one LoD level each,
as many sequences), dim_t matching matrices x_b W[:, t, :] y_b^T. Out [sum of dim_t * len_x
* len_y, 1] with one LoD level (a pair per sequence); Tmp: X @ W, flat. Math:
phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class MatchMatrixTensorOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class MatchMatrixTensorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        w = ctx.input("W")
        out = ctx.output("Out")
        tmp = ctx.output("Tmp")
        dim_t = ctx.attr("dim_t")
        seq_funcs.check_match_dims("match_matrix_tensor", x.dims, y.dims, w.dims, dim_t)
        x_off, y_off, out_off = seq_funcs.match_offsets("match_matrix_tensor", x.dims, x.lod,
                                                        y.dims, y.lod, dim_t)
        out.resize((int(out_off[-1]), 1))
        tmp.resize((x.dims[0] * dim_t * x.dims[1], 1))
        seq_funcs.match_matrix_tensor(ctx.xp, x.data, y.data, w.data, x_off, y_off, out_off,
                                      out.mutable_data(ctx.place, x.dtype),
                                      tmp.mutable_data(ctx.place, x.dtype))
        out.lod = [out_off.tolist()]


VERIFY_CASES = [
    {"name": "2 pairs", "inputs": {"X": {"shape": (3, 2), "lod": [[0, 1, 3]]},
                                   "Y": {"shape": (4, 2), "lod": [[0, 2, 4]]},
                                   "W": (2, 2, 2)},
     "attrs": {"dim_t": 2}, "outputs": {"Out": 1, "Tmp": 1}},
]

register_operator("match_matrix_tensor", MatchMatrixTensorOp)
for _backend in ("CPU", "GPU"):
    register_op_kernel("match_matrix_tensor", _backend, MatchMatrixTensorKernel,
                       DataType.FLOAT32)
