"""Team U's ops: two kernels of the kit's factory and one class statement, listed in a
module-level table that a loop registers."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .kit import ElementwiseKernel, PlainMaker, PlainOp, elementwise_kernel

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


def _cube(v):
    return v * v * v


def _halve(v):
    return v / 2


class TwiceKernel(ElementwiseKernel):
    def apply(self, v):
        return v * 2


CubeKernel = elementwise_kernel("CubeKernel", _cube, "X ** 3")
HalfKernel = elementwise_kernel("HalfKernel", _halve, "X / 2")

_TABLE = [("uk_twice", TwiceKernel, "CPU"), ("uk_cube", CubeKernel, "CPU"),
          ("uk_half", HalfKernel, "CPU")]

for _op, _kernel, _device in _TABLE:
    register_operator(_op, PlainOp, PlainMaker)
    register_op_kernel(_op, _device, _kernel, *FLOATS)
