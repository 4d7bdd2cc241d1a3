"""The team's registration helper, named as the framework's PHI one; it books too."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
REGISTERED = []


def register_kernel(op, kernel, dtypes=FLOATS):
    for dtype in dtypes:
        register_op_kernel(op, "CPU", kernel, dtype)
        REGISTERED.append((op, kernel.__name__, str(dtype)))
