"""What the executor and the loaders ask of a program: feed and fetch targets, stored params."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.program_desc import BlockDesc, ProgramDesc
from legacy_fluid.framework.var_type import VarType

#: Var kinds that hold feed/fetch lists rather than data.
FEED_FETCH_TYPES = frozenset({VarType.FEED_MINIBATCH, VarType.FETCH_LIST})
#: Persistable var kinds that have no tensor stored in a params file.
_NOT_SAVED_TYPES = FEED_FETCH_TYPES | {VarType.READER, VarType.RAW}


def _targets(program: ProgramDesc, op_types: tuple[str, ...], slot: str) -> list[str]:
    found: list[tuple[int, int, str]] = []
    for pos, op in enumerate(program.global_block().ops):
        if op.type in op_types:
            names = op.outputs.get(slot) if slot == "Out" else op.inputs.get(slot)
            if names:
                found.append((int(op.attrs.get("col", pos)), pos, names[0]))
    return [name for _, _, name in sorted(found)]


def feed_target_names(program: ProgramDesc) -> list[str]:
    """Names fed by the global block's `feed` ops, in `col` order."""
    return _targets(program, ("feed",), "Out")


def fetch_target_names(program: ProgramDesc) -> list[str]:
    """Names read by the global block's `fetch` ops, in `col` order."""
    return _targets(program, ("fetch", "fetch_v2"), "X")


def array_input_names(program: ProgramDesc) -> list[str]:
    """Tensor arrays the caller fills (`executor.set_array_feeds`): the global block's
    non-persistable LOD_TENSOR_ARRAY variables that an op reads before any op writes them,
    in the order they are first read."""
    block = program.global_block()
    written: set[str] = set()
    found: list[str] = []
    for op in block.ops:
        for name in (n for names in op.inputs.values() for n in names):
            var = block.find_var(name)
            if (name not in written and name not in found and var is not None
                    and var.type is VarType.LOD_TENSOR_ARRAY and not var.persistable):
                found.append(name)
        written.update(n for names in op.outputs.values() for n in names)
    return found


def tensor_array_names(program: ProgramDesc) -> list[str]:
    """The global block's non-persistable LOD_TENSOR_ARRAY variables: a run starts them
    empty (as Paddle Inference does, and an executor whose scope lives for one run)."""
    return [var.name for var in program.global_block().vars.values()
            if var.type is VarType.LOD_TENSOR_ARRAY and not var.persistable]


def holder_name(program: ProgramDesc, op_type: str, slot: str, default: str) -> str:
    """The feed/fetch holder variable the program's feed (X) or fetch (Out) ops use."""
    for op in program.global_block().ops:
        names = op.inputs.get(slot) or op.outputs.get(slot) if op.type == op_type else None
        if names:
            return names[0]
    return default


def persistable_var_names(program: ProgramDesc) -> list[str]:
    """Sorted names of the global block's vars stored in a params file.

    Persistable vars except the feed/fetch holders and reader/raw vars, the
    set and order Paddle's `save_inference_model` writes.
    """
    return sorted({v.name for v in program.global_block().vars.values()
                   if v.persistable and v.type not in _NOT_SAVED_TYPES})


def var_summary(block: BlockDesc, name: str) -> dict[str, Any]:
    """{name, shape, dtype} of a variable of `block` (None where it is not declared)."""
    var = block.find_var(name)
    return {"name": name, "shape": list(var.shape) if var is not None else None,
            "dtype": str(var.dtype) if var is not None and var.dtype is not None else None}
