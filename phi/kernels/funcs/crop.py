"""crop_tensor (PHI crop) and the v1 crop (PHI legacy_crop): a window of X, shared by PHI
and legacy kernels (semantics: Paddle 3.3.1, tests/fixtures/ops/v1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def crop_dims(op: str, x_dims: Sequence[int], shape: Sequence[int],
              offsets: Sequence[int]) -> tuple[int, ...]:
    """The window's dims: `shape` with -1 meaning "to the end of X's dim"; one shape and one
    offset per dim of X, and the window inside X."""
    x_dims = [int(d) for d in x_dims]
    if len(shape) != len(x_dims) or len(offsets) != len(x_dims):
        raise ValueError(f"{op}: shape {list(shape)} and offsets {list(offsets)} must have one "
                         f"entry per dim of X {x_dims}")
    dims = []
    for i, (d, s, o) in enumerate(zip(x_dims, shape, offsets)):
        s, o = int(s), int(o)
        if o < 0:
            raise ValueError(f"{op}: offsets[{i}] must be >= 0, got {o}")
        size = d - o if s == -1 else s
        if size < 0:
            raise ValueError(f"{op}: shape[{i}] must be -1 or >= 0, got {s}")
        if d >= 0 and o + size > d:
            raise ValueError(f"{op}: offsets[{i}] ({o}) + shape[{i}] ({size}) is past X's dim "
                             f"{i} ({d})")
        dims.append(size)
    return tuple(dims)


def crop(xp: Any, x: Any, offsets: Sequence[int], out: Any) -> None:
    """out = the window of x at `offsets` with out's dims."""
    window = tuple(slice(int(o), int(o) + int(s)) for o, s in zip(offsets, out.shape))
    xp.copyto(out, x[window])


def crop_grad(xp: Any, out_grad: Any, offsets: Sequence[int], x_grad: Any) -> None:
    """x_grad: zeros with out_grad placed at `offsets` (the window crop took)."""
    window = tuple(slice(int(o), int(o) + int(s)) for o, s in zip(offsets, out_grad.shape))
    x_grad[...] = 0
    x_grad[window] = out_grad
