"""The package's registration helpers and partials of them."""

import functools

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_kernel_type import LibraryType
from phi.common import DataType

HOST = ("CPU",)
REAL = (DataType.FLOAT32, DataType.FLOAT64)
SINGLE = (DataType.FLOAT32,)


def enlist(devices, op, kernel, dtypes):
    for device in devices:
        register_op_kernel(op, device, kernel, *dtypes)


def provide(op, kernel, dtypes=REAL, devices=HOST):
    for device in devices:
        register_op_kernel(op, device, kernel, *dtypes)


on_host = functools.partial(enlist, HOST)
also_on_host = functools.partial(enlist, HOST)
single_only = functools.partial(provide, dtypes=SINGLE)
plain = functools.partial(register_op_kernel, library=LibraryType.PLAIN)
