"""Team H: kernels holding a helper object: built in `__init__` (`self._blend = Blender()`),
as a class attribute (`_blend = Blender(2.0)`), of a class of this module (`_Halver`);
negative twins: a helper whose method mutates it (`Tally`), one whose constructor
argument is computed at run time, and one compute() hands out (`SEEN.append(...)`)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from .blend import Blender, Tally

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
SEEN = []


def _gamma():
    return 3.0


class _Halver:
    def apply(self, x):
        return x * 0.5


class WeightMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("w", AttrType.FLOAT, 0.5, "weight")


class WeightOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class BlendKernel(OpKernel):
    def __init__(self):
        self._blend = Blender()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._blend.apply(x.data, ctx.attr("w"))


class BoundBlendKernel(OpKernel):
    _blend = Blender(2.0)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._blend.bind(ctx.xp)(x.data, -x.data, ctx.attr("w"))


class HalfKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._half = _Halver()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._half.apply(x.data) * ctx.attr("w")


class TallyKernel(OpKernel):
    def __init__(self):
        self._tally = Tally()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._tally.apply(x.data, ctx.attr("w"))


class DynamicBlendKernel(OpKernel):
    def __init__(self):
        self._blend = Blender(_gamma())

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._blend.apply(x.data, ctx.attr("w"))


class StashedBlendKernel(OpKernel):
    def __init__(self):
        self._blend = Blender(0.25)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._blend.apply(x.data, ctx.attr("w"))
        SEEN.append(self._blend)


register_operator("ho_blend", WeightOp, WeightMaker)
register_operator("ho_bound_blend", WeightOp, WeightMaker)
register_operator("ho_half", WeightOp, WeightMaker)
register_operator("ho_tally", WeightOp, WeightMaker)
register_operator("ho_dynamic_blend", WeightOp, WeightMaker)
register_operator("ho_stashed_blend", WeightOp, WeightMaker)
for _dt in FLOATS:
    register_op_kernel("ho_blend", "CPU", BlendKernel, _dt)
    register_op_kernel("ho_bound_blend", "CPU", BoundBlendKernel, _dt)
    register_op_kernel("ho_half", "CPU", HalfKernel, _dt)
    register_op_kernel("ho_tally", "CPU", TallyKernel, _dt)
    register_op_kernel("ho_dynamic_blend", "CPU", DynamicBlendKernel, _dt)
    register_op_kernel("ho_stashed_blend", "CPU", StashedBlendKernel, _dt)
