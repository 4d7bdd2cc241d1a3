"""The plug-in loader: each plug-in module may export `MANIFEST`, a list of `Provides`
records; `install` asks each record to register itself."""

import importlib

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

from . import _flags

#: the plug-ins (under `plugins`), loaded in order
PLUGINS = ("pointwise", "scaled")


class Provides:
    """`kernel` serves `op` on each of `devices` for `dtypes`."""

    def __init__(self, op, kernel, *dtypes, devices=("CPU", "GPU")):
        self.op, self.kernel, self.dtypes, self.devices = op, kernel, dtypes, devices

    def register(self, origin):
        for device in self.devices:
            dtypes = list(self.dtypes)
            if device == "GPU" and _flags.GPU_HALF:
                dtypes.append(DataType.FLOAT16)
            register_op_kernel(self.op, device, self.kernel, *dtypes)
        return f"{origin}:{self.op}"


def install(records, *, origin):
    return [record.register(origin) for record in records]


def load_plugins():
    installed = []
    for name in PLUGINS:
        module = importlib.import_module(f"{__package__}.plugins.{name}")
        installed += install(getattr(module, "MANIFEST", ()), origin=name)
    return installed
