"""A kernel reading a NamedTuple parameter object, recorded by a decorator of its own
module and registered by a loop."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from .base import LikeXOp, SlotKernel, make_maker
from .params import NormParams

_RECORDED = []


def recorded(op_type):
    def _wrap(cls):
        _RECORDED.append((op_type, cls))
        return cls

    return _wrap


@recorded("rc_rms")
class RmsKernel(SlotKernel):
    def compute(self, ctx):
        p = NormParams.from_ctx(ctx)
        x = self.inp(ctx, "x")
        rms = (x.data * x.data).mean(axis=-1, keepdims=True) + p.epsilon
        self.alloc(ctx, "out", x.dtype)[...] = p.scale * x.data / rms ** 0.5


register_operator("rc_rms", LikeXOp, make_maker(
    "RmsMaker", attrs=(("epsilon", AttrType.FLOAT, 1e-5), ("scale", AttrType.FLOAT, 1.0))))
for _op, _cls in _RECORDED:
    register_op_kernel(_op, "CPU", _cls, DataType.FLOAT32)
