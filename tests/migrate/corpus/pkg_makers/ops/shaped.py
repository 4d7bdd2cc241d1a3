"""Team M's ops, their makers built where they are registered."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from ..common import makers, shapes
from ..common.makers import (
    declare,
    late_maker,
    self_named_kernel,
    slots_maker,
    ufunc_kernel,
    unary_maker,
)
from ..common.shapes import DIM, KeepShapeOp

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
_MODE = ("mode", AttrType.STRING, "l1", "the norm")


class _ApplyKernel(OpKernel):
    FN = staticmethod(np.abs)

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.FN(x.data)


class CubeKernel(_ApplyKernel):
    FN = staticmethod(np.cbrt)


class ExpmKernel(_ApplyKernel):
    FN = staticmethod(np.expm1)


SinhKernel = ufunc_kernel(np.sinh, "arc_sinh")
NegateKernel = self_named_kernel(np.negative)


class LateKernel(_ApplyKernel):
    FN = staticmethod(np.negative)


class NormalizeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        total = np.abs(x.data).sum(axis=ctx.attr("dim"), keepdims=True) + 1.0
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / total


class SoftMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("beta", AttrType.FLOAT, 1.0, "sharpness")


class SoftGradMaker(SoftMaker):
    def make(self):
        super().make()
        self.add_input("Out@GRAD", "gradient of Out", dispensable=True)
        self.add_attr("threshold", AttrType.FLOAT, 20.0, "linear above")


class _HookedMaker(OpProtoAndCheckerMaker):
    """Slots here, attributes in the subclasses' `extra_attrs` hook."""

    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.extra_attrs()

    def extra_attrs(self):
        pass


class ScaledMaker(_HookedMaker):
    def extra_attrs(self):
        self.add_attr("scale", AttrType.FLOAT, 2.0, "factor")


class ScaledShiftMaker(ScaledMaker):
    def extra_attrs(self):
        super().extra_attrs()
        self.add_attr("shift", AttrType.FLOAT, 0.5, "offset")


declare("m_normalize", KeepShapeOp, unary_maker("x / |x|", (DIM, _MODE)))
register_op_kernel("m_normalize", "CPU", NormalizeKernel, *FLOATS)
register_operator("m_pair", shapes.KeepShapeOp,
                  slots_maker("PairMaker", ("X", "Y"), attrs=(("axis", AttrType.INT, 0),),
                              dispensable=("Y",)))
register_operator("m_stack", KeepShapeOp,
                  slots_maker("StackMaker", inputs=("Xs",), duplicable=("Xs",)))
register_operator("m_soft", KeepShapeOp, SoftMaker)
register_operator("m_soft_ext", KeepShapeOp, SoftGradMaker)
register_operator("m_scaled_shift", KeepShapeOp, ScaledShiftMaker)
for _op, _doc, _kernel in (("m_cube", "cbrt(x)", CubeKernel), ("m_expm", "e^x - 1", ExpmKernel)):
    declare(_op, KeepShapeOp, unary_maker(_doc))
    register_op_kernel(_op, "CPU", _kernel, *FLOATS)
register_operator("m_sinh", KeepShapeOp, unary_maker("sinh(x)"))
register_op_kernel("m_sinh", "CPU", SinhKernel, *FLOATS)
register_operator("m_negate", KeepShapeOp, unary_maker("-x"))
register_op_kernel("m_negate", "CPU", NegateKernel, *FLOATS)
register_operator("m_late", KeepShapeOp, late_maker("late"))
register_op_kernel("m_late", "CPU", LateKernel, *FLOATS)
makers.LATE_ATTRS.append("gain")
