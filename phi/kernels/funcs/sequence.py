"""The LoD sequence family's math, as Paddle's CPU kernels compute it.

A LoD level is a list of offsets: sequence i of that level spans rows (or lower-level
sequences) `offsets[i]:offsets[i + 1]`; an empty sequence has equal offsets. The ops here
read the last level (the one that indexes rows). Everything is vectorised over sequences:
the rows are gathered into a padded [sequences, longest, ...] block (`padded_rows`), and
reductions run over its sequence axis.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host

LoD = Sequence[Sequence[int]]


class PoolType(enum.Enum):
    """sequence_pool's `pooltype` attribute."""

    SUM = "SUM"
    AVERAGE = "AVERAGE"
    SQRT = "SQRT"
    MAX = "MAX"
    LAST = "LAST"
    FIRST = "FIRST"

    @classmethod
    def parse(cls, op: str, value: str) -> PoolType:
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(p.value for p in cls)
            raise ValueError(f"{op}: pooltype must be one of {names}, got {value!r}") from None


def check_offsets(op: str, offsets: Sequence[int], rows: int, what: str = "X") -> np.ndarray:
    """A LoD level as an int64 array: starting at 0, non-decreasing, within `rows`."""
    arr = np.asarray(offsets, np.int64)
    if arr.ndim != 1 or arr.size < 1 or arr[0] != 0 or np.any(np.diff(arr) < 0):
        raise ValueError(f"{op}: the LoD of Input({what}) must be offsets starting at 0 and "
                         f"never decreasing, got {list(offsets)}")
    if arr[-1] > rows:
        raise ValueError(f"{op}: the LoD of Input({what}) ends at {int(arr[-1])}, past its "
                         f"{rows} rows")
    return arr


def last_level(op: str, lod: LoD, rows: int, max_levels: int | None = None,
               what: str = "X") -> np.ndarray:
    """The offsets of the LoD's last level (checked), for an op that needs a LoD."""
    if not lod:
        raise ValueError(f"{op}: Input({what}) must be a LoD tensor (it carries no LoD)")
    if max_levels is not None and len(lod) > max_levels:
        raise ValueError(f"{op}: Input({what}) may have at most {max_levels} LoD levels, "
                         f"got {len(lod)}")
    for upper, lower in itertools.pairwise(lod):
        if upper[-1] != len(lower) - 1:
            raise ValueError(f"{op}: the LoD of Input({what}) is inconsistent: a level ends "
                             f"at {upper[-1]} but the next one has {len(lower) - 1} sequences")
    return check_offsets(op, lod[-1], rows, what)


def padded_rows(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows [n, longest] int64, valid [n, longest] bool): row t of sequence i (rows past a
    sequence's end point at its start, or at row 0 when it is empty; `valid` is False)."""
    starts, lens = offsets[:-1], np.diff(offsets)
    longest = int(lens.max()) if lens.size else 0
    steps = np.arange(longest, dtype=np.int64)
    valid = steps[None, :] < lens[:, None]
    rows = np.where(valid, starts[:, None] + steps[None, :], np.minimum(starts, max(
        int(offsets[-1]) - 1, 0))[:, None])
    return rows, valid


# -- sequence_pool ------------------------------------------------------------------------------

def pool_dims(op: str, dims: Sequence[int], lod: LoD) -> tuple[tuple[int, ...], list[list[int]]]:
    """sequence_pool's (Out dims, Out LoD): one row per last-level sequence; a 2-level
    input keeps its top level; -1 rows while X's LoD is not known."""
    if len(dims) < 1:
        raise ValueError(f"{op}: Input(X) must have a row dimension, got dims {list(dims)}")
    if not lod:  # known at run time only (the kernel refuses a tensor without one)
        return (-1, *dims[1:]), []
    offsets = last_level(op, lod, dims[0], max_levels=2)
    n = offsets.size - 1
    if dims[0] < n:
        raise ValueError(f"{op}: the first dimension of Input(X) ({dims[0]}) must be at "
                         f"least the batch size ({n} sequences in its LoD)")
    return (n, *dims[1:]), ([list(lod[0])] if len(lod) > 1 else [])


def sequence_pool(xp: Any, x: Any, offsets: np.ndarray, pooltype: PoolType, pad_value: float,
                  out: Any, max_index: Any | None) -> None:
    """Pool each sequence of x's rows (`offsets`, checked) into out [n, ...]; empty
    sequences get pad_value. MAX keeps the first maximum (a NaN only when it is the
    sequence's first value, as Paddle's `>` scan) and writes its row (-1 for an empty
    sequence) into max_index (int32, out's dims) when given."""
    n = offsets.size - 1
    width = int(np.prod(x.shape[1:], dtype=np.int64))
    flat = x.reshape(x.shape[0], width)
    res = out.reshape(n, width)
    lens = np.diff(offsets)
    empty = xp.asarray(lens == 0)
    pad = x.dtype.type(np.float32(pad_value))
    if n == 0:
        return
    if pooltype in (PoolType.LAST, PoolType.FIRST):
        pick = offsets[1:] - 1 if pooltype is PoolType.LAST else offsets[:-1]
        res[...] = flat[xp.asarray(np.where(lens > 0, pick, 0))]
        res[empty] = pad
        return
    rows, valid = padded_rows(offsets)
    block = flat[xp.asarray(rows)]
    valid_x = xp.asarray(valid)[:, :, None]
    if pooltype is PoolType.MAX:
        # Later NaNs never win a `>` comparison; a first NaN stays (argmax keeps it).
        later = xp.asarray(np.arange(rows.shape[1]) > 0)[None, :, None]
        block = xp.where((~valid_x) | (later & xp.isnan(block)), x.dtype.type(-np.inf), block)
        if rows.shape[1]:
            arg = block.argmax(axis=1)
            res[...] = xp.take_along_axis(block, arg[:, None, :], axis=1)[:, 0, :]
        else:
            arg = xp.zeros((n, width), np.int64)
        res[empty] = pad
        if max_index is not None:
            index = xp.asarray(offsets[:-1])[:, None] + arg
            index[empty] = -1
            max_index.reshape(n, width)[...] = index.astype(np.int32)
        return
    total = xp.where(valid_x, block, x.dtype.type(0)).sum(axis=1, dtype=x.dtype)
    if pooltype is PoolType.AVERAGE:
        total /= xp.asarray(np.maximum(lens, 1).astype(x.dtype))[:, None]
    elif pooltype is PoolType.SQRT:
        total /= xp.sqrt(xp.asarray(np.maximum(lens, 1).astype(x.dtype)))[:, None]
    res[...] = total
    res[empty] = pad


# -- sequence_softmax ---------------------------------------------------------------------------

def check_softmax_input(op: str, dims: Sequence[int], lod: LoD) -> np.ndarray:
    """sequence_softmax's X: one value per row ([N] or [N, 1]) whose last LoD level covers
    exactly its N rows; the offsets of that level."""
    rows = dims[0] if dims else 0
    offsets = last_level(op, lod, rows)
    if offsets[-1] != rows:
        raise ValueError(f"{op}: the first dimension of Input(X) ({rows}) must equal the sum "
                         f"of its sequences' lengths ({int(offsets[-1])})")
    if int(np.prod(dims, dtype=np.int64)) != rows:
        raise ValueError(f"{op}: the width of each timestep in Input(X) must be 1 (X of dims "
                         f"[N] or [N, 1]), got dims {list(dims)}")
    return offsets


def sequence_softmax(xp: Any, x: Any, offsets: np.ndarray, out: Any) -> None:
    """Softmax within each sequence of x's values, as Paddle's CPU kernel: exp(x) / (sum of
    exp over the sequence), no max subtracted. exp and the division are in float64; the
    sum is held in x's dtype (so a float32 sum that overflows gives 0, not NaN, and one
    that underflows gives inf)."""
    n = offsets.size - 1
    flat = x.reshape(-1)
    if n == 0 or flat.size == 0:
        return
    rows, valid = padded_rows(offsets)
    seq_of_row = xp.asarray(np.repeat(np.arange(n), np.diff(offsets)))
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        e = xp.exp(flat.astype(np.float64))
        # Paddle adds each float64 exp to a sum held in x's dtype: round the terms to it
        # (this matters for subnormal float32 terms), add them, round the sum.
        terms = e.astype(x.dtype).astype(np.float64)[xp.asarray(rows)]
        total = xp.where(xp.asarray(valid), terms, 0.0).sum(axis=1)
        total = total.astype(x.dtype).astype(np.float64)
        out.reshape(-1)[...] = (e / total[seq_of_row]).astype(x.dtype)


# -- sequence_mask ------------------------------------------------------------------------------

def mask_length(op: str, maxlen: int, max_len_tensor: Any | None, x: Any) -> int:
    """sequence_mask's mask width: MaxLenTensor's value (> 0) when given, else `maxlen`
    when it is positive, else max(X) truncated to an int (0 allowed; X read on the host)."""
    if max_len_tensor is not None:
        given = to_host(max_len_tensor).reshape(-1)
        if given.size != 1:
            raise ValueError(f"{op}: Input(MaxLenTensor) must hold one value, got "
                             f"{given.size}")
        if int(given[0]) <= 0:
            raise ValueError(f"{op}: Input(MaxLenTensor) value must be greater than 0, got "
                             f"{int(given[0])}")
        return int(given[0])
    if maxlen > 0:
        return maxlen
    if maxlen == 0:
        raise ValueError(f"{op}: attribute maxlen must be less than 0 (use max(X)) or at "
                         f"least 1, got 0")
    host = to_host(x)
    if host.size == 0:
        raise ValueError(f"{op}: maxlen < 0 takes the mask width from max(X), but Input(X) "
                         f"is empty")
    if not np.isfinite(host.max()):
        raise ValueError(f"{op}: maxlen < 0 takes the mask width from max(X), which is "
                         f"{host.max()}")
    length = int(host.max())
    if length < 0:
        raise ValueError(f"{op}: maxlen < 0 takes the mask width from max(X) = {length}: "
                         f"the mask width would be negative")
    return length


def sequence_mask(xp: Any, x: Any, length: int, out: Any) -> None:
    """out[..., j] = j < x[...] for j < length, in out's dtype."""
    steps = xp.arange(length).astype(x.dtype)
    out[...] = (steps < x[..., None]).astype(out.dtype)


# -- sequence_conv ------------------------------------------------------------------------------

def context_pads(length: int, start: int) -> tuple[int, int]:
    """(up, down): the padding rows a context window of `length` rows from `start` needs
    before and after a sequence."""
    return max(0, -start), max(0, start + length - 1)


def check_conv_dims(op: str, x_dims: Sequence[int], filter_dims: Sequence[int],
                    padding_dims: Sequence[int] | None, length: int, start: int, stride: int,
                    trainable: bool) -> tuple[int, int]:
    """sequence_conv's Out dims [rows, filter columns], after checking X [rows, width],
    Filter [length * width, columns] and (trainable padding) PaddingData [up + down, width]."""
    if stride != 1:
        raise ValueError(f"{op}: only contextStride = 1 is supported (as Paddle), got {stride}")
    if length < 1:
        raise ValueError(f"{op}: contextLength must be at least 1, got {length}")
    if len(x_dims) != 2 or len(filter_dims) != 2:
        raise ValueError(f"{op}: Input(X) and Input(Filter) must be 2-D, got dims "
                         f"{list(x_dims)} and {list(filter_dims)}")
    if filter_dims[0] != length * x_dims[1]:
        raise ValueError(f"{op}: Filter's height must be contextLength * X's width = "
                         f"{length} * {x_dims[1]}, got Filter dims {list(filter_dims)}")
    if trainable:
        up, down = context_pads(length, start)
        if padding_dims is None:
            raise ValueError(f"{op}: paddingTrainable needs Input(PaddingData)")
        if tuple(padding_dims) != (up + down, x_dims[1]):
            raise ValueError(f"{op}: PaddingData must be [up + down padding rows, X's width] "
                             f"= [{up + down}, {x_dims[1]}], got {list(padding_dims)}")
    return x_dims[0], filter_dims[1]


def conv_offsets(op: str, lod: LoD, rows: int) -> np.ndarray:
    """The one LoD level sequence_conv reads, covering every row of X."""
    if len(lod) > 1:
        raise ValueError(f"{op}: Input(X) must have one LoD level, got {len(lod)}")
    offsets = last_level(op, lod, rows)
    if offsets[-1] != rows:
        raise ValueError(f"{op}: the LoD of Input(X) ends at {int(offsets[-1])}, but X has "
                         f"{rows} rows")
    return offsets


def sequence_conv(xp: Any, x: Any, offsets: np.ndarray, filt: Any, padding: Any | None,
                  length: int, start: int, stride: int, out: Any) -> None:
    """out = context(x) @ filt, where row t of context(x) concatenates rows t + start ...
    t + start + length - 1 of t's sequence; positions outside the sequence are zeros, or
    (padding given) PaddingData rows: up + p before the start (p < 0), up + p - h after
    the end of a sequence of h rows. `stride` must be 1."""
    if stride != 1:
        raise ValueError(f"sequence_conv: only contextStride = 1 is supported (as Paddle), "
                         f"got {stride}")
    if x.shape[0] == 0:
        out[...] = 0
        return
    out[...] = context_matrix(xp, x, offsets, padding, length, start) @ filt


def context_rows(offsets: np.ndarray, length: int, start: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where each entry of the context matrix comes from, [rows, length] each: (inside the
    sequence, its row of X there, its PaddingData row elsewhere)."""
    lens = np.diff(offsets)
    seq = np.repeat(np.arange(lens.size), lens)
    first, h = offsets[:-1][seq][:, None], lens[seq][:, None]
    pos = (np.arange(int(offsets[-1]))[:, None] - first) + start + np.arange(length)[None, :]
    inside = (pos >= 0) & (pos < h)
    up = context_pads(length, start)[0]
    pad_row = np.where(pos < 0, pos + up, up + pos - h)
    return inside, np.where(inside, first + pos, 0), np.where(inside, 0, pad_row)


def context_matrix(xp: Any, x: Any, offsets: np.ndarray, padding: Any | None, length: int,
                   start: int) -> Any:
    """[rows, length * width]: row t concatenates the context rows of t (zeros, or
    PaddingData rows, outside its sequence)."""
    inside, x_row, pad_row = context_rows(offsets, length, start)
    col = x[xp.asarray(x_row)]
    mask = xp.asarray(inside)[..., None]
    col = (xp.where(mask, col, x.dtype.type(0)) if padding is None
           else xp.where(mask, col, padding[xp.asarray(pad_row)]))
    return col.reshape(x.shape[0], length * x.shape[1])


# -- row_conv -----------------------------------------------------------------------------------

def row_conv_offsets(op: str, x_dims: Sequence[int], lod: LoD) -> np.ndarray:
    """The sequences row_conv convolves, as row offsets into X viewed as [rows, width]: X
    [rows, width] with one LoD level covering its rows, or X [batch, steps, width] without
    a LoD (one sequence per batch row)."""
    if not lod:
        if len(x_dims) != 3:
            raise ValueError(f"{op}: Input(X) without a LoD must be [batch, steps, width], got "
                             f"dims {list(x_dims)}")
        return np.arange(x_dims[0] + 1, dtype=np.int64) * x_dims[1]
    if len(x_dims) != 2:
        raise ValueError(f"{op}: Input(X) with a LoD must be [rows, width], got dims "
                         f"{list(x_dims)}")
    if len(lod) != 1:
        raise ValueError(f"{op}: Input(X) must have one LoD level, got {len(lod)}")
    return conv_offsets(op, lod, x_dims[0])


def check_row_conv_dims(op: str, x_dims: Sequence[int], filter_dims: Sequence[int]) -> None:
    """Filter [future context, width] with X's width."""
    if len(filter_dims) != 2 or filter_dims[1] != x_dims[-1]:
        raise ValueError(f"{op}: Filter must be [future context, X's width {x_dims[-1]}], "
                         f"got dims {list(filter_dims)}")


def row_conv(xp: Any, x: Any, offsets: np.ndarray, filt: Any, out: Any) -> None:
    """Lookahead convolution: out[t] = sum over k of x[t + k] * filt[k], for the k with
    t + k inside t's sequence (added in k order, as Paddle)."""
    width = x.shape[-1]
    flat, res = x.reshape(-1, width), out.reshape(-1, width)
    rows = flat.shape[0]
    res[...] = 0
    if rows == 0:
        return
    ends = np.repeat(offsets[1:], np.diff(offsets))
    for k in range(filt.shape[0]):  # over the filter's taps; each tap is vectorised
        valid = np.arange(rows) + k < ends
        if not valid.any():
            break
        shifted = flat[xp.asarray(np.where(valid, np.arange(rows) + k, 0))]
        res += xp.where(xp.asarray(valid)[:, None], shifted * filt[k], x.dtype.type(0))


# -- lod_reset ----------------------------------------------------------------------------------

def reset_lod(op: str, rows: int, x_lod: LoD, y_lod: LoD | None, y_values: Any | None,
              target_lod: Sequence[int], append: bool) -> list[list[int]]:
    """lod_reset's output LoD: Y's whole LoD when Y carries one (its last level must end at
    X's rows), else one level from Y's values or target_lod (starting at 0, never
    decreasing, ending at X's rows), appended to X's LoD when `append`."""
    if y_lod:
        if y_lod[-1][-1] != rows:
            raise ValueError(f"{op}: the last value of Input(Y)'s last LoD level "
                             f"({y_lod[-1][-1]}) must be equal to the first dimension of "
                             f"Input(X) ({rows})")
        return [list(level) for level in y_lod]
    source = "Input(Y)" if y_values is not None else "target_lod"
    level = [int(v) for v in (to_host(y_values).reshape(-1) if y_values is not None
                              else target_lod)]
    if len(level) < 2:
        raise ValueError(f"{op}: the target LoD ({source}) needs at least 2 offsets, got "
                         f"{level}")
    if level[0] != 0:
        raise ValueError(f"{op}: the target LoD ({source}) must start at 0, got {level}")
    if level[-1] != rows:
        raise ValueError(f"{op}: the last value of the target LoD ({source}) ({level[-1]}) "
                         f"must be equal to the first dimension of Input(X) ({rows})")
    if any(b < a for a, b in itertools.pairwise(level)):
        raise ValueError(f"{op}: the target LoD ({source}) must never decrease, got {level}")
    return [*(list(lv) for lv in x_lod), level] if append else [level]


# -- sequence_expand ----------------------------------------------------------------------------

def expand_dims(op: str, x_dims: Sequence[int], x_lod: LoD, y_lod: LoD,
                ref_level: int) -> tuple[tuple[int, ...], list[list[int]]]:
    """sequence_expand's (Out dims, Out LoD) for InferMeta: -1 rows while Y's LoD is not
    known (the kernel refuses a Y without one)."""
    if not y_lod:
        return (-1, *x_dims[1:]), []
    rows, lod = expand_plan(op, x_dims, x_lod, y_lod, ref_level)
    return (tuple(x_dims) if rows is None else (rows.size, *x_dims[1:])), lod


def expand_plan(op: str, x_dims: Sequence[int], x_lod: LoD, y_lod: LoD,
                ref_level: int) -> tuple[np.ndarray | None, list[list[int]]]:
    """sequence_expand's (rows of X to gather, Out's LoD): sequence i of X (its one LoD
    level, or row i without a LoD) repeated as often as sequence i of Y's level
    `ref_level` (-1: the last) has elements. (None, X's LoD) when that level holds no
    sequence: Out is X."""
    if len(x_dims) < 2:
        raise ValueError(f"{op}: Input(X) must have at least 2 dimensions, got dims "
                         f"{list(x_dims)}")
    if len(x_lod) > 1:
        raise ValueError(f"{op}: Input(X) may have at most one LoD level, got {len(x_lod)}")
    if not y_lod:
        raise ValueError(f"{op}: Input(Y) must be a LoD tensor (it carries no LoD)")
    if not -1 <= ref_level < len(y_lod):
        raise ValueError(f"{op}: ref_level must be -1 or in [0, {len(y_lod)}) (Y's LoD "
                         f"levels), got {ref_level}")
    ref = np.asarray(y_lod[ref_level], np.int64)
    if ref.size <= 1:
        return None, [list(level) for level in x_lod]
    if x_lod:
        offsets = check_offsets(op, x_lod[0], x_dims[0])
        if offsets.size != ref.size:
            raise ValueError(f"{op}: Input(X)'s LoD has {offsets.size - 1} sequences, but "
                             f"Input(Y)'s level {ref_level} has {ref.size - 1}")
    else:
        if x_dims[0] != ref.size - 1:
            raise ValueError(f"{op}: without a LoD, the first dimension of Input(X) "
                             f"({x_dims[0]}) must match the size of Input(Y)'s referred level "
                             f"({ref.size - 1} sequences)")
        offsets = np.arange(x_dims[0] + 1, dtype=np.int64)
    repeats = np.diff(ref)
    if np.any(repeats < 0):
        raise ValueError(f"{op}: Input(Y)'s level {ref_level} must never decrease, got "
                         f"{ref.tolist()}")
    copy_seq = np.repeat(np.arange(repeats.size), repeats)
    copy_len = np.diff(offsets)[copy_seq]
    out_offsets = np.concatenate([[0], np.cumsum(copy_len)]).astype(np.int64)
    rows = (np.repeat(offsets[:-1][copy_seq] - out_offsets[:-1], copy_len)
            + np.arange(int(out_offsets[-1]), dtype=np.int64))
    return rows, ([out_offsets.tolist()] if x_lod else [])


# -- im2sequence --------------------------------------------------------------------------------

def _window_count(size: int, kernel: int, pad_before: int, pad_after: int, stride: int) -> int:
    return (size + pad_before + pad_after - kernel) // stride + 1


def check_im2sequence(op: str, x_dims: Sequence[int], kernels: Sequence[int],
                      strides: Sequence[int], paddings: Sequence[int],
                      out_stride: Sequence[int]) -> tuple[int, int]:
    """(windows down, windows across) of the whole image, after checking X [N, C, H, W],
    kernels / strides / out_stride (2 each) and paddings (up, left, down, right)."""
    if len(x_dims) != 4:
        raise ValueError(f"{op}: Input(X) must be [N, C, H, W], got dims {list(x_dims)}")
    for name, values, n in (("kernels", kernels, 2), ("strides", strides, 2),
                            ("paddings", paddings, 4), ("out_stride", out_stride, 2)):
        if len(values) != n:
            raise ValueError(f"{op}: attribute {name} must hold {n} values, got {list(values)}")
    if min(*kernels, *strides, *out_stride) < 1 or min(paddings) < 0:
        raise ValueError(f"{op}: kernels, strides and out_stride must be positive and paddings "
                         f"non-negative, got {list(kernels)}, {list(strides)}, "
                         f"{list(out_stride)}, {list(paddings)}")
    oh = _window_count(x_dims[2], kernels[0], paddings[0], paddings[2], strides[0])
    ow = _window_count(x_dims[3], kernels[1], paddings[1], paddings[3], strides[1])
    if oh < 1 or ow < 1:
        raise ValueError(f"{op}: the {kernels[0]}x{kernels[1]} kernel does not fit the padded "
                         f"{x_dims[2]}x{x_dims[3]} image")
    return oh, ow


def im2sequence_windows(op: str, x_dims: Sequence[int], real_sizes: Any | None,
                        kernels: Sequence[int], strides: Sequence[int], paddings: Sequence[int],
                        out_stride: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Windows per image (down, across), [N] each: those of the whole image, or (Y given
    and N > 1, as Paddle) of each image's real size divided by out_stride (rounded up)."""
    oh, ow = check_im2sequence(op, x_dims, kernels, strides, paddings, out_stride)
    n = x_dims[0]
    if real_sizes is None or n <= 1:
        return np.full(n, oh, np.int64), np.full(n, ow, np.int64)
    sizes = to_host(real_sizes).reshape(-1)
    if sizes.size != 2 * n:
        raise ValueError(f"{op}: Input(Y) must hold a (height, width) per image: {2 * n} "
                         f"values, got {sizes.size}")
    sizes = sizes.astype(np.int64).reshape(n, 2)
    real = -(-sizes // np.asarray(out_stride, np.int64))
    down = (real[:, 0] + paddings[0] + paddings[2] - kernels[0]) // strides[0] + 1
    across = (real[:, 1] + paddings[1] + paddings[3] - kernels[1]) // strides[1] + 1
    if np.any(down < 1) or np.any(across < 1):
        raise ValueError(f"{op}: an image's real size (Input(Y)) leaves no window: "
                         f"{sizes.tolist()}")
    return down, across


def im2sequence(xp: Any, x: Any, down: np.ndarray, across: np.ndarray, kernels: Sequence[int],
                strides: Sequence[int], paddings: Sequence[int], out: Any) -> None:
    """out [windows, C * kh * kw]: image n's first down[n] x across[n] windows, row-major,
    each window (top-left at (i * sh - up, j * sw - left)) flattened as (C, kh, kw); pixels
    outside the image read 0."""
    if int((down * across).sum()) == 0:
        return
    index, valid = im2sequence_index(xp, x.shape, down, across, kernels, strides, paddings)
    patches = xp.where(valid, x[index], x.dtype.type(0))
    out[...] = patches.reshape(out.shape)


def im2sequence_index(xp: Any, x_dims: Sequence[int], down: np.ndarray, across: np.ndarray,
                      kernels: Sequence[int], strides: Sequence[int], paddings: Sequence[int]
                      ) -> tuple[tuple[Any, ...], Any]:
    """The pixel of X each window element reads, as an index into X broadcast to [windows,
    C, kh, kw] (positions outside the image clipped), and where it lies inside the image."""
    n, channels, height, width = x_dims
    counts = down * across
    image = np.repeat(np.arange(n), counts)
    k = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    i, j = k // across[image], k % across[image]
    rows = (i * strides[0] - paddings[0])[:, None] + np.arange(kernels[0])[None, :]
    cols = (j * strides[1] - paddings[1])[:, None] + np.arange(kernels[1])[None, :]
    valid = (((rows >= 0) & (rows < height))[:, :, None]
             & ((cols >= 0) & (cols < width))[:, None, :])
    r = np.clip(rows, 0, height - 1)[:, None, :, None]
    c = np.clip(cols, 0, width - 1)[:, None, None, :]
    ch = np.arange(channels)[None, :, None, None]
    index = (xp.asarray(image[:, None, None, None]), xp.asarray(ch), xp.asarray(r),
             xp.asarray(c))
    return index, xp.asarray(valid)[:, None, :, :]


def check_match_dims(op: str, x_dims: Sequence[int], y_dims: Sequence[int],
                     w_dims: Sequence[int], dim_t: int) -> None:
    """X [rows_x, dim_in], Y [rows_y, dim_in], W [dim_in, dim_t, dim_in]."""
    if len(x_dims) != 2 or len(y_dims) != 2 or x_dims[1] != y_dims[1]:
        raise ValueError(f"{op}: Input(X) and Input(Y) must be 2-D of one width, got "
                         f"{list(x_dims)} and {list(y_dims)}")
    if tuple(w_dims) != (x_dims[1], dim_t, x_dims[1]):
        raise ValueError(f"{op}: Input(W) must be [dim_in, dim_t, dim_in] = "
                         f"{[x_dims[1], dim_t, x_dims[1]]}, got {list(w_dims)}")


def match_offsets(op: str, x_dims: Sequence[int], x_lod: LoD, y_dims: Sequence[int],
                  y_lod: LoD, dim_t: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(X's offsets, Y's offsets, Out's offsets): sequence pair b gives dim_t * len_x * len_y
    rows of Out."""
    x_off = last_level(op, x_lod, x_dims[0], 1, "X")
    y_off = last_level(op, y_lod, y_dims[0], 1, "Y")
    if x_off.size != y_off.size:
        raise ValueError(f"{op}: Input(X) and Input(Y) must hold as many sequences, got "
                         f"{x_off.size - 1} and {y_off.size - 1}")
    sizes = dim_t * np.diff(x_off) * np.diff(y_off)
    return x_off, y_off, np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


def match_matrix_tensor(xp: Any, x: Any, y: Any, w: Any, x_off: np.ndarray,
                        y_off: np.ndarray, out_off: np.ndarray, out: Any, tmp: Any) -> None:
    """tmp = X @ W (as [rows_x, dim_t * dim_in], stored flat); for sequence pair b, out's
    rows out_off[b]:out_off[b + 1] = (tmp_b[:, t] @ y_b^T) for t, then x row, then y row."""
    dim_in, dim_t = w.shape[0], w.shape[1]
    proj = xp.matmul(x, w.reshape(dim_in, dim_t * dim_in))
    tmp[...] = proj.reshape(tmp.shape)
    for b in range(x_off.size - 1):
        xb = proj[x_off[b]:x_off[b + 1]].reshape(-1, dim_t, dim_in).transpose(1, 0, 2)
        scores = xp.matmul(xb, y[y_off[b]:y_off[b + 1]].T)
        out[out_off[b]:out_off[b + 1]] = scores.reshape(-1, 1)
# -- add_position_encoding ----------------------------------------------------------------------

def position_offsets(op: str, x_dims: Sequence[int], lod: LoD) -> np.ndarray:
    """Row offsets of the sequences whose rows get positions 0, 1, ...: X [batch, steps,
    enc] (no LoD: every batch entry one sequence of `steps` rows) or X [rows, enc] with
    one LoD level. The encoding size must be even."""
    if lod:
        if len(x_dims) != 2 or len(lod) != 1:
            raise ValueError(f"{op}: Input(X) with a LoD must be [rows, enc_size] with one "
                             f"level, got dims {list(x_dims)} and {len(lod)} levels")
        offsets = check_offsets(op, lod[0], x_dims[0])
    elif len(x_dims) != 3:
        raise ValueError(f"{op}: Input(X) without a LoD must be [batch, steps, enc_size], "
                         f"got dims {list(x_dims)}")
    else:
        offsets = np.arange(x_dims[0] + 1, dtype=np.int64) * x_dims[1]
    if x_dims[-1] % 2:
        raise ValueError(f"{op}: Input(X)'s feature size (last dim) must be even, got "
                         f"{x_dims[-1]}")
    return offsets


def add_position_encoding(xp: Any, x: Any, offsets: np.ndarray, alpha: float, beta: float,
                          out: Any) -> None:
    """out = x * alpha + beta * [sin(p / 10000^(k / (half - 1))), cos(...)] for row p of its
    sequence and k < half = enc / 2 (p / 10000 when half is 1). As Paddle's CPU kernel: the
    angle, sin and cos and the beta term in float64; x * alpha in x's dtype (alpha as float32)
    then added in float64 and rounded once to x's dtype."""
    enc = x.shape[-1]
    rows = x.reshape(-1, enc)
    half = enc // 2
    if rows.shape[0] == 0:
        return
    counts = np.diff(offsets)
    position = np.arange(rows.shape[0], dtype=np.int64) - np.repeat(offsets[:-1], counts)
    k = np.arange(half, dtype=np.float64)
    scale = np.power(10000.0, k / (half - 1)) if half > 1 else np.full(half, 10000.0)
    angle = position.astype(np.float64)[:, None] / scale[None, :]
    wave = np.concatenate([np.sin(angle), np.cos(angle)], axis=1) * float(np.float32(beta))
    with quiet(xp):  # x * alpha may overflow to inf, as in Paddle
        scaled = rows * rows.dtype.type(np.float32(alpha))
        out.reshape(-1, enc)[...] = (scaled.astype(xp.float64)
                                     + xp.asarray(wave)).astype(x.dtype)
