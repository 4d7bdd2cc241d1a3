"""Team H: kernels assembled from mixins (multiple inheritance).

`_Offset` supplies a constant and `_Twice` a helper; `TwiceOffsetKernel` overrides the
helper from a mixin listed after the base that defines `compute`, so Python's method
resolution order, not the textual order of the bases, decides which helper runs.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class AffineMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class AffineOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _Offset:
    OFFSET = 1.5


class _Affine(OpKernel):
    def _scale(self, v):
        return v

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self._scale(x.data) + self.OFFSET


class _Twice(_Affine):
    def _scale(self, v):
        return v * 2


class _Thrice(_Affine):
    OFFSET = 0.0

    def _scale(self, v):
        return v * 3


class TwiceOffsetKernel(_Twice, _Offset):
    pass


class ThriceOffsetKernel(_Thrice, _Offset):
    pass


register_operator("team_twice_offset", AffineOp, AffineMaker)
register_op_kernel("team_twice_offset", "CPU", TwiceOffsetKernel, DataType.FLOAT32)
register_operator("team_thrice_offset", AffineOp, AffineMaker)
register_op_kernel("team_thrice_offset", "CPU", ThriceOffsetKernel, DataType.FLOAT32)
