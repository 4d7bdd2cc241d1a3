"""sequence_pool: pool each sequence of a LoD tensor's last level into one row.

X [rows, ...] with a 1- or 2-level LoD -> Out [sequences, ...] (a 2-level input keeps its
top level as Out's LoD) and, for MAX, MaxIndex (int32, Out's dims: the row each maximum
came from, -1 for an empty sequence). pooltype SUM, AVERAGE, SQRT (sum / sqrt(length)),
MAX, LAST, FIRST; an empty sequence's row is pad_value. Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class SequencePoolOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "rows of the sequences, a LoD tensor (1 or 2 levels)")
        self.add_output("Out", "one pooled row per sequence of X's last LoD level")
        self.add_output("MaxIndex", "int32: the row of each maximum (MAX only; Paddle marks it "
                        "intermediate, which fluidphi's protos do not record)")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference: MaxIndex may be skipped")
        self.add_attr("pooltype", AttrType.STRING, "AVERAGE",
                      "SUM, AVERAGE, SQRT, MAX, LAST or FIRST")
        self.add_attr("pad_value", AttrType.FLOAT, 0.0, "the row of an empty sequence")


class SequencePoolOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Out: [sequences, X.dims[1:]] in X's dtype, X's top LoD level when it has two;
        MaxIndex (MAX): int32 in Out's dims."""
        seq_funcs.PoolType.parse("sequence_pool", ctx.attr("pooltype"))
        dims, lod = seq_funcs.pool_dims("sequence_pool", ctx.get_input_dim("X"),
                                        ctx.get_inputs_lod("X")[0])
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.set_output_lod("Out", lod)
        if ctx.has_output("MaxIndex"):
            ctx.set_output_dim("MaxIndex", dims)
            ctx.set_output_dtype("MaxIndex", DataType.INT32)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SequencePoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        max_index = ctx.output("MaxIndex")
        pooltype = seq_funcs.PoolType.parse("sequence_pool", ctx.attr("pooltype"))
        pad_value = ctx.attr("pad_value")
        offsets = seq_funcs.last_level("sequence_pool", x.lod, x.dims[0], max_levels=2)
        index = None
        if pooltype is seq_funcs.PoolType.MAX and max_index is not None:
            index = max_index.mutable_data(ctx.place, DataType.INT32)
        seq_funcs.sequence_pool(ctx.xp, x.data, offsets, pooltype, pad_value,
                                out.mutable_data(ctx.place, x.dtype), index)


VERIFY_CASES = [
    {"name": f"{pooltype} over 3 sequences", "attrs": {"pooltype": pooltype},
     "inputs": {"X": {"shape": (6, 4), "lod": [[0, 2, 2, 6]]}}, "outputs": {"Out": 1}}
    for pooltype in ("SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST")
]

register_operator("sequence_pool", SequencePoolOp, SequencePoolOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("sequence_pool", _backend, SequencePoolKernel, _dtype)
