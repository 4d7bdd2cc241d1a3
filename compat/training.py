"""Run legacy *training* programs (forward, backward and optimizer ops) step by step.

A program as `paddle.static` builds it with `optimizer.minimize(loss)` and saves it
(`paddle.static.save`, or the ProgramDesc alone) runs here unchanged: every step feeds its
arrays by name, runs the whole block, and the optimizer ops update the persistable
variables in place, so they carry over to the next step (they live in the scope; the
step's intermediates do not). Initial state comes from the formats users have:
`.pdparams` / `.pdopt` (paddle.static.save, read without running pickle code), an `.npz`
of name -> array, or a save_persistables / save_combine file (the program's persistables,
sorted by name). Without initial state a startup program can fill it (random initializers
draw from NumPy's generator, not Paddle's: not bit-identical).
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from compat.dual_dispatch import PathMode
from compat.static import Executor, ExecutorInputError, feed_names
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import persistable_var_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.io import load_combined_params, load_program
from legacy_fluid.io.atomic_write import atomic_write_bytes
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.state_pickle import load_state
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor

#: A training program, its state or a step's feeds cannot be used; says which and why.
TrainingInputError = ExecutorInputError


@dataclass
class TrainingSession:
    """A training program and the scope its persistable state lives in."""

    program: ProgramDesc
    scope: Scope
    path: PathMode = PathMode.AUTO
    place: Place | None = None
    planned: bool = True

    def __post_init__(self) -> None:
        self.executor = Executor(self.place or CPUPlace(), path=self.path, planned=self.planned)

    @property
    def feed_names(self) -> list[str]:
        """Non-persistable variables that no op of the program writes."""
        return feed_names(self.program)

    def step(self, feeds: Mapping[str, np.ndarray], fetch: list[str]) -> dict[str, np.ndarray]:
        """One training step: run the program on `feeds`, return the fetched values."""
        fetched = self.executor.run(self.program, feeds, list(fetch), self.scope)
        return dict(zip(fetch, fetched))

    def run(self, steps: Iterable[Mapping[str, np.ndarray]], fetch: list[str]
            ) -> Iterator[dict[str, np.ndarray]]:
        for feeds in steps:
            yield self.step(feeds, fetch)

    def persistables(self) -> dict[str, np.ndarray]:
        """Every persistable variable holding a tensor, by name (host copies). An RNN
        layer's flat weight buffer (see `rnn_flat_buffers`) is its weights' current values
        joined, as Paddle's aliasing makes it."""
        out = {}
        for name in persistable_var_names(self.program):
            var = self.scope.find_var(name)
            if var is not None and isinstance(var.value, DenseTensor) and var.value.initialized():
                out[name] = np.array(var.value.numpy(), copy=True)
        for buffer, weights in rnn_flat_buffers(self.program).items():
            if buffer in out and all(w in out for w in weights):
                out[buffer] = np.concatenate([out[w].ravel() for w in weights])
        return out


def rnn_flat_buffers(program: ProgramDesc) -> dict[str, list[str]]:
    """{buffer: the rnn op's WeightList} for Paddle's flat RNN weight buffers.

    paddle.nn.LSTM/GRU/SimpleRNN keep their weights in one persistable buffer that the
    startup program's coalesce_tensor fills and their parameters alias; the main program
    never names that link. A buffer is linked to an rnn op when it is a parameter no op
    reads or writes, of the weights' dtype, with exactly as many elements as the op's
    WeightList together, and that pairing is the only one possible for both (an ambiguous
    buffer is left as loaded)."""
    block = program.global_block()
    touched = {n for op in block.ops for n in (*op.input_arg_names(), *op.output_arg_names())}
    loose = [v for v in block.vars.values()
             if v.persistable and v.is_parameter and v.name not in touched]

    def numel(var: object) -> int:
        return int(np.prod(var.shape)) if all(d >= 0 for d in var.shape) else -1

    candidates: dict[str, list[str]] = {}  # buffer -> rnn ops' first weight
    lists: dict[str, list[str]] = {}
    for op in block.ops:
        if op.type != "rnn" or not op.input("WeightList"):
            continue
        weights = [block.find_var(n) for n in op.input("WeightList")]
        if any(w is None for w in weights):
            continue
        total = sum(numel(w) for w in weights)
        for buf in loose:
            if numel(buf) == total and buf.dtype == weights[0].dtype and len(buf.shape) == 1:
                candidates.setdefault(buf.name, []).append(weights[0].name)
                lists[weights[0].name] = [w.name for w in weights]
    per_op: dict[str, list[str]] = {}
    for buf, ops in candidates.items():
        for first in ops:
            per_op.setdefault(first, []).append(buf)
    return {buf: lists[ops[0]] for buf, ops in candidates.items()
            if len(ops) == 1 and len(per_op[ops[0]]) == 1}


def open_session(program_path: str | os.PathLike[str], state: Iterable[str | os.PathLike[str]],
                 **options: object) -> TrainingSession:
    """The program at `program_path` with its state loaded from every file in `state`."""
    program = load_program(program_path)
    scope = Scope()
    for path in state:
        load_initial_state(program, scope, path)
    return TrainingSession(program, scope, **options)  # type: ignore[arg-type]


def load_initial_state(program: ProgramDesc, scope: Scope,
                       path: str | os.PathLike[str]) -> list[str]:
    """Load persistable values from one state file into `scope`; returns the names loaded.

    `.pdparams` / `.pdopt`: a pickled dict (paddle.static.save, paddle.save); `.npz`:
    arrays keyed by variable name; anything else: a save_persistables / save_combine file
    holding the program's persistables sorted by name.
    """
    p = Path(path)
    known = set(persistable_var_names(program))
    if p.suffix in (".pdparams", ".pdopt"):
        arrays = load_state(p)
    elif p.suffix == ".npz":
        try:
            with np.load(p, allow_pickle=False) as npz:
                arrays = {k: npz[k] for k in npz.files}
        except (OSError, ValueError) as exc:
            raise ModelFormatError(f"is not a readable .npz of arrays ({exc})", path=p) from None
    else:
        tensors = load_combined_params(p, sorted(known), program.global_block().vars)
        for name, tensor in tensors.items():
            scope.var(name).value = tensor
        return sorted(tensors)
    objects = sorted(n for n, a in arrays.items() if a.dtype.hasobject)
    if objects:  # numbers only: an array of Python objects is no tensor (never loaded)
        raise ModelFormatError(f"holds an array of Python objects for '{objects[0]}', "
                               "which no tensor is", path=p)
    unknown = sorted(set(arrays) - known)
    if unknown:
        raise ModelFormatError(f"holds {len(unknown)} value(s) the program has no persistable "
                               f"variable for (first: {unknown[0]})", path=p)
    for name, array in arrays.items():
        scope.var(name).value = DenseTensor(np.ascontiguousarray(array))
    return sorted(arrays)


def save_state(prefix: str | os.PathLike[str], program: ProgramDesc,
               values: Mapping[str, np.ndarray]) -> list[Path]:
    """Write `prefix.pdparams` (parameters) and `prefix.pdopt` (the other persistables, when
    any) as paddle.static.save does: pickled dicts of name -> array."""
    block = program.global_block()
    params = {n: v for n, v in values.items() if (d := block.find_var(n)) is not None
              and d.is_parameter}
    others = {n: v for n, v in values.items() if n not in params}
    written = []
    for suffix, part in ((".pdparams", params), (".pdopt", others)):
        if part or suffix == ".pdparams":
            path = Path(f"{os.fspath(prefix)}{suffix}")
            atomic_write_bytes(path, pickle.dumps(dict(sorted(part.items())), protocol=4))
            written.append(path)
    return written
