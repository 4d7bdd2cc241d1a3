"""Memory planning for a plan: tensors that are never alive at once share storage.

After the recorded first run every intermediate tensor's dims, dtype, first write
and last read are known. Each gets a slice of a shared arena slot whose previous
owner's last read comes before its first write (or, for an elementwise op that
may write over its input, at that very op), so a run touches the same memory
every time and holds far less of it. A tensor whose dims later change is simply
given fresh memory by its kernel (correct, just not shared).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from legacy_fluid.framework.operator import OperatorBase
from phi.core.dense_tensor import DenseTensor

#: Ops whose output may take the memory of an input that dies at the op: elementwise
#: kernels that compute into a temporary or element by element.
IN_PLACE_OPS = frozenset({"relu", "relu6", "sigmoid", "tanh", "leaky_relu", "swish",
                          "hard_swish", "hard_sigmoid", "gelu", "scale", "exp", "abs", "sqrt"})


@dataclass
class Life:
    """One intermediate tensor: its storage's shape and dtype, first write, last read."""

    name: str
    tensor: DenseTensor
    shape: tuple[int, ...]
    dtype: np.dtype
    first: int  # index of the op that writes it
    last: int  # index of the last op that reads it

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize


def last_reads(ops: list[OperatorBase]) -> dict[str, int]:
    """Variable name -> index of the last op that reads (or, if none reads it, writes) it."""
    last: dict[str, int] = {}
    for i, op in enumerate(ops):
        for names in (*op.inputs.values(), *op.outputs.values()):
            for n in names:
                last[n] = i
    for i, op in enumerate(ops):  # an output nobody reads dies where it is written
        for names in op.outputs.values():
            for n in names:
                last.setdefault(n, i)
    return last


def lifetime(name: str, tensor: DenseTensor, first: int, last: int) -> Life | None:
    """The life of a host tensor a plan may place (None for anything else)."""
    data = tensor.data if tensor.initialized() else None
    if not isinstance(data, np.ndarray) or not data.flags.c_contiguous:
        return None
    return Life(name, tensor, tuple(data.shape), data.dtype, first, max(last, first))


@dataclass
class MemoryPlan:
    """What sharing saved: bytes of intermediates alone vs in shared slots."""

    tensors: int = 0
    separate_bytes: int = 0
    shared_bytes: int = 0
    slots: list[int] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.tensors} intermediate tensors: {self.separate_bytes / 1e6:.1f} MB "
                f"alone, {self.shared_bytes / 1e6:.1f} MB in {len(self.slots)} shared slots")


def _over_input(op: OperatorBase, prev: Life | None, life: Life) -> bool:
    """`life`, written by `op`, may take the memory of `prev`, an input dying at `op`."""
    return (op.type in IN_PLACE_OPS and prev is not None and prev.nbytes == life.nbytes
            and prev.first < life.first and prev.name in op.inputs.get("X", ()))


def share_memory(lives: list[Life], ops: list[OperatorBase]) -> MemoryPlan:
    """Give each `lives` tensor storage in a shared slot (see the module doc)."""
    lives = sorted(lives, key=lambda life: (life.first, -life.nbytes))
    slots: list[int] = []  # size of each slot
    free_at: list[int] = []  # the step after which each slot is free
    owner: list[Life | None] = []
    assigned: list[tuple[Life, int]] = []
    for life in lives:
        op = ops[life.first]
        best = None
        for s, size in enumerate(slots):
            free = free_at[s] < life.first or (
                free_at[s] == life.first and _over_input(op, owner[s], life))
            if free and size >= life.nbytes and (best is None or size < slots[best]):
                best = s
        if best is None:
            for s, size in enumerate(slots):  # a free slot too small: grow it
                if free_at[s] < life.first and (best is None or size > slots[best]):
                    best = s
            if best is None:
                slots.append(0)
                free_at.append(-1)
                owner.append(None)
                best = len(slots) - 1
            slots[best] = max(slots[best], life.nbytes)
        free_at[best] = life.last
        owner[best] = life
        assigned.append((life, best))
    arenas = [np.empty(size, np.uint8) for size in slots]
    for life, s in assigned:
        view = arenas[s][:life.nbytes].view(life.dtype).reshape(life.shape)
        life.tensor.use_buffer(view)
    return MemoryPlan(len(lives), sum(life.nbytes for life in lives), sum(slots), slots)
