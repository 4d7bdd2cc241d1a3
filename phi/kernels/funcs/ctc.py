"""CTC greedy decoding (`ctc_align`), as Paddle's CPU kernel computes it: within each
sequence, a token is kept unless it is the blank or (merge_repeated) equals the token before
it; the token before a sequence's first one counts as -1. Blank compares as Paddle does, on
the low 32 bits (`(unsigned)token != (unsigned)blank`).

Two forms: padded Input [B, T] with InputLength [B, 1] (Output [B, T] padded with
padding_value, OutputLength [B, 1]), or a LoD Input [N, 1] whose level-0 offsets delimit the
sequences (Output [M, 1] with the decoded sequences' LoD; [[-1]] when nothing is kept).
Vectorised over the whole batch: keep masks, then a cumulative sum places the kept tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import abs_offsets, to_host


def check_dims(input_dims: Sequence[int], length_dims: Sequence[int] | None) -> None:
    """Padded: Input [B, T] and InputLength [B, 1]; without InputLength, a LoD Input [N, 1]."""
    if length_dims is None:
        if len(input_dims) != 2 or input_dims[1] != 1:
            raise ValueError(f"ctc_align: without InputLength, Input must be a LoD tensor "
                             f"[N, 1], got {list(input_dims)}")
        return
    if len(input_dims) != 2 or tuple(length_dims) != (input_dims[0], 1):
        raise ValueError(f"ctc_align: Input must be [B, T] and InputLength [B, 1], got "
                         f"{list(input_dims)} and {list(length_dims)}")


def _keep(xp: Any, tokens: Any, first: Any, blank: int, merge_repeated: bool) -> Any:
    """Which of `tokens` (flat) survive; `first` marks each sequence's first token."""
    prev = xp.concatenate([xp.full((1,), -1, tokens.dtype), tokens[:-1]])
    prev = xp.where(first, tokens.dtype.type(-1), prev)
    keep = tokens.astype(np.uint32) != np.uint32(blank & 0xFFFFFFFF)
    if merge_repeated:
        keep &= tokens != prev
    return keep


def ctc_align_padded(xp: Any, tokens: Any, lengths: Any | None, blank: int, merge_repeated: bool,
                     padding_value: int, out: Any, out_length: Any | None) -> None:
    """Padded form: out [B, T] and out_length [B, 1]."""
    if lengths is None:
        raise ValueError("ctc_align: Input carries no LoD, so InputLength is required")
    if out_length is None:
        raise ValueError("ctc_align: the padded form writes OutputLength; the program has none")
    b, t = tokens.shape
    lens = to_host(lengths).reshape(-1)
    if lens.size and (lens.min() < 0 or lens.max() > t):
        raise ValueError(f"ctc_align: InputLength values must lie in [0, {t}], got "
                         f"{lens.tolist()}")
    steps = xp.arange(t).reshape(1, t)
    valid = steps < xp.asarray(lens).reshape(b, 1)
    keep = _keep(xp, tokens.reshape(-1), (steps == 0).repeat(b, 0).reshape(-1), blank,
                 merge_repeated).reshape(b, t) & valid
    slot = xp.cumsum(keep, axis=1) - 1
    out[...] = tokens.dtype.type(padding_value)
    rows = xp.broadcast_to(xp.arange(b).reshape(b, 1), (b, t))
    out[rows[keep], slot[keep]] = tokens[keep]
    out_length[...] = keep.sum(axis=1).reshape(b, 1).astype(out_length.dtype)


def ctc_align_lod(xp: Any, tokens: Any, lod: Sequence[Sequence[int]], blank: int,
                  merge_repeated: bool) -> tuple[Any, list[int]]:
    """LoD form: (decoded tokens [M, 1] ([[-1]] when M is 0), the output LoD level)."""
    offsets = abs_offsets(lod)
    n = tokens.shape[0]
    if offsets[-1] != n or np.any(np.diff(offsets) < 0):
        raise ValueError(f"ctc_align: Input's LoD {list(lod)} does not cover its {n} rows")
    flat = tokens.reshape(-1)
    first = np.zeros(n, bool)
    first[offsets[:-1][offsets[:-1] < n]] = True
    keep = to_host(_keep(xp, flat, xp.asarray(first), blank, merge_repeated))
    counts = np.add.reduceat(np.append(keep, False).astype(np.int64), offsets[:-1]) \
        if len(offsets) > 1 else np.zeros(0, np.int64)
    counts[np.diff(offsets) == 0] = 0  # reduceat gives the next element for empty slices
    out_lod = [0, *np.cumsum(counts).tolist()]
    if out_lod[-1] == 0:
        return xp.full((1, 1), -1, tokens.dtype), out_lod
    return flat[xp.asarray(keep)].reshape(-1, 1), out_lod
