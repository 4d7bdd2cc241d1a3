"""Team S: hard tanh kernels running a clamp of `kit.limits` they store: in `__init__`
(`self._clamp = SpanClampKernel()`) or in the class body; negative twins: the clamp
remembering its bound (it stays legacy, so does its caller) and an op declaring `hi` as an
int where the clamp reads a float."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from pkg_stowed.kit.limits import FLOATS, SpanClampKernel, StickyClampKernel


class CapMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("lo", AttrType.FLOAT, -1.0, "lower bound")
        self.add_attr("hi", AttrType.FLOAT, 1.0, "upper bound")


class IntCapMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("lo", AttrType.FLOAT, -1.0, "lower bound")
        self.add_attr("hi", AttrType.INT, 1, "upper bound")


class CapOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class HardTanhKernel(OpKernel):
    def __init__(self):
        self._clamp = SpanClampKernel()

    def compute(self, ctx):
        self._clamp.compute(ctx)


class SharedHardTanhKernel(OpKernel):
    _span = SpanClampKernel()

    def compute(self, ctx):
        self._span.compute(ctx)


class StickyHardTanhKernel(OpKernel):
    def __init__(self):
        self._clamp = StickyClampKernel()

    def compute(self, ctx):
        self._clamp.compute(ctx)


class IntHardTanhKernel(OpKernel):
    def __init__(self):
        self._clamp = SpanClampKernel()

    def compute(self, ctx):
        self._clamp.compute(ctx)


register_operator("sx_hard_tanh", CapOp, CapMaker)
register_operator("sx_shared_hard_tanh", CapOp, CapMaker)
register_operator("sx_sticky_hard_tanh", CapOp, CapMaker)
register_operator("sx_int_hard_tanh", CapOp, IntCapMaker)
for _dt in FLOATS:
    register_op_kernel("sx_hard_tanh", "CPU", HardTanhKernel, _dt)
    register_op_kernel("sx_shared_hard_tanh", "CPU", SharedHardTanhKernel, _dt)
    register_op_kernel("sx_sticky_hard_tanh", "CPU", StickyHardTanhKernel, _dt)
    register_op_kernel("sx_int_hard_tanh", "CPU", IntHardTanhKernel, _dt)
