"""Team F's operator and registration helpers, and the decorator factories built on them."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

ACCEL_KINDS = (DataType.FLOAT32,)
ACCEL_SHIFTING = [DataType.FLOAT32]


class SameMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def declare(op_type, op_cls, maker):
    register_operator(op_type, op_cls, maker)


def enroll(op_type, kernel_cls, dtypes, places=("CPU",)):
    for place in places:
        for dt in dtypes:
            register_op_kernel(op_type, place, kernel_cls, dt)


HOOKS = {"enroll": enroll}  # a helper picked from a table: its calls are not read


def enroll_both(op_type, kernel_cls, host, accel=()):
    for dt in host:
        register_op_kernel(op_type, "CPU", kernel_cls, dt)
    for dt in accel:
        register_op_kernel(op_type, "GPU", kernel_cls, dt)


def backend_kernel(op_type, dtypes, accel=False):
    """`@backend_kernel("op", KINDS, accel=True)`: the host dtypes, and on GPU those of them
    the accelerator has (or the dtypes given)."""
    host = tuple(dtypes)
    if accel is True:
        accel_dtypes = tuple(d for d in host if d in ACCEL_KINDS)
    elif accel:
        accel_dtypes = tuple(accel)
    else:
        accel_dtypes = ()

    def deco(cls):
        enroll_both(op_type, cls, host, accel_dtypes)
        return cls

    return deco


def spread_kernel(op_type, *dtypes, accel=False):
    """`@spread_kernel("op", *KINDS, accel=True)`."""
    def wrap(cls):
        enroll(op_type, cls, dtypes, ("CPU", "GPU") if accel else ("CPU",))
        return cls

    return wrap


def shifting_kernel(op_type, dtypes):
    """Reads ACCEL_SHIFTING, which `widen_accel` changes: refused."""
    accel_dtypes = tuple(d for d in dtypes if d in ACCEL_SHIFTING)

    def deco(cls):
        enroll_both(op_type, cls, dtypes, accel_dtypes)
        return cls

    return deco


def widen_accel():
    ACCEL_SHIFTING.append(DataType.FLOAT64)
