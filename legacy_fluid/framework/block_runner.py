"""`BlockRunner`: how a control-flow op runs a sub-block of the program being executed.

An executor makes itself the current block runner for the length of a run; a
`while` or `conditional_block` op asks for it (`current_block_runner()`) and runs
its sub-block in a child scope, op by op, through the same op runner (legacy or
dual dispatch) as the block that holds it. Operators are created once per block
and reused, so their kernel choices are too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from legacy_fluid.framework.op_registry import create_op
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.common import Place

if TYPE_CHECKING:
    from legacy_fluid.framework.operator import OperatorBase
    from legacy_fluid.framework.trace import OpTrace

OpRunner = Callable[["OperatorBase", Scope, Place], "OpTrace"]

#: Iterations a `while` may run unless told otherwise: far more than any real loop
#: (decoders run hundreds), so a condition that never turns false ends in an error
#: instead of a hang. `fluidphi run --max-loop-iters` sets another limit.
DEFAULT_MAX_LOOP_ITERS = 1_000_000
_MAX_LOOP_ITERS: ContextVar[int | None] = ContextVar("max_loop_iters", default=None)
_CURRENT: ContextVar[BlockRunner | None] = ContextVar("block_runner", default=None)


class SubBlockError(RuntimeError):
    """An op inside a sub-block failed; names the block, the op and its index."""


class LoopLimitError(RuntimeError):
    """A `while` ran more iterations than the limit allows."""


class BlockRunner:
    def __init__(self, program: ProgramDesc, op_runner: OpRunner, place: Place) -> None:
        self.program, self.op_runner, self.place = program, op_runner, place
        self._ops: dict[int, list[OperatorBase]] = {}

    def ops(self, block_idx: int) -> list[OperatorBase]:
        ops = self._ops.get(block_idx)
        if ops is None:
            if not 0 < block_idx < self.program.num_blocks():
                raise ValueError(f"sub_block {block_idx} is not a sub-block of the program "
                                 f"(it has blocks 0..{self.program.num_blocks() - 1})")
            ops = self._ops[block_idx] = [create_op(d)
                                          for d in self.program.block(block_idx).ops]
        return ops

    def run_block(self, block_idx: int, scope: Scope) -> None:
        """Create the block's own variables in `scope`, then run its ops there."""
        for name in self.program.block(block_idx).vars:
            scope.var(name)
        for i, op in enumerate(self.ops(block_idx)):
            try:
                self.op_runner(op, scope, self.place)
            except (SubBlockError, LoopLimitError):
                raise
            except Exception as exc:
                raise SubBlockError(f"block {block_idx}, op #{i} '{op.type}': "
                                    f"{type(exc).__name__}: {exc}") from exc


def current_block_runner(op_type: str) -> BlockRunner:
    runner = _CURRENT.get()
    if runner is None:
        raise RuntimeError(f"op '{op_type}' runs a sub-block and must run inside an executor")
    return runner


class running:  # noqa: N801 - used as `with running(runner):`, as a function would be
    """Make `runner` the current block runner (nested executors restore the outer one).
    A class, not a generator-based context manager: every planned run enters one, and
    this costs a third of the time."""

    __slots__ = ("_runner", "_token")

    def __init__(self, runner: BlockRunner | None) -> None:
        self._runner = runner

    def __enter__(self) -> BlockRunner | None:
        self._token = _CURRENT.set(self._runner)
        return self._runner

    def __exit__(self, *exc: object) -> None:
        _CURRENT.reset(self._token)


def max_loop_iterations() -> int:
    limit = _MAX_LOOP_ITERS.get()
    return DEFAULT_MAX_LOOP_ITERS if limit is None else limit


def loop_limit_source(limit: int) -> str:
    """How `limit` was set, for the error that names it."""
    if _MAX_LOOP_ITERS.get() is None:
        return f"the default limit of {limit:,} (--max-loop-iters sets another)"
    return f"the limit (--max-loop-iters {limit})"


@contextmanager
def loop_limit(limit: int | None) -> Iterator[None]:
    """Every `while` run inside stops with `LoopLimitError` after `limit` iterations
    (None: `DEFAULT_MAX_LOOP_ITERS`)."""
    token = _MAX_LOOP_ITERS.set(limit)
    try:
        yield
    finally:
        _MAX_LOOP_ITERS.reset(token)
