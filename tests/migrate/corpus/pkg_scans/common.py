"""The scan op's maker and operator, its dtype tuples and the registration helper."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
INTS = (DataType.INT32, DataType.INT64)


class ScanMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "the running reduction of X along axis")
        self.add_attr("mode", AttrType.STRING, "sum", "sum, prod, max, min or mean")
        self.add_attr("axis", AttrType.INT, 0, "the axis scanned")


class ScanOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def register_kernels(op_type, kernel, cpu, gpu=()):
    for dt in cpu:
        register_op_kernel(op_type, "CPU", kernel, dt)
    for dt in gpu:
        register_op_kernel(op_type, "GPU", kernel, dt)
