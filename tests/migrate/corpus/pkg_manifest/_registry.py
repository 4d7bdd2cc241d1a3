"""Team X's registry: a plug-in's `MANIFEST` lists operator specs and kernel bindings;
`install` registers the operators first, then each binding's kernel for each of its devices
and dtypes (GPU ones only while TEAMX_NO_GPU_KERNELS is unset, read once at import)."""

import importlib
import os
from dataclasses import dataclass
from typing import NamedTuple

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

FLOATING = frozenset({DataType.FLOAT32, DataType.FLOAT64})
INTEGRAL = frozenset({DataType.INT32, DataType.INT64})
EVERYWHERE = ("CPU", "GPU")

#: GPU kernels register unless the environment turns them off
GPU_KERNELS = os.environ.get("TEAMX_NO_GPU_KERNELS") is None

#: the plug-ins (under `plugins`), installed in order
PLUGINS = ("unary", "scaled", "computed", "looped", "roll")


@dataclass(frozen=True)
class OpSpec:
    op: str
    operator: type
    maker: type


class KernelBinding(NamedTuple):
    op: str
    kernel: type
    dtypes: frozenset
    devices: tuple = ("CPU",)


def install(manifest):
    for record in manifest:
        if isinstance(record, OpSpec):
            register_operator(record.op, record.operator, record.maker)
    for record in manifest:
        if isinstance(record, KernelBinding):
            for device in record.devices:
                if device == "CPU":
                    register_op_kernel(record.op, device, record.kernel, *record.dtypes)
                elif GPU_KERNELS:
                    register_op_kernel(record.op, device, record.kernel, *record.dtypes)


def load_plugins():
    for name in PLUGINS:
        plugin = importlib.import_module(f"{__package__}.plugins.{name}")
        install(plugin.MANIFEST)
