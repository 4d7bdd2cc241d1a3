"""Structural checks of a loaded program, made before anything is allocated or run.

`program_problems` lists everything wrong with a program's structure, each as
one sentence naming the block, op, attribute or variable; `validate_program`
raises them as one `ModelFormatError`. `load_inference_model` calls it, so
every verb (`run`, `check`, `inspect`, `coverage`, `bench`) sees a malformed
program as a clear error and never as a traceback, a hang or a wrong answer.

What is checked:

* the ProgramDesc version is in the range fluidphi reads (0 up to the newest
  Paddle release it is tested against);
* every block's `idx` is its position, block 0 has no parent, every other
  block's parent is another block and the parents form no cycle nor nest
  deeper than the limit (`legacy_fluid.io.limits`; one pass, linear in the
  blocks); BLOCK and BLOCKS attributes name existing blocks;
* every attribute has a known type and a value of that type (a string that
  is not valid UTF-8, an unknown Scalar kind, ... are kept raw by the reader), and
  the type its op's proto declares, or one Paddle converts to it without changing
  the value (`legacy_fluid.framework.attr_types`);
* every variable an op names is declared in its block or an enclosing one;
  used variables have a known kind and element type, dims that are -1 or
  >= 0 and a lod_level in range;
* feed and fetch ops sit in block 0, each with one holder and one target and
  an INT `col`; the columns of each are unique and run `0..n-1`; a var is fed
  at most once, and every fetched var is written by an earlier op or is a
  parameter.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from legacy_fluid.framework.attr_types import attr_type_problems
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc, VarDesc
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.limits import exceeded, limit
from legacy_fluid.io.tensor_checks import dims_problem

__all__ = [
    "NEWEST_PROGRAM_VERSION",
    "NEWEST_PROGRAM_VERSION_TEXT",
    "program_problems",
    "validate_program",
]

#: PADDLE_VERSION_INTEGER (major * 1e6 + minor * 1e3 + patch) of the newest Paddle release
#: whose programs fluidphi is tested against; a program claiming a later one is refused.
NEWEST_PROGRAM_VERSION = 3_003_001
NEWEST_PROGRAM_VERSION_TEXT = "3.3.1"
#: Paddle's argument name for "no variable here".
EMPTY_VAR_NAME = "@EMPTY@"
FEED_OP = "feed"
FETCH_OPS = ("fetch", "fetch_v2")
#: The deepest LoD Paddle's tensors carry in practice is a handful of levels.
MAX_LOD_LEVEL = 64
#: Problems listed in one error message; the rest are counted.
MAX_LISTED = 12
_STRING_KINDS = {AttrType.STRING, AttrType.STRINGS, AttrType.VAR, AttrType.VARS}
_ATTR_TYPES = frozenset(int(t) for t in AttrType)
_DATA_KINDS = {VarType.LOD_TENSOR, VarType.SELECTED_ROWS, VarType.LOD_TENSOR_ARRAY}


def version_text(version: int) -> str:
    """3003001 -> '3.3.1' (Paddle's PADDLE_VERSION_INTEGER encoding)."""
    major, rest = divmod(version, 1_000_000)
    minor, patch = divmod(rest, 1_000)
    return f"{major}.{minor}.{patch}"


def _op_name(block: BlockDesc, i: int, op: OpDesc) -> str:
    where = f"op #{i}" if block.idx == 0 else f"block {block.idx}, op #{i}"
    return f"{where} '{op.type}'"


def _version_problems(program: ProgramDesc) -> Iterator[str]:
    v = program.version
    if v is None or 0 <= v <= NEWEST_PROGRAM_VERSION:
        return
    why = "negative" if v < 0 else f"Paddle {version_text(v)}, newer than fluidphi knows"
    yield (f"ProgramDesc version {v} ({why}) is not supported (expected 0 .. "
           f"{NEWEST_PROGRAM_VERSION}, i.e. Paddle {NEWEST_PROGRAM_VERSION_TEXT} or older)")


def _block_problems(program: ProgramDesc) -> Iterator[str]:
    n = len(program.blocks)
    parent = [b.parent_idx if 0 <= b.parent_idx < n and b.parent_idx != i else -1
              for i, b in enumerate(program.blocks)]  # -1: a link reported below
    for pos, b in enumerate(program.blocks):
        if b.idx != pos:
            yield f"block #{pos} says its idx is {b.idx} (expected {pos})"
        if pos == 0:
            if b.parent_idx != -1:
                yield f"block 0 (the global block) has parent_idx {b.parent_idx} (expected -1)"
            continue
        if not 0 <= b.parent_idx < n or b.parent_idx == pos:
            yield (f"block {pos} has parent_idx {b.parent_idx} (expected another block, "
                   f"0 .. {n - 1})")
        fwd = b.forward_block_idx
        if fwd is not None and not -1 <= fwd < n:
            yield f"block {pos} has forward_block_idx {fwd} (expected -1 .. {n - 1})"
    yield from _chain_problems(parent)


def _chain_problems(parent: list[int]) -> Iterator[str]:
    """Cycles among the parent links and nesting deeper than the limit, in one pass over
    the blocks (each chain is walked once: a block's depth is its parent's plus one)."""
    n, max_depth = len(parent), limit("depth")
    depth: list[int | None] = [0] + [None] * (n - 1)  # None: not reached yet
    state = [0] * n  # 0 new, 1 on the current walk, 2 done (depth set, or a dead end)
    state[0] = 2
    for start in range(1, n):
        path, cur = [], start
        while 0 <= cur < n and state[cur] == 0:
            state[cur] = 1
            path.append(cur)
            cur = parent[cur]
        if 0 <= cur < n and state[cur] == 1:  # back on this walk: a cycle
            yield f"block {start}: its parent blocks form a cycle (through block {cur})"
        base = depth[cur] if 0 <= cur < n and state[cur] == 2 else None
        for b in reversed(path):  # a broken chain (reported on its own) leaves depth None
            state[b] = 2
            base = depth[b] = None if base is None else base + 1
        if base is not None and base > max_depth:
            yield exceeded("depth", base, f"block {start}")
            return


def _attr_problems(program: ProgramDesc, block: BlockDesc, i: int, op: OpDesc,
                   types: bool) -> Iterator[str]:
    n = len(program.blocks)
    proto = OP_INFOS.get(op.type).proto if types and OP_INFOS.has(op.type) else None
    for name, value in op.attrs.items():
        kind = op.attr_types.get(name)
        where = f"{_op_name(block, i, op)}: attribute '{name}'"
        if kind not in _ATTR_TYPES:
            yield f"{where} has attribute type {kind}, which Paddle does not define (0 .. 17)"
            continue
        kind = AttrType(kind)  # a value the reader kept raw keeps its raw type number
        if _is_raw(value):
            why = ("is not valid UTF-8 text" if kind in _STRING_KINDS
                   else "cannot be read (an unknown Scalar kind)")
            yield f"{where}: its {kind.name} value {why}"
            continue
        if kind in (AttrType.BLOCK, AttrType.BLOCKS):
            indices = value if isinstance(value, list) else [value]
            bad = [b for b in indices if not 0 <= b < n]
            if bad:
                yield f"{where} names block {bad[0]}, which does not exist (0 .. {n - 1})"
                continue
        if proto is not None:
            for problem in attr_type_problems(proto, {name: value}, {name: kind}):
                yield f"{_op_name(block, i, op)}: {problem}"


def _is_raw(value: Any) -> bool:
    """An attribute value the reader kept as its protobuf message."""
    return hasattr(value, "SerializeToString")


def _declared(program: ProgramDesc, block: BlockDesc, name: str) -> VarDesc | None:
    """`name`'s VarDesc in `block` or an enclosing block; for a grad block (one with a
    forward_block_idx: while_grad's, conditional_block_grad's), also in its forward block
    and the blocks enclosing that, whose variables its op reads from the forward's scopes."""
    var = block.find_var_recursive(name)
    forward = block.forward_block_idx
    if var is None and forward is not None and 0 <= forward < len(program.blocks) \
            and forward != block.idx:
        var = program.blocks[forward].find_var_recursive(name)
    return var


def _var_problems(var: VarDesc, used_by: str, computed: bool = False) -> Iterator[str]:
    """`computed`: an op other than feed writes the variable, so its declared dims are only
    the compile-time guess (re-inferred when the program runs)."""
    where = f"variable '{var.name}' (used by {used_by})"
    if var.type == VarType.RAW and "raw_type" in var.extra:
        yield f"{where} has var kind {var.extra['raw_type']}, which fluidphi does not know"
        return
    if var.type not in _DATA_KINDS:
        return
    if var.dtype is None and "raw_dtype" in var.extra:
        yield (f"{where} has element type {var.extra['raw_dtype']}, which fluidphi does not "
               "support")
    bad = [d for d in var.shape if d < -1]
    # Paddle 2.x's compile-time InferShape multiplies -1 by known dims (instance_norm's
    # SavedMean [-N*C] is [-8]): as good as -1 for what an op computes, never for state
    if bad and computed and not var.persistable:
        bad = []
    if bad:
        yield f"{where} has dims {var.shape} (each must be -1 for unknown, or >= 0)"
    elif (problem := dims_problem([max(d, 0) for d in var.shape])) is not None:
        yield f"{where} has implausible dims {var.shape}: {problem}"
    if not 0 <= var.lod_level <= MAX_LOD_LEVEL:
        yield f"{where} has lod_level {var.lod_level} (expected 0 .. {MAX_LOD_LEVEL})"


def _op_var_problems(program: ProgramDesc, attr_types: bool) -> Iterator[str]:
    checked: set[str] = set()
    computed = {n for block in program.blocks for op in block.ops if op.type != "feed"
                for n in op.output_arg_names()}
    for block in program.blocks:
        for i, op in enumerate(block.ops):
            yield from _attr_problems(program, block, i, op, attr_types)
            for name in op.input_arg_names() + op.output_arg_names():
                if name == EMPTY_VAR_NAME:
                    continue
                var = _declared(program, block, name)
                if var is None:
                    yield (f"{_op_name(block, i, op)} names variable '{name}', which is not "
                           f"declared in block {block.idx}, an enclosing block or its "
                           f"forward block")
                elif f"{block.idx}/{name}" not in checked:
                    checked.add(f"{block.idx}/{name}")
                    yield from _var_problems(var, _op_name(block, i, op), name in computed)


def _single(op: OpDesc, slot: str, outputs: bool) -> str | None:
    names = op.outputs.get(slot) if outputs else op.inputs.get(slot)
    return names[0] if names and len(names) == 1 else None


def _column_problems(kind: str, cols: list[tuple[int, str]]) -> Iterator[str]:
    """`cols`: (col, op name) of the feed (or fetch) ops, which must be 0..n-1, once each."""
    by_col: dict[int, list[str]] = {}
    for col, who in cols:
        by_col.setdefault(col, []).append(who)
    for col, whos in sorted(by_col.items()):
        if len(whos) > 1:
            yield f"{' and '.join(whos)} both use {kind} column {col} (each column once)"
    n = len(cols)
    outside = sorted(c for c in by_col if not 0 <= c < n)
    if outside:
        missing = sorted(set(range(n)) - set(by_col))
        yield (f"{kind} columns must be 0 .. {n - 1} for {n} {kind} op(s); found column "
               f"{outside[0]}" + (f", and column {missing[0]} is missing" if missing else ""))


def _feed_fetch_problems(program: ProgramDesc) -> Iterator[str]:
    for block in program.blocks[1:]:
        for i, op in enumerate(block.ops):
            if op.type == FEED_OP or op.type in FETCH_OPS:
                yield f"{_op_name(block, i, op)}: feed and fetch ops belong in block 0"
    g = program.global_block()
    written: set[str] = set()
    fed: dict[str, str] = {}
    cols: dict[str, list[tuple[int, str]]] = {"feed": [], "fetch": []}
    for i, op in enumerate(g.ops):
        who = _op_name(g, i, op)
        is_feed, is_fetch = op.type == FEED_OP, op.type in FETCH_OPS
        if is_feed or is_fetch:
            holder = _single(op, "X", False) if is_feed else _single(op, "Out", True)
            target = _single(op, "Out", True) if is_feed else _single(op, "X", False)
            col = op.attrs.get("col")
            if holder is None or target is None:
                yield (f"{who} must have exactly one holder and one target variable "
                       f"(found inputs {op.inputs}, outputs {op.outputs})")
            elif not isinstance(col, int) or isinstance(col, bool) or \
                    op.attr_types.get("col") not in (AttrType.INT, AttrType.LONG):
                yield f"{who} has no INT attribute 'col' (found {col!r})"
            else:
                cols["feed" if is_feed else "fetch"].append((col, who))
                if is_feed and target in fed:
                    yield f"variable '{target}' is fed twice ({fed[target]} and {who})"
                if is_feed:
                    fed.setdefault(target, who)
                if is_fetch and target not in written and not _is_param(g, target):
                    yield (f"{who} fetches '{target}', which no earlier op writes and which "
                           "is not a parameter")
        written.update(op.output_arg_names())
    for kind, found in cols.items():
        yield from _column_problems(kind, found)


def _is_param(block: BlockDesc, name: str) -> bool:
    var = block.find_var(name)
    return var is not None and var.persistable


def program_problems(program: ProgramDesc, *, attr_types: bool = True) -> list[str]:
    """Everything wrong with `program`'s structure (empty when it is sound). Without
    `attr_types`, attributes stored as another type than their op declares are left to
    the caller (`fluidphi check` lists them apart)."""
    problems = [*_version_problems(program), *_block_problems(program)]
    if problems:  # block links are needed to look variables up
        return problems
    return [*_op_var_problems(program, attr_types), *_feed_fetch_problems(program)]


def validate_program(program: ProgramDesc, path: str | os.PathLike[str] | None = None) -> None:
    """Raise one `ModelFormatError` listing the program's structural problems, if any."""
    problems = program_problems(program)
    if not problems:
        return
    shown = "; ".join(problems[:MAX_LISTED])
    more = len(problems) - MAX_LISTED
    text = shown + (f"; and {more} more" if more > 0 else "")
    raise ModelFormatError(f"the program is malformed: {text}", path=path)
