"""Team R's shared dtype lists and the helpers its op modules register with: kernels
alone, an operator and its kernels in one call, and one that also logs what it registered."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

REAL = [DataType.FLOAT32, DataType.FLOAT64]
INTS = [DataType.INT32, DataType.INT64]
BACKENDS = ("CPU", "GPU")


def register_all(op_type, kernel, dtypes, backends=BACKENDS):
    """One registration per backend and dtype."""
    for b in backends:
        for d in dtypes:
            register_op_kernel(op_type, b, kernel, d)


def register_op_and_kernels(op_type, op_cls, maker, kernel, dtypes, backends=BACKENDS):
    """The operator and one kernel per backend and dtype."""
    register_operator(op_type, op_cls, maker)
    register_all(op_type, kernel, dtypes, backends)


REGISTERED = []


def register_logged(op_type, op_cls, maker, kernel, dtypes):
    """As register_op_and_kernels, and remembers the op (a side effect beyond registering)."""
    register_operator(op_type, op_cls, maker)
    REGISTERED.append(op_type)
    register_all(op_type, kernel, dtypes)
