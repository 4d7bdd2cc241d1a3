"""Two sequence ops over the last LoD level of X, both refusing an X without a LoD:
`seq_pkg_scan` (each sequence's running sum of rows; the kernel gives Out X's LoD) and
`seq_pkg_ends` (1 on the last row of each sequence, else 0; the operator shares X's LoD)."""

import itertools

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

REALS = (DataType.FLOAT32, DataType.FLOAT64)


def sequence_bounds(lod, rows):
    """(begin, end) of each sequence of the last level; ValueError without a LoD."""
    if not lod:
        raise ValueError("a sequence op needs X with a LoD")
    last = lod[-1]
    if last[-1] != rows:
        raise ValueError(f"the LoD ends at {last[-1]}, X has {rows} rows")
    return list(itertools.pairwise(last))


class SeqMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "rows of the sequences")
        self.add_output("Out", "per-row result")


class ScanOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class EndsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class ScanKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        for begin, end in sequence_bounds(x.lod, x.dims[0]):
            data[begin:end] = ctx.xp.cumsum(x.data[begin:end], axis=0)
        out.lod = [list(level) for level in x.lod]


class EndsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = 0
        for begin, end in sequence_bounds(x.lod, x.dims[0]):
            if end > begin:
                data[end - 1] = 1


register_operator("seq_pkg_scan", ScanOp, SeqMaker)
register_operator("seq_pkg_ends", EndsOp, SeqMaker)
for _op, _kernel in (("seq_pkg_scan", ScanKernel), ("seq_pkg_ends", EndsKernel)):
    register_op_kernel(_op, "CPU", _kernel, *REALS)
