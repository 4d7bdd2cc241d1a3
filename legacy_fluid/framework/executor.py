"""`Executor`: runs block 0 of a program op by op over a scope."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from legacy_fluid.framework.block_runner import BlockRunner, running
from legacy_fluid.framework.op_registry import create_op
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import feed_target_names, holder_name
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import OpTrace
from legacy_fluid.framework.var_type import VarType
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor, as_dense_tensor

#: Runs one op and says what it chose; compat's dual dispatch is one such runner.
OpRunner = Callable[[OperatorBase, Scope, Place], OpTrace]


class OpRunError(RuntimeError):
    """An op failed while running; names the op, its index and its variables."""

    def __init__(self, index: int, op: OperatorBase, cause: Exception,
                 replaced: str | None = None) -> None:
        """`replaced`: for an op a pass made, the program's ops it stands for (named in
        the message, as the program has no op of this type at this index)."""
        self.index, self.op, self.cause, self.replaced = index, op, cause, replaced
        ins = ", ".join(f"{k}={v}" for k, v in op.inputs.items() if v)
        outs = ", ".join(f"{k}={v}" for k, v in op.outputs.items() if v)
        made = (f"the fused '{op.type}' that fluidphi's plan made of the program's ops "
                f"{replaced} (--no-passes runs them unfused)" if replaced
                else f"op #{index} '{op.type}'")
        super().__init__(
            f"{made} (inputs {ins}; outputs {outs}) failed: {type(cause).__name__}: {cause}"
        )


def legacy_runner(op: OperatorBase, scope: Scope, place: Place) -> OpTrace:
    return op.run(scope, place)


class Executor:
    def __init__(self, place: Place | None = None, op_runner: OpRunner | None = None) -> None:
        self.place = place or CPUPlace()
        self.op_runner = op_runner or legacy_runner
        self._prepared: dict[int, tuple[ProgramDesc, list[OperatorBase]]] = {}
        self.last_trace: list[OpTrace] = []

    def prepare(self, program: ProgramDesc) -> list[OperatorBase]:
        """Operators of block 0, created once per program and reused across runs."""
        cached = self._prepared.get(id(program))
        if cached is None or cached[0] is not program:
            ops = [create_op(desc) for desc in program.global_block().ops]
            cached = self._prepared[id(program)] = (program, ops)
        return cached[1]

    def run(
        self,
        program: ProgramDesc,
        scope: Scope,
        feed: Mapping[str, Any] | None = None,
        fetch_list: list[str] | None = None,
        feed_var_name: str | None = None,
        fetch_var_name: str | None = None,
    ) -> list[DenseTensor]:
        """Run and return the fetched tensors (on the host), in fetch order."""
        ops = self.prepare(program)
        block = program.global_block()
        feed = dict(feed or {})
        has_feed_ops = any(op.type == "feed" for op in ops)
        has_fetch_ops = any(op.type == "fetch" for op in ops)
        local = scope.new_scope()
        for var in block.vars.values():
            if var.persistable or var.type in (VarType.FEED_MINIBATCH, VarType.FETCH_LIST):
                scope.var(var.name)
            else:
                local.var(var.name)
        if feed_var_name is None:
            feed_var_name = holder_name(program, "feed", "X", "feed")
        if fetch_var_name is None:
            fetch_var_name = holder_name(program, "fetch", "Out", "fetch")
        feed = {name: as_feed_value(value) for name, value in feed.items()}
        if has_feed_ops:
            feed_list = scope.var(feed_var_name).get_list()
            feed_list.clear()
            names = feed_target_names(program)
            feed_list.extend(feed.get(n) for n in names)
        else:
            for name, value in feed.items():
                if isinstance(value, DenseTensor):
                    (local.find_var(name) or local.var(name)).value = value
        set_array_feeds(local, feed)
        if has_fetch_ops:
            scope.var(fetch_var_name).value = []
        trace: list[OpTrace] = []
        blocks = BlockRunner(program, self.op_runner, self.place)
        try:
            with running(blocks):
                for i, op in enumerate(ops):
                    try:
                        record = self.op_runner(op, local, self.place)
                    except Exception as exc:
                        raise OpRunError(i, op, exc) from exc
                    record.index = i
                    trace.append(record)
        finally:
            self.last_trace = trace
        if has_fetch_ops:
            results = list(scope.var(fetch_var_name).get_list())
        else:
            results = [local.find_var(n).get_tensor() for n in (fetch_list or [])]  # type: ignore[union-attr]
        scope.drop_kids()
        return results


def _as_tensor(value: Any) -> DenseTensor:
    if isinstance(value, DenseTensor):
        return value
    return as_dense_tensor(value)


def as_feed_value(value: Any) -> DenseTensor | list[DenseTensor]:
    """A fed value as the executor holds it: a tensor, or for a tensor array (a list or
    tuple of arrays / tensors) a list of tensors."""
    if isinstance(value, (list, tuple)):
        return [_as_tensor(v) for v in value]
    return _as_tensor(value)


def set_array_feeds(scope: Scope, feed: Mapping[str, Any]) -> None:
    """Give each fed tensor array (a list-valued feed, see `as_feed_value`) to its variable.

    Paddle's feed ops take tensors only: a program reads a tensor array its caller fills
    (a LOD_TENSOR_ARRAY variable no op writes first, as a single beam_search_decode reads
    a decoding loop's arrays) from the scope. The list is filled in place, so kernels a
    plan bound to the variable's list see the new tensors."""
    for name, value in feed.items():
        if isinstance(value, list):
            (scope.find_var(name) or scope.var(name)).get_list()[:] = value
