"""Beam-search decoding math.

gather_tree: Ids and Parents [max_time, batch, beam]; the path ending in beam k of the last
step is traced back through the parents: Out[T-1] = Ids[T-1], and going back one step,
Out[t, b, k] = Ids[t, b, p] with p the parent reached so far, which then becomes
Parents[t, b, p]. Every parent that indexes a step must lie in [0, beam); as in Paddle,
parents never reached, and those of step 0 (they index nothing), are not checked.
Vectorised over batch and beam, one step at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host


def gather_tree_check_dims(ids_dims: Sequence[int], parents_dims: Sequence[int]) -> None:
    """Ids and Parents: the same [max_time, batch, beam] dims."""
    if len(ids_dims) != 3:
        raise ValueError(f"gather_tree: the input Ids must be a 3-D tensor [max_time, batch, "
                         f"beam], got {list(ids_dims)}")
    if tuple(ids_dims) != tuple(parents_dims):
        raise ValueError(f"gather_tree: Ids and Parents must have the same dims, got "
                         f"{list(ids_dims)} and {list(parents_dims)}")


def _checked_parent(xp: Any, parent: Any, beam: int) -> Any:
    host = to_host(parent)
    if host.size and host.min() < 0:
        raise ValueError(f"gather_tree: the parents must be >= 0, but received parents "
                         f"{int(host.min())}")
    if host.size and host.max() >= beam:
        raise ValueError(f"gather_tree: the parents must be less than beam size {beam}, "
                         f"but received parents {int(host.max())}")
    return parent.astype(np.int64)


def gather_tree(xp: Any, ids: Any, parents: Any, out: Any) -> None:
    """out [T, B, K]: the traced-back ids (safe when out is ids)."""
    steps, _, beam = ids.shape
    if ids.size == 0:
        return
    parent = _checked_parent(xp, parents[steps - 1], beam)
    out[steps - 1] = ids[steps - 1]
    for t in range(steps - 2, -1, -1):
        out[t] = xp.take_along_axis(ids[t], parent, axis=1)
        if t:
            parent = _checked_parent(xp, xp.take_along_axis(parents[t], parent, axis=1), beam)
