"""`paddle.static`'s run loop over fluidphi's kernels: `Executor(place).run(program, feed=...,
fetch_list=..., scope=...)`.

A program (a loaded `ProgramDesc`, or the path of a `.pdmodel`) runs its global block once
per `run`: the feeds are set by name, every op runs (PHI kernels where possible, or the path
asked for), and the fetched variables come back as NumPy arrays. Persistable variables live
in the scope (`global_scope()` unless one is given) and so carry over from run to run: a
startup program fills them, a training program's optimizer ops update them in place; every
other variable lives only for its run. Random initializer ops of a startup program
(uniform_random, gaussian_random) draw from NumPy's generator (`seed` seeds the unseeded
ones): distributed as Paddle's, never bit-identical to Paddle's RNG; to reproduce a Paddle
run, load Paddle's initial values (`compat.training.load_initial_state`) after the startup
program.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from compat.dual_dispatch import DualDispatchRunner, PathMode
from compat.plan import PlannedExecutor
from legacy_fluid.framework.executor import Executor as _LegacyExecutor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import (
    feed_target_names,
    fetch_target_names,
    persistable_var_names,
)
from legacy_fluid.framework.scope import Scope, global_scope
from legacy_fluid.io import load_program, promote_program_types
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import as_dense_tensor
from phi.kernels.funcs.random import seed_all as seed

__all__ = ["Executor", "ExecutorInputError", "Scope", "feed_names", "global_scope", "seed"]


class ExecutorInputError(ValueError):
    """A run's program, feeds or fetch list cannot be used; says which and why."""


def feed_names(program: ProgramDesc) -> list[str]:
    """What a run of `program` must be fed: its feed ops' targets, or (a program without
    feed ops, as paddle.static.save writes one) the non-persistable variables that some op
    reads and no op writes."""
    targets = feed_target_names(program)
    if targets:
        return targets
    block = program.global_block()
    written = {n for op in block.ops for n in op.output_arg_names()}
    read = [n for op in block.ops for n in op.input_arg_names()]
    return sorted({n for n in read if n not in written and (v := block.find_var(n))
                   is not None and not v.persistable})


def _fetch_name(item: Any) -> str:
    """A fetch_list entry: a variable name, or anything with a `name` (a VarDesc, a Paddle
    Variable)."""
    name = item if isinstance(item, str) else getattr(item, "name", None)
    if not isinstance(name, str):
        raise ExecutorInputError(f"fetch_list entry {item!r} is neither a variable name nor "
                                 "a variable (an object with a .name)")
    return name


class Executor:
    """Runs programs over scopes, as `paddle.static.Executor` does (see the module doc).

    `path`: `auto` (PHI kernels where possible), `phi` or `legacy`; `planned`: run through
    plans built once per program, scope and feed shapes (the legacy path always runs op by
    op).
    """

    def __init__(self, place: Place | None = None, *, path: PathMode | str = PathMode.AUTO,
                 planned: bool = True) -> None:
        self.place = place or CPUPlace()
        self.path = PathMode.parse(path)
        self.planned = planned and self.path is not PathMode.LEGACY
        self._engine = self._new_engine()
        self._programs: dict[str, ProgramDesc] = {}
        #: (program, scope) -> ids of the persistable tensors the engine's plan is bound to
        self._bound: dict[tuple[int, int], dict[str, int]] = {}

    def _new_engine(self) -> PlannedExecutor | _LegacyExecutor:
        if self.planned:
            return PlannedExecutor(self.place, self.path, passes=False)
        return _LegacyExecutor(self.place, DualDispatchRunner(self.path))

    def program(self, program: ProgramDesc | str | os.PathLike[str]) -> ProgramDesc:
        """`program` itself, or the program at that path (loaded once per executor)."""
        if isinstance(program, ProgramDesc):
            promote_program_types(program, "the program")  # as Paddle's Executor.run does
            return program
        if not isinstance(program, (str, os.PathLike)):
            raise ExecutorInputError("program must be a ProgramDesc or the path of a "
                                     f".pdmodel, not {type(program).__name__}")
        key = os.fspath(Path(program).resolve())
        if key not in self._programs:
            self._programs[key] = load_program(program)
            promote_program_types(self._programs[key], key)
        return self._programs[key]

    def run(self, program: ProgramDesc | str | os.PathLike[str] | None = None,
            feed: Mapping[str, Any] | None = None, fetch_list: Sequence[Any] | None = None,
            scope: Scope | None = None, return_numpy: bool = True) -> list[Any]:
        """Run `program` once; returns the fetched values in fetch_list order (NumPy arrays,
        or DenseTensors with `return_numpy=False`)."""
        if program is None:
            raise ExecutorInputError("give the program to run (fluidphi has no default main "
                                     "program)")
        desc = self.program(program)
        scope = global_scope() if scope is None else scope
        feed = dict(feed or {})
        fetch = [_fetch_name(item) for item in (fetch_list or [])]
        fetch = self._check(desc, feed, fetch)
        self._forget_stale_plans(desc, scope)
        tensors = {n: as_dense_tensor(v)
                   for n, v in feed.items()}
        fetched = self._engine.run(desc, scope, tensors, fetch_list=fetch)
        self._bound[(id(desc), id(scope))] = _persistable_ids(desc, scope)
        out = []
        for name, tensor in zip(fetch, fetched):
            if not tensor.initialized():
                raise ExecutorInputError(f"fetch '{name}': no op of the program wrote it and "
                                         "it holds no value")
            out.append(np.array(tensor.numpy(), copy=True) if return_numpy else tensor)
        return out

    def check(self, program: ProgramDesc | str | os.PathLike[str], feed: Mapping[str, Any],
              fetch_list: Sequence[Any] = ()) -> None:
        """Raise `ExecutorInputError` for what `run` would refuse in these feeds and fetches,
        without running anything."""
        self._check(self.program(program), feed, [_fetch_name(i) for i in fetch_list])

    def _check(self, program: ProgramDesc, feed: Mapping[str, Any], fetch: list[str]
               ) -> list[str]:
        """Problems with the feeds and fetches, raised together; returns what the run
        fetches (a program with fetch ops fetches its fetch targets, as Paddle requires)."""
        wanted = feed_names(program)
        block = program.global_block()
        problems = [f"feed '{n}' was not given" for n in wanted if n not in feed]
        problems += [f"unknown feed '{n}' (the program is fed {', '.join(wanted) or 'nothing'})"
                     for n in feed if n not in wanted]
        problems += [f"fetch '{n}' is not a variable of the program" for n in fetch
                     if block.find_var(n) is None]
        targets = fetch_target_names(program)
        if targets and fetch and fetch != targets:
            problems.append(f"the program's fetch ops fetch {', '.join(targets)}: fetch_list "
                            f"must name those, in that order, or be empty (not "
                            f"{', '.join(fetch)})")
        if problems:
            raise ExecutorInputError("; ".join(problems))
        return targets or fetch

    def _forget_stale_plans(self, program: ProgramDesc, scope: Scope) -> None:
        """Plans bind the persistable tensors they saw; when the caller put new tensors in
        the scope since (loaded state, say), plan again."""
        bound = self._bound.get((id(program), id(scope)))
        if bound is not None and self.planned and bound != _persistable_ids(program, scope):
            self._engine = self._new_engine()
            self._bound.clear()


def _persistable_ids(program: ProgramDesc, scope: Scope) -> dict[str, int]:
    out = {}
    for name in persistable_var_names(program):
        var = scope.find_var(name)
        out[name] = id(var.value) if var is not None else 0
    return out
