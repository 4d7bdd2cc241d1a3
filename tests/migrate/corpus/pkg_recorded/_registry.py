"""Registration plumbing: `@kernel(op, dtypes=...)` records a class, `flush(__name__)`
registers what a module recorded; `kernel_decorator(table)` makes a decorator recording into
a module's own table."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)

#: module name -> {op type: (kernel class, dtypes)}
PENDING = {}


def kernel(op_type, dtypes=None):
    dtypes = list(FLOATS if dtypes is None else dtypes)

    def wrap(cls):
        PENDING.setdefault(cls.__module__, {})[op_type] = (cls, dtypes)
        cls.OP_TYPE = op_type
        return cls

    return wrap


def flush(module_name):
    for op_type, (cls, dtypes) in sorted(PENDING.pop(module_name, {}).items()):
        for dtype in dtypes:
            register_op_kernel(op_type, "CPU", cls, dtype)


def kernel_decorator(table):
    def kernel_(op_type, dtypes=FLOATS):
        def deco(cls):
            table[op_type] = (cls, tuple(dtypes))
            return cls

        return deco

    return kernel_
