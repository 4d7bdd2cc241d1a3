"""Team C's ops: a kernel base applying the numpy function its class names, kernel
factories checking their arguments first, and kernels and makers built by them and by the
kit's maker factories, one call each at the top level (one maker factory called inline
where the operator is registered)."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .kit import UnaryMaker, UnaryOp, noted_maker, scaled_maker

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class _UfuncBase(OpKernel):
    FUNC = "positive"

    def compute(self, ctx):
        x = ctx.input("X")
        fn = getattr(np, self.FUNC)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)


def _known(name):
    return name in ("sin", "cos")


def ufunc_kernel(func_name, class_name=None):
    """A kernel applying numpy's `func_name`, after checking numpy has it."""
    if not hasattr(np, func_name):
        raise AttributeError(f"numpy has no function {func_name!r}")
    if class_name is not None and (not isinstance(class_name, str) or len(class_name) == 0):
        raise TypeError("class_name must be a non-empty string")

    class _Kernel(_UfuncBase):
        FUNC = func_name

    _Kernel.__name__ = class_name or ("Ck" + func_name.title() + "Kernel")
    return _Kernel


def loud_ufunc_kernel(func_name):
    """The same, but its guard also prints: no precondition."""
    if not hasattr(np, func_name):
        print("missing", func_name)
        raise AttributeError(func_name)

    class _Loud(_UfuncBase):
        FUNC = func_name

    return _Loud


def listed_ufunc_kernel(func_name):
    """The same, its guard calling a function of the package: no precondition."""
    if not _known(func_name):
        raise ValueError(func_name)

    class _Listed(_UfuncBase):
        FUNC = func_name

    return _Listed


CkTanhKernel = ufunc_kernel("tanh")
CkAbsKernel = ufunc_kernel("absolute", class_name="CkAbsKernel")
CkSinKernel = loud_ufunc_kernel("sin")
CkCosKernel = listed_ufunc_kernel("cos")
ScaleMaker = scaled_maker("X * scale", 2.0)
NotedMaker = noted_maker("X")


class CkScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")


class CkShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + ctx.attr("scale")


class CkCopyKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data


for _op, _kernel in (("ck_tanh", CkTanhKernel), ("ck_abs", CkAbsKernel),
                     ("ck_sin", CkSinKernel), ("ck_cos", CkCosKernel)):
    register_operator(_op, UnaryOp, UnaryMaker)
    register_op_kernel(_op, "CPU", _kernel, *FLOATS)

register_operator("ck_scale", UnaryOp, ScaleMaker)
register_op_kernel("ck_scale", "CPU", CkScaleKernel, *FLOATS)
register_operator("ck_shift", UnaryOp, scaled_maker("X + scale", default=0.5))
register_op_kernel("ck_shift", "CPU", CkShiftKernel, *FLOATS)
register_operator("ck_copy", UnaryOp, NotedMaker)
register_op_kernel("ck_copy", "CPU", CkCopyKernel, *FLOATS)
