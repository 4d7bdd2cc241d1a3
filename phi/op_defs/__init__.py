"""The typed op model of phi/ops.yaml and phi/backward.yaml, parsed strictly into frozen
dataclasses.

`op_defs()` is ops.yaml, `backward_defs()` backward.yaml (each read once, and checked
against each other: every `backward :` names a backward op whose `forward` is that op);
`op_def_of_kernel(name)` finds the entry that declares a PHI kernel name.
`op_compat_defs()` is phi/op_compat.yaml, the legacy <-> PHI relation (`op_compat.py`);
`op_compat_of(legacy_op)` the entry describing a legacy op or grad op.
"""

from __future__ import annotations

import functools
from pathlib import Path

from phi.op_defs.entry_index import compat_index, file_index, parse_compat_entry, parse_entry
from phi.op_defs.model import (
    NO_DEFAULT,
    ArgDef,
    ArgType,
    AttributeType,
    ForwardDef,
    InferMetaDef,
    KernelDef,
    OpDef,
    OutputDef,
)
from phi.op_defs.op_compat import (
    ExtraAttrDef,
    ExtraDef,
    OpCompatDef,
    OpCompatError,
    OpNames,
    SourceLine,
    TensorAttrDef,
    TensorAttrKind,
    load_op_compat,
    render_entry,
    render_op_compat,
)
from phi.op_defs.parse import OpDefError, load_op_defs, parse_op
from phi.op_defs.render import render_op

OPS_YAML = Path(__file__).resolve().parent.parent / "ops.yaml"
BACKWARD_YAML = OPS_YAML.with_name("backward.yaml")
OP_COMPAT_YAML = OPS_YAML.with_name("op_compat.yaml")
_COMPAT_SHOWN = "phi/op_compat.yaml"

__all__ = [
    "BACKWARD_YAML",
    "NO_DEFAULT",
    "OPS_YAML",
    "OP_COMPAT_YAML",
    "ArgDef",
    "ArgType",
    "AttributeType",
    "ExtraAttrDef",
    "ExtraDef",
    "ForwardDef",
    "InferMetaDef",
    "KernelDef",
    "OpCompatDef",
    "OpCompatError",
    "OpDef",
    "OpDefError",
    "OpNames",
    "OutputDef",
    "SourceLine",
    "TensorAttrDef",
    "TensorAttrKind",
    "backward_defs",
    "check_links",
    "load_op_compat",
    "load_op_defs",
    "op_compat_defs",
    "op_compat_of",
    "op_def",
    "op_def_of_kernel",
    "op_defs",
    "parse_op",
    "render_entry",
    "render_op",
    "render_op_compat",
]


@functools.cache
def op_defs() -> tuple[OpDef, ...]:
    """phi/ops.yaml, parsed (once per process)."""
    return load_op_defs(OPS_YAML)


@functools.cache
def backward_defs() -> tuple[OpDef, ...]:
    """phi/backward.yaml, parsed and checked against ops.yaml (once per process)."""
    backs = load_op_defs(BACKWARD_YAML) if BACKWARD_YAML.is_file() else ()
    check_links(op_defs(), backs)
    return backs


def check_links(ops: tuple[OpDef, ...], backs: tuple[OpDef, ...]) -> None:
    """Every forward op's `backward` exists and points back at it; every backward op's
    `forward` is an op whose arguments and outputs it restates exactly."""
    by_name = {op.name: op for op in (*ops, *backs)}
    for op in (*ops, *backs):
        if op.backward is not None:
            back = by_name.get(op.backward)
            if back is None or back.forward is None:
                raise OpDefError(op.file, op.name, f"backward {op.backward!r} is not a "
                                 "backward_op of backward.yaml")
            if back.forward.op != op.name:
                raise OpDefError(back.file, back.name, f"forward names {back.forward.op!r}, "
                                 f"but {op.name!r} says this is its backward")
    for back in backs:
        if not back.is_backward:
            raise OpDefError(back.file, back.name, "backward.yaml holds backward_op entries only")
        forward = by_name.get(back.forward.op)  # type: ignore[union-attr]
        if forward is None:
            raise OpDefError(back.file, back.name,
                             f"forward op {back.forward.op!r} is not defined")  # type: ignore[union-attr]
        if (tuple((a.name, a.type) for a in forward.args),
                tuple(o.name for o in forward.outputs)) != (
                tuple((a.name, a.type) for a in back.forward.args),  # type: ignore[union-attr]
                tuple(o.name for o in back.forward.outputs)):  # type: ignore[union-attr]
            raise OpDefError(back.file, back.name, f"forward restates {forward.name}'s "
                             "arguments or outputs wrongly")
        if forward.backward != back.name:
            raise OpDefError(forward.file, forward.name, f"has backward op {back.name!r} "
                             "in backward.yaml but does not name it with `backward :`")


@functools.cache
def _by_kernel() -> dict[str, OpDef]:
    table: dict[str, OpDef] = {}
    for op in (*op_defs(), *backward_defs()):
        for name in (op.name, *op.kernel.func):
            table.setdefault(name, op)
    return table


def op_def_of_kernel(kernel_name: str) -> OpDef | None:
    """The ops.yaml entry that names `kernel_name` (as its op or one of its kernels)."""
    return _by_kernel().get(kernel_name)


@functools.cache
def _by_name() -> dict[str, OpDef]:
    return {op.name: op for op in (*op_defs(), *backward_defs())}


def op_def(name: str) -> OpDef:
    """The ops.yaml or backward.yaml entry named `name`; KeyError names what is missing.

    Until something parses the whole files, only the entry asked for is parsed (a run
    needs a dozen); the whole-file parse, with its checks across entries (names unique,
    backward links), answers whenever the files have been parsed already or the entry
    cannot be read alone."""
    if _by_name.cache_info().currsize == 0:
        alone = _entry_alone(name)
        if alone is not None:
            return alone
    try:
        return _by_name()[name]
    except KeyError:
        raise KeyError(f"no op '{name}' in ops.yaml or backward.yaml") from None


@functools.cache
def _entry_alone(name: str) -> OpDef | None:
    ops, backs = file_index(OPS_YAML), file_index(BACKWARD_YAML)
    if ops is None or backs is None or (name in ops.spans and name in backs.spans):
        return None
    return parse_entry(ops if name in ops.spans else backs, name)


@functools.cache
def op_compat_defs() -> tuple[OpCompatDef, ...]:
    """phi/op_compat.yaml, parsed (once per process); () when the file is absent."""
    if not OP_COMPAT_YAML.is_file():
        return ()
    return load_op_compat(OP_COMPAT_YAML, _COMPAT_SHOWN)


@functools.cache
def _compat_by_legacy() -> dict[str, OpCompatDef]:
    return {legacy: entry for entry in op_compat_defs()
            for legacy in (entry.names.legacy, *(b.legacy for b in entry.backward))}


def op_compat_of(legacy_op: str) -> OpCompatDef | None:
    """The op_compat.yaml entry describing legacy op (or grad op) `legacy_op`, if any.

    As `op_def`: until the whole file is parsed, only the entry asked for is (and a name
    the file's lines do not give is answered None without parsing anything)."""
    if _compat_by_legacy.cache_info().currsize == 0 and OP_COMPAT_YAML.is_file():
        index = compat_index(OP_COMPAT_YAML, _COMPAT_SHOWN)
        if index is not None:
            if legacy_op not in index.spans:
                return None
            alone = _compat_alone(legacy_op)
            if alone is not None:
                return alone
    return _compat_by_legacy().get(legacy_op)


@functools.cache
def _compat_alone(legacy_op: str) -> OpCompatDef | None:
    index = compat_index(OP_COMPAT_YAML, _COMPAT_SHOWN)
    return None if index is None else parse_compat_entry(index, legacy_op)
