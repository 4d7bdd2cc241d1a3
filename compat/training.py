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
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from compat.array_files import ReadBudget, read_array_file
from compat.dual_dispatch import PathMode
from compat.static import Executor, ExecutorInputError, feed_names
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import persistable_var_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.io import load_combined_params, load_program
from legacy_fluid.io.atomic_write import atomic_write_bytes
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.state_pickle import load_state
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor, as_dense_tensor

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
    #: the state files loaded into the scope, in order (named when state is missing)
    state_files: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.executor = Executor(self.place or CPUPlace(), path=self.path, planned=self.planned)
        self._state_checked = False

    def missing_state(self) -> list[str]:
        """Persistable tensors the program reads before any op writes them that hold no
        value in the scope (nor are fed): a step would fail inside the op reading them."""
        fed = set(self.feed_names)
        missing = []
        for name in _read_before_written(self.program):
            var = self.program.global_block().find_var(name)
            if var is None or not var.persistable or not var.is_tensor or name in fed:
                continue
            held = self.scope.find_var(name)
            value = None if held is None else held.value
            if not (isinstance(value, DenseTensor) and value.initialized()):
                missing.append(name)
        return missing

    def check_state(self) -> None:
        """Raise `TrainingInputError` naming every persistable without a value (and the
        state files read), before any op runs."""
        missing = self.missing_state()
        self._state_checked = True
        if not missing:
            return
        read = (", ".join(f"'{p}'" for p in self.state_files) if self.state_files
                else "none")
        shown = ", ".join(missing[:MAX_LISTED]) + (
            f", ... ({len(missing) - MAX_LISTED} more)" if len(missing) > MAX_LISTED else "")
        raise TrainingInputError(
            f"{len(missing)} persistable variable(s) that the program reads before writing "
            f"have no value: {shown}. State files read: {read}. Give their values with "
            "--params (a .pdparams with its .pdopt, as paddle.static.save writes them for "
            "this program and its optimizer, an .npz keyed by name, or a save_persistables "
            "file); nothing was run")

    @property
    def feed_names(self) -> list[str]:
        """Non-persistable variables that no op of the program writes."""
        return feed_names(self.program)

    def check_feeds(self, feeds: Mapping[str, np.ndarray], fetch: list[str]) -> None:
        """Raise `TrainingInputError` for feeds or fetches a step would refuse (nothing runs)."""
        self.executor.check(self.program, feeds, fetch)

    def step(self, feeds: Mapping[str, np.ndarray], fetch: list[str]) -> dict[str, np.ndarray]:
        """One training step: run the program on `feeds`, return the fetched values."""
        if not self._state_checked:
            self.check_state()
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


#: persistables named in one error (the rest are counted)
MAX_LISTED = 12


def _sub_blocks(program: ProgramDesc, op: object) -> list[int]:
    """The indices of the blocks `op` runs (a while's body, a conditional_block's)."""
    found = []
    for attr, kind in op.attr_types.items():  # type: ignore[attr-defined]
        if kind in (AttrType.BLOCK, AttrType.BLOCKS):
            value = op.attrs.get(attr)  # type: ignore[attr-defined]
            found += [i for i in (value if isinstance(value, (list, tuple)) else [value])
                      if isinstance(i, int) and 0 < i < len(program.blocks)]
    return found


def _read_before_written(program: ProgramDesc, block_idx: int = 0,
                         written: set[str] | None = None, running: tuple[int, ...] = ()
                         ) -> list[str]:
    """Variables some op of the block (or of a block it runs) reads before any op has
    written them (`written`: what the ops before the block wrote; `running`: the blocks
    that run this one, never entered again)."""
    written = set(written or ())
    out: dict[str, None] = {}
    for op in program.block(block_idx).ops:
        for name in op.input_arg_names():
            if name not in written:
                out.setdefault(name)
        for idx in _sub_blocks(program, op):
            if idx != block_idx and idx not in running:
                for name in _read_before_written(program, idx, written,
                                                 (*running, block_idx)):
                    out.setdefault(name)
        written.update(op.output_arg_names())
    return list(out)


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


def open_session(program_path: ProgramDesc | str | os.PathLike[str],
                 state: Iterable[str | os.PathLike[str]], budget: ReadBudget | None = None,
                 **options: object) -> TrainingSession:
    """The program (at `program_path`, or given) with its state loaded from every file in
    `state` (what they take charged to `budget`)."""
    program = (program_path if isinstance(program_path, ProgramDesc)
               else load_program(program_path))
    scope = Scope()
    files = [Path(p) for p in state]
    for path in files:
        load_initial_state(program, scope, path, budget)
    return TrainingSession(program, scope, state_files=files, **options)  # type: ignore[arg-type]


def load_initial_state(program: ProgramDesc, scope: Scope, path: str | os.PathLike[str],
                       budget: ReadBudget | None = None) -> list[str]:
    """Load persistable values from one state file into `scope`; returns the names loaded.

    `.pdparams` / `.pdopt`: a pickled dict (paddle.static.save, paddle.save); `.npz`:
    arrays keyed by variable name (read with every check of `compat.array_files`);
    anything else: a save_persistables / save_combine file holding the program's
    persistables sorted by name. What a file takes is charged to `budget` before it is
    read (a pickle or a params file: its size).
    """
    p = Path(path)
    budget = budget or ReadBudget()
    known = set(persistable_var_names(program))
    if p.suffix == ".npz":
        content = read_array_file(p, f"state file '{p}'", budget)
        if isinstance(content, np.ndarray):
            raise ModelFormatError("holds one unnamed array (.npy content); a state .npz "
                                   "holds arrays keyed by variable name", path=p)
        arrays = content
    else:
        if p.is_file():
            budget.take(p.stat().st_size, f"state file '{p}'")
        if p.suffix in (".pdparams", ".pdopt"):
            arrays = load_state(p)
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
        scope.var(name).value = as_dense_tensor(array)
    return sorted(arrays)


def state_paths(prefix: str | os.PathLike[str], program: ProgramDesc) -> list[Path]:
    """The files `save_state` writes for `program`: `prefix.pdparams`, and `prefix.pdopt`
    when the program has persistables that are not parameters."""
    block = program.global_block()
    paths = [Path(f"{os.fspath(prefix)}.pdparams")]
    if any(v.is_tensor and not v.is_parameter for n in persistable_var_names(program)
           if (v := block.find_var(n)) is not None):
        paths.append(Path(f"{os.fspath(prefix)}.pdopt"))
    return paths


def state_file_bytes(prefix: str | os.PathLike[str], program: ProgramDesc,
                     values: Mapping[str, np.ndarray]) -> dict[Path, bytes]:
    """What `save_state` writes, by path: pickled dicts of name -> array (parameters in
    .pdparams, the other persistables in .pdopt), as paddle.static.save writes them; every
    array keeps its shape (a 0-d learning rate stays 0-d)."""
    block = program.global_block()
    params = {n: v for n, v in values.items() if (d := block.find_var(n)) is not None
              and d.is_parameter}
    parts = {".pdparams": params, ".pdopt": {n: v for n, v in values.items()
                                             if n not in params}}
    out = {}
    for path in state_paths(prefix, program):
        part = parts[path.suffix]
        out[path] = pickle.dumps(dict(sorted(part.items())), protocol=4)
    return out


def save_state(prefix: str | os.PathLike[str], program: ProgramDesc,
               values: Mapping[str, np.ndarray]) -> list[Path]:
    """Write `prefix.pdparams` (parameters) and `prefix.pdopt` (the other persistables, when
    the program has any) as paddle.static.save does."""
    files = state_file_bytes(prefix, program, values)
    for path, data in files.items():
        atomic_write_bytes(path, data)
    return list(files)
