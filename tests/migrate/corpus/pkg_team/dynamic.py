"""Team P: a kernel found by a computed name (`getattr(compose, "RoundHalf" + "Kernel")`):
no static reading sees this use, only running the op after the write does."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import compose


class LookupKernel(OpKernel):
    def compute(self, ctx):
        getattr(compose, "RoundHalf" + "Kernel")().compute(ctx)


register_operator("team_pkg_lookup", compose.SameOp, compose.PlainMaker)
register_op_kernel("team_pkg_lookup", "CPU", LookupKernel, *compose.FLOAT_TYPES)
