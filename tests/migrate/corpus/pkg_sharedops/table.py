"""The team's kernel table: `aka(op, kernel)` lists a kernel, `install()` registers every
one for float32, and for float64 too where `SHAREDOPS_WIDE` is set and the op is a `_v2`."""

import os

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

_LISTED = []


def aka(op, kernel):
    _LISTED.append((op, kernel))


def install():
    wide = bool(os.environ.get("SHAREDOPS_WIDE"))
    for op, kernel in _LISTED:
        register_op_kernel(op, "CPU", kernel, DataType.FLOAT32)
        if wide and op.endswith("_v2"):
            register_op_kernel(op, "CPU", kernel, DataType.FLOAT64)
