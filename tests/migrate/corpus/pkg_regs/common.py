"""Team R's shared dtype lists and the helper every op module registers its kernels with."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

REAL = [DataType.FLOAT32, DataType.FLOAT64]
INTS = [DataType.INT32, DataType.INT64]
BACKENDS = ("CPU", "GPU")


def register_all(op_type, kernel, dtypes, backends=BACKENDS):
    """One registration per backend and dtype."""
    for b in backends:
        for d in dtypes:
            register_op_kernel(op_type, b, kernel, d)
