"""The registration helper, the decorators calling it, the maker and the operator."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
GPU_FLOATS = (DataType.FLOAT32,)


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def register_kernels(op_type, cls, dtypes, gpu=()):
    for dt in dtypes:
        register_op_kernel(op_type, "CPU", cls, dt)
    for dt in gpu:
        register_op_kernel(op_type, "GPU", cls, dt)


def op_kernel(op_type, dtypes, *, gpu_dtypes=GPU_FLOATS):
    def wrap(cls):
        register_kernels(op_type, cls, dtypes, gpu=tuple(gpu_dtypes))
        cls.OP_TYPE = op_type
        return cls

    return wrap


def _counted(method):
    def run(self, ctx):
        run.calls += 1
        return method(self, ctx)

    run.calls = 0
    return run


def timed_kernel(op_type, dtypes):
    """Registers the class and wraps its compute(): it changes what the class runs."""

    def wrap(cls):
        register_kernels(op_type, cls, dtypes)
        cls.compute = _counted(cls.compute)
        return cls

    return wrap
