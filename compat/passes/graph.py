"""`Rewrite`: a copy of a program's global block that inference passes edit.

The original program and its parameters are never touched: the copy has its own
op list and block, and parameters a pass computes (folded filters, biases) live
in a child of the parameter scope.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from legacy_fluid.framework.program_desc import OpDesc, ProgramDesc, VarDesc
from legacy_fluid.framework.program_queries import fetch_target_names
from legacy_fluid.framework.scope import Scope
from phi.core.dense_tensor import DenseTensor, as_dense_tensor


@dataclass
class Rewrite:
    program: ProgramDesc
    scope: Scope
    #: new op (by identity) -> the op types it replaces, for the trace
    fused: dict[int, list[str]] = field(default_factory=dict)
    #: op (by identity) -> its index in the original program (a fused op: the last one's),
    #: so that errors and traces name ops as the user's program numbers them
    origin: dict[int, int] = field(default_factory=dict)
    #: fused op (by identity) -> the original program's indices of the ops it replaces
    replaced: dict[int, list[int]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: variables the run fetches by name (a fetch list, not fetch ops): kept like fetch targets
    keep: frozenset[str] = frozenset()
    _count: int = 0

    @classmethod
    def of(cls, program: ProgramDesc, scope: Scope, keep: frozenset[str] = frozenset()
           ) -> Rewrite:
        new = copy.copy(program)
        new.blocks = list(program.blocks)
        block = copy.copy(program.global_block())
        block.vars = dict(block.vars)
        block.ops = list(block.ops)
        new.blocks[0] = block
        block.program = new
        return cls(new, scope.new_scope(), origin={id(op): i for i, op in enumerate(block.ops)},
                   keep=keep)

    @property
    def ops(self) -> list[OpDesc]:
        return self.program.global_block().ops

    def consumers(self, name: str) -> list[int]:
        """Indices of the ops reading `name` (in any slot)."""
        return [i for i, op in enumerate(self.ops) if name in op.input_arg_names()]

    def protected(self, name: str) -> bool:
        """Variables a pass must keep: persistable, fetched, or read by a sub-block."""
        var = self.program.global_block().find_var(name)
        if name in self.keep or var is None or var.persistable \
                or name in fetch_target_names(self.program):
            return True
        return any(name in op.input_arg_names()
                   for b in self.program.blocks[1:] for op in b.ops)

    def sole_consumer(self, name: str, after: int) -> int | None:
        """The one op reading intermediate `name` (written by op `after`), when op `after`
        may move down to it: no op in between writes what op `after` reads."""
        users = self.consumers(name)
        if len(users) != 1 or users[0] <= after or self.protected(name):
            return None
        reads = set(self.ops[after].input_arg_names())
        if any(reads & set(op.output_arg_names()) for op in self.ops[after + 1:users[0]]):
            return None
        return users[0]

    def shape(self, name: str) -> tuple[int, ...] | None:
        """The declared shape of `name` (-1 for a free dim), None when it has none."""
        var = self.program.global_block().find_var(name)
        return tuple(var.shape) if var is not None and var.shape else None

    def param(self, name: str) -> np.ndarray | None:
        """The value of parameter `name` (a persistable with a tensor), else None."""
        var = self.program.global_block().find_var(name)
        found = self.scope.find_var(name)
        if var is None or not var.persistable or found is None:
            return None
        value = found.value
        if not isinstance(value, DenseTensor) or not value.initialized():
            return None
        return value.numpy()

    def add_param(self, base: str, value: np.ndarray) -> str:
        """A new persistable holding `value` (named after `base`), visible to the plan."""
        self._count += 1
        name = f"{base}@fused{self._count}"
        self.program.global_block().vars[name] = VarDesc(
            name, dtype=DenseTensor(value).dtype, shape=list(value.shape), persistable=True)
        self.scope.var(name).value = as_dense_tensor(value)
        return name

    def make_constant(self, index: int, name: str, value: np.ndarray, note: str) -> None:
        """Drop op `index`, whose output `name` is `value` whatever the feeds: `name`
        becomes a persistable of the copy (the original's VarDesc is left alone)."""
        block = self.program.global_block()
        old = block.find_var(name)
        block.vars[name] = dataclasses.replace(
            old, persistable=True, shape=[int(d) for d in value.shape]) if old is not None \
            else VarDesc(name, dtype=DenseTensor(value).dtype, shape=list(value.shape),
                         persistable=True)
        self.scope.var(name).value = as_dense_tensor(value)
        self.drop(index, note)

    def replace(self, indices: list[int], new: OpDesc, note: str) -> None:
        """Put `new` where the last of `indices` stood (every input it reads exists there)
        and drop the others."""
        fused = [t for i in indices for t in self.fused.pop(id(self.ops[i]), [self.ops[i].type])]
        self.replaced[id(new)] = sorted(
            j for i in indices for j in self.replaced.pop(
                id(self.ops[i]), [self.origin.get(id(self.ops[i]), i)]))
        self.origin[id(new)] = max(self.origin.get(id(self.ops[i]), i) for i in indices)
        last = max(indices) - (len(indices) - 1)
        for i in sorted(indices, reverse=True):
            del self.ops[i]
        self.ops.insert(last, new)
        self.fused[id(new)] = fused
        self.notes.append(note)

    def rename_input(self, index: int, old: str, new: str) -> None:
        """Op `index` reads `new` wherever it read `old` (a copy of the op takes its place:
        the user's program shares the original)."""
        desc = self.ops[index]
        inputs = {slot: [new if n == old else n for n in names]
                  for slot, names in desc.inputs.items()}
        copied = dataclasses.replace(desc, inputs=inputs, attrs=dict(desc.attrs),
                                     attr_types=dict(desc.attr_types))
        if id(desc) in self.fused:
            self.fused[id(copied)] = self.fused.pop(id(desc))
        if id(desc) in self.replaced:
            self.replaced[id(copied)] = self.replaced.pop(id(desc))
        self.origin[id(copied)] = self.origin.get(id(desc), index)
        self.ops[index] = copied

    def drop(self, index: int, note: str) -> None:
        """Remove op `index` (its readers read something else now, or its output has
        become a constant)."""
        self.fused.pop(id(self.ops[index]), None)
        self.replaced.pop(id(self.ops[index]), None)
        del self.ops[index]
        self.notes.append(note)


def op(type_: str, inputs: dict[str, list[str]], outputs: dict[str, list[str]],
       attrs: dict[str, Any]) -> OpDesc:
    """A new OpDesc with attribute types inferred."""
    desc = OpDesc(type_, {k: list(v) for k, v in inputs.items()},
                  {k: list(v) for k, v in outputs.items()})
    for name, value in attrs.items():
        desc.set_attr(name, value)
    return desc
