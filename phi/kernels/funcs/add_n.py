"""add_n (fluid's `sum` op): the element-wise sum of a list of same-shaped tensors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import compute_dtype, quiet


def add_n_dims(dims: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The common dims of the inputs (empty, 0-element inputs are left out)."""
    shapes = [tuple(int(v) for v in d) for d in dims]
    full = [s for s in shapes if not (len(s) == 1 and s[0] == 0)] or shapes
    if not full:
        raise ValueError("add_n: no input tensors")
    for s in full[1:]:
        if s != full[0]:
            raise ValueError(f"add_n: every input must have the same dims, got {full}")
    return full[0]


def add_n(xp: Any, xs: Sequence[Any], out: Any) -> None:
    """out = xs[0] + xs[1] + ..., added left to right (float16/bfloat16 accumulate in
    float32 and round once); 0-element inputs are skipped."""
    if out.size == 0:
        return
    terms = [x for x in xs if x.size > 0]
    acc = compute_dtype(out.dtype)
    total = terms[0].astype(acc, copy=True)
    with quiet(xp):
        for t in terms[1:]:
            xp.add(total, t.astype(acc, copy=False), out=total)
    xp.copyto(out, total.reshape(out.shape), casting="unsafe")
