"""Run one legacy op in isolation through a chosen path (tests, `migrate --verify`, bench)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from compat.dual_dispatch import DualDispatchRunner, PathMode
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import OpTrace
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor

InputValue = np.ndarray | DenseTensor | Sequence[np.ndarray | DenseTensor] | None


def build_single_op_program(
    op_type: str,
    inputs: Mapping[str, InputValue],
    attrs: Mapping[str, Any],
    outputs: Mapping[str, int] | Sequence[str],
) -> tuple[ProgramDesc, dict[str, Any], dict[str, list[str]]]:
    """A one-op program; returns it, the feed dict and the output var names per slot."""
    program = ProgramDesc()
    block = program.global_block()
    feed: dict[str, Any] = {}
    in_names: dict[str, list[str]] = {}
    for slot, value in inputs.items():
        if value is None:
            continue
        values = list(value) if isinstance(value, (list, tuple)) else [value]
        names = [f"{slot}@{i}" for i in range(len(values))]
        for name, v in zip(names, values):
            tensor = v if isinstance(v, DenseTensor) else DenseTensor(np.asarray(v))
            block.var(name, dtype=tensor.dtype, shape=list(tensor.dims))
            feed[name] = tensor
        in_names[slot] = names
    counts = dict(outputs) if isinstance(outputs, Mapping) else {s: 1 for s in outputs}
    out_names = {slot: [f"{slot}@out{i}" for i in range(n)] for slot, n in counts.items()}
    for names in out_names.values():
        for name in names:
            block.var(name, dtype=None)
    block.append_op(op_type, in_names, out_names, dict(attrs))
    return program, feed, out_names


def run_single_op(
    op_type: str,
    inputs: Mapping[str, InputValue],
    attrs: Mapping[str, Any],
    outputs: Mapping[str, int] | Sequence[str],
    mode: PathMode | str = "auto",
    place: Place | None = None,
) -> tuple[dict[str, list[np.ndarray]], OpTrace]:
    """Outputs per slot as host arrays, plus the op's trace record."""
    program, feed, out_names = build_single_op_program(op_type, inputs, attrs, outputs)
    executor = Executor(place or CPUPlace(), DualDispatchRunner(mode))
    scope = Scope()
    flat = [n for names in out_names.values() for n in names]
    tensors = executor.run(program, scope, feed, fetch_list=flat)
    by_name = dict(zip(flat, tensors))
    result = {slot: [_host(by_name[n]) for n in names] for slot, names in out_names.items()}
    return result, executor.last_trace[0]


def _host(tensor: DenseTensor) -> np.ndarray:
    if not tensor.initialized():
        return (
            np.empty((0,), dtype=np.float32)
            if tensor.dtype is DataType.UNDEFINED
            else np.empty((0,), dtype=tensor.dtype.to_numpy())
        )
    return np.array(tensor.numpy(), copy=True)
