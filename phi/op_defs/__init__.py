"""The typed op model of phi/ops.yaml: parsed strictly into frozen dataclasses.

`op_defs()` is the parsed ops.yaml (read once); `op_def_of_kernel(name)` finds the
entry that declares a PHI kernel name.
"""

from __future__ import annotations

import functools
from pathlib import Path

from phi.op_defs.model import (
    NO_DEFAULT,
    ArgDef,
    ArgType,
    AttributeType,
    InferMetaDef,
    KernelDef,
    OpDef,
    OutputDef,
)
from phi.op_defs.parse import OpDefError, load_op_defs, parse_op
from phi.op_defs.render import render_op

OPS_YAML = Path(__file__).resolve().parent.parent / "ops.yaml"

__all__ = [
    "NO_DEFAULT",
    "OPS_YAML",
    "ArgDef",
    "ArgType",
    "AttributeType",
    "InferMetaDef",
    "KernelDef",
    "OpDef",
    "OpDefError",
    "OutputDef",
    "load_op_defs",
    "op_def_of_kernel",
    "op_defs",
    "parse_op",
    "render_op",
]


@functools.cache
def op_defs() -> tuple[OpDef, ...]:
    """phi/ops.yaml, parsed (once per process)."""
    return load_op_defs(OPS_YAML)


@functools.cache
def _by_kernel() -> dict[str, OpDef]:
    table: dict[str, OpDef] = {}
    for op in op_defs():
        for name in (op.name, *op.kernel.func):
            table.setdefault(name, op)
    return table


def op_def_of_kernel(kernel_name: str) -> OpDef | None:
    """The ops.yaml entry that names `kernel_name` (as its op or one of its kernels)."""
    return _by_kernel().get(kernel_name)
