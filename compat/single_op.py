"""Run one legacy op in isolation through a chosen path (tests, `migrate --verify`, bench)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from compat.dual_dispatch import DualDispatchRunner, PathMode
from compat.kernel_library import KernelLibrary
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.kernel_run import KernelRun
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import OpTrace
from legacy_fluid.framework.type_promotion import check_operand_types
from legacy_fluid.framework.var_type import VarType
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor

InputValue = np.ndarray | DenseTensor | Sequence[np.ndarray | DenseTensor] | None

#: Slots that act on the executor's feed/fetch holder lists rather than on tensors.
#: A single-op program binds them to the holder variable; the executor then fills
#: the feed list from the feed dict and returns the fetch list, as in a real model.
HOLDER_SLOTS: dict[tuple[str, str], VarType] = {
    ("feed", "X"): VarType.FEED_MINIBATCH,
    ("fetch", "Out"): VarType.FETCH_LIST,
}


def build_single_op_program(
    op_type: str,
    inputs: Mapping[str, InputValue],
    attrs: Mapping[str, Any],
    outputs: Mapping[str, int] | Sequence[str],
    in_place: Mapping[str, str] | None = None,
) -> tuple[ProgramDesc, dict[str, Any], dict[str, list[str]]]:
    """A one-op program; returns it, the feed dict and the output var names per slot.
    `in_place`: output slot -> input slot whose variables it writes (Out is X)."""
    program = ProgramDesc()
    block = program.global_block()
    feed: dict[str, Any] = {}
    in_names: dict[str, list[str]] = {}
    fed_holder: list[DenseTensor] = []
    for slot, value in inputs.items():
        if value is None:
            continue
        values = list(value) if isinstance(value, (list, tuple)) else [value]
        tensors = [v if isinstance(v, DenseTensor) else DenseTensor(np.asarray(v))
                   for v in values]
        holder = HOLDER_SLOTS.get((op_type, slot))
        if holder is not None:
            in_names[slot] = [_holder_var(block, holder)]
            fed_holder = tensors
            continue
        names = [f"{slot}@{i}" for i in range(len(values))]
        for name, tensor in zip(names, tensors):
            block.var(name, dtype=tensor.dtype, shape=list(tensor.dims))
            feed[name] = tensor
        in_names[slot] = names
    counts = dict(outputs) if isinstance(outputs, Mapping) else {s: 1 for s in outputs}
    out_names = {slot: [f"{slot}@out{i}" for i in range(n)] for slot, n in counts.items()}
    for out_slot, in_slot in (in_place or {}).items():
        if out_slot in out_names and len(in_names.get(in_slot, [])) == counts[out_slot]:
            out_names[out_slot] = list(in_names[in_slot])
    for slot, names in out_names.items():
        if names and names == in_names.get((in_place or {}).get(slot, ""), []):
            continue
        holder = HOLDER_SLOTS.get((op_type, slot))
        if holder is not None:
            out_names[slot] = [_holder_var(block, holder)]
            continue
        for name in names:
            block.var(name, dtype=None)
    block.append_op(op_type, in_names, out_names, dict(attrs))
    if fed_holder:  # the executor fills the feed list from the feed op's output name
        for name in out_names.get("Out", []):
            feed[name] = fed_holder[0]
    return program, feed, out_names


def _holder_var(block: Any, holder: VarType) -> str:
    """The feed/fetch holder variable of a one-op program."""
    name = holder.name.lower()
    block.var(name, type=holder, persistable=True)
    return name


@dataclass
class SingleOpRun:
    """One op run: its output tensors per slot (as the kernel left them), the trace record,
    the kernel choice the dual dispatch made (None for ops without kernels) and the fed
    input tensors per slot as the run left them (a kernel may update an input in place)."""

    outputs: dict[str, list[DenseTensor]]
    trace: OpTrace
    choice: KernelRun | None
    inputs: dict[str, list[DenseTensor]] = field(default_factory=dict)


def run_single_op_tensors(
    op_type: str,
    inputs: Mapping[str, InputValue],
    attrs: Mapping[str, Any],
    outputs: Mapping[str, int] | Sequence[str],
    mode: PathMode | str = "auto",
    place: Place | None = None,
    in_place: Mapping[str, str] | None = None,
    library: KernelLibrary | str = KernelLibrary.PLAIN,
) -> SingleOpRun:
    """Run one op through the executor and the dual dispatch; tensors, not host arrays.
    `in_place`: output slot -> input slot it shares variables with; `library`: the kernel
    library preferred (`compat.kernel_library`)."""
    program, feed, out_names = build_single_op_program(op_type, inputs, attrs, outputs,
                                                       in_place)
    check_operand_types(program)  # an integer with a float: refused, as Paddle's loader does
    runner = DualDispatchRunner(mode, library=library)
    executor = Executor(place or CPUPlace(), runner)
    scope = Scope()
    holders = {slot for slot in out_names if (op_type, slot) in HOLDER_SLOTS}
    flat = [n for slot, names in out_names.items() if slot not in holders for n in names]
    op_inputs = program.global_block().ops[0].inputs
    # the fed inputs are fetched too: a kernel may update an input in place
    fed_names = {slot: names for slot, names in op_inputs.items()
                 if names and all(n in feed for n in names)} if not holders else {}
    extra = [n for names in fed_names.values() for n in names if n not in flat]
    tensors = executor.run(program, scope, feed, fetch_list=flat + extra)
    if holders:  # a fetch op: the executor returned the fetch list itself
        result = {slot: list(tensors) for slot in holders}
        by_name = {}
    else:
        by_name = dict(zip(flat + extra, tensors))
        result = {slot: [by_name[n] for n in names] for slot, names in out_names.items()}
    op = executor.prepare(program)[0]
    fed = {slot: [by_name[n] for n in names] for slot, names in fed_names.items()}
    return SingleOpRun(result, executor.last_trace[0], runner.choice_for(op), fed)


def run_single_op(
    op_type: str,
    inputs: Mapping[str, InputValue],
    attrs: Mapping[str, Any],
    outputs: Mapping[str, int] | Sequence[str],
    mode: PathMode | str = "auto",
    place: Place | None = None,
    library: KernelLibrary | str = KernelLibrary.PLAIN,
) -> tuple[dict[str, list[np.ndarray]], OpTrace]:
    """Outputs per slot as host arrays, plus the op's trace record."""
    run = run_single_op_tensors(op_type, inputs, attrs, outputs, mode, place,
                                library=library)
    return {slot: [_host(t) for t in ts] for slot, ts in run.outputs.items()}, run.trace


def _host(tensor: DenseTensor) -> np.ndarray:
    if not tensor.initialized():
        return (
            np.empty((0,), dtype=np.float32)
            if tensor.dtype is DataType.UNDEFINED
            else np.empty((0,), dtype=tensor.dtype.to_numpy())
        )
    return np.array(tensor.numpy(), copy=True)
