"""expand (expand_v2) and tile: a tensor repeated into a larger one; shared by PHI and
legacy kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import host_ints


def requested_ints(tensor: Any | None, list_tensors: Sequence[Any],
                   attr: Sequence[int]) -> list[int]:
    """An int list from a 1-D tensor (first choice), else 1-element tensors, else the
    attribute.

    This is the order expand_v2 (Shape, expand_shapes_tensor, shape) and tile
    (RepeatTimes, repeat_times_tensor, repeat_times) read their sizes in; the arrays may
    live on any device.
    """
    if tensor is not None:
        return host_ints(tensor)
    if list_tensors:
        return [host_ints(t)[0] for t in list_tensors]
    return [int(v) for v in attr]


def expand_dims(x_dims: Sequence[int], shape: Sequence[int]) -> tuple[int, ...]:
    """The expanded dims: `shape` right-aligned with x's dims; -1 keeps x's dim, a size-1
    dim of x stretches, new leading dims must be positive."""
    x_dims = [int(d) for d in x_dims]
    shape = [int(s) for s in shape]
    if len(shape) < len(x_dims):
        raise ValueError(f"expand: shape {shape} has fewer dims than the input {x_dims}")
    lead = len(shape) - len(x_dims)
    dims = []
    for i, s in enumerate(shape):
        if i < lead:
            if s <= 0:
                raise ValueError(f"expand: a new leading dim must be positive, got {s} in "
                                 f"{shape}")
            dims.append(s)
            continue
        d = x_dims[i - lead]
        if s == -1:
            dims.append(d)
        elif d == 1 and s >= 0:
            dims.append(s)
        elif s == d:
            dims.append(d)
        else:
            raise ValueError(f"expand: input dim {i - lead} is {d} (not 1), which cannot "
                             f"expand to {s} (shape {shape})")
    return tuple(dims)


def expand(xp: Any, x: Any, out: Any) -> None:
    """Broadcast x into out (out's dims from `expand_dims`)."""
    xp.copyto(out, xp.broadcast_to(x, out.shape), casting="unsafe")


def tile_dims(x_dims: Sequence[int], repeat_times: Sequence[int]) -> tuple[int, ...]:
    """x's dims times the repeats, both padded with leading 1s to the same length."""
    x_dims = [int(d) for d in x_dims]
    reps = [int(r) for r in repeat_times]
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: repeat_times must be >= 0, got {reps}")
    n = max(len(x_dims), len(reps))
    x_dims = [1] * (n - len(x_dims)) + x_dims
    reps = [1] * (n - len(reps)) + reps
    return tuple(d * r for d, r in zip(x_dims, reps))


def tile(xp: Any, x: Any, repeat_times: Sequence[int], out: Any) -> None:
    """out = x repeated `repeat_times` along each (right-aligned) dim."""
    reps = tuple(int(r) for r in repeat_times)
    if out.size == 0:
        return
    xp.copyto(out, xp.tile(x, reps).reshape(out.shape), casting="unsafe")


def expand_times_dims(x_dims: Sequence[int], expand_times: Sequence[int]) -> tuple[int, ...]:
    """The legacy (v1) expand: x's dims times `expand_times`, one entry per dim of x."""
    if len(expand_times) != len(x_dims):
        raise ValueError(f"expand: expand_times {list(expand_times)} must have one entry per "
                         f"dim of X (rank {len(x_dims)}, dims {list(x_dims)})")
    return tile_dims(x_dims, expand_times)
