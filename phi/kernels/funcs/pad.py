"""Padding math shared by the PHI and legacy kernels: pad3d (four modes, two layouts,
negative paddings crop) and pad (constant, every axis). Functions of `xp` (NumPy or CuPy).

Each padded axis maps every output position to a source position (or, in constant mode,
to the fill value); the output is x gathered axis by axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common.vocabulary import Vocabulary


class PadMode(Vocabulary):
    CONSTANT = "constant"
    REFLECT = "reflect"
    REPLICATE = "replicate"
    CIRCULAR = "circular"


#: pad3d's spatial axes per layout, in the order of its paddings pairs (W, H, D).
_SPATIAL_AXES = {"NCDHW": (4, 3, 2), "NDHWC": (3, 2, 1)}
_AXIS_WORDS = (("width", "pad_left", "pad_right"), ("height", "pad_top", "pad_bottom"),
               ("depth", "pad_front", "pad_back"))


def spatial_axes(data_format: str) -> tuple[int, int, int]:
    if data_format not in _SPATIAL_AXES:
        raise ValueError(f"pad3d: data_format must be NCDHW or NDHWC, got {data_format!r}")
    return _SPATIAL_AXES[data_format]


def pad3d_dims(x_dims: Sequence[int], paddings: Sequence[int], mode: str,
               data_format: str) -> tuple[int, ...]:
    """x's dims with each spatial axis grown by its (before, after) paddings; paddings are
    [left, right, top, bottom, front, back]. Reflect needs each pad below its axis's size."""
    if len(x_dims) != 5 or len(paddings) != 6:
        raise ValueError(f"pad3d: X must be 5-D and paddings have 6 entries, got dims "
                         f"{list(x_dims)} and paddings {list(paddings)}")
    mode = PadMode.parse(mode)
    dims = [int(d) for d in x_dims]
    for (axis, words), (before, after) in zip(zip(spatial_axes(data_format), _AXIS_WORDS),
                                              zip(paddings[::2], paddings[1::2])):
        size = dims[axis]
        if mode is PadMode.REFLECT:
            for pad, word in ((before, words[1]), (after, words[2])):
                if pad >= size:
                    raise ValueError(f"pad3d: The {words[0]} of Input(X)'s dimension should be "
                                     f"greater than {word} in reflect mode, but received "
                                     f"{words[0]}({size}) and {word}({pad})")
        dims[axis] = size + int(before) + int(after)
        if dims[axis] < 0:
            raise ValueError(f"pad3d: paddings {list(paddings)} crop more than X's {words[0]}")
    return tuple(dims)


def pad_sources(xp: Any, mode: PadMode, size: int, before: int, out_len: int) -> tuple[Any, Any]:
    """(source index, in-range mask or None) of every output position along one axis."""
    pos = xp.arange(out_len) - before
    if mode is PadMode.CONSTANT:
        return xp.clip(pos, 0, max(size - 1, 0)), (pos >= 0) & (pos < size)
    if mode is PadMode.REPLICATE:
        return xp.clip(pos, 0, size - 1), None
    if mode is PadMode.CIRCULAR:
        return pos % size, None
    pos = xp.abs(pos)
    return xp.where(pos >= size, 2 * (size - 1) - pos, pos), None


def pad3d(xp: Any, x: Any, paddings: Sequence[int], mode: str, value: float,
          data_format: str, out: Any) -> None:
    """out = x padded (or cropped) on D, H and W; constant mode fills with `value` cast to
    the element type."""
    mode = PadMode.parse(mode)
    axes = spatial_axes(data_format)
    fill = np.asarray(value).astype(out.dtype)[()]  # a NumPy scalar mixes with device arrays
    if x.size == 0 or out.size == 0:
        out[...] = fill
        return
    result, keep = x, None
    for axis, before in zip(axes, paddings[::2]):  # three axes
        index, valid = pad_sources(xp, mode, int(x.shape[axis]), int(before), out.shape[axis])
        result = xp.take(result, index, axis=axis)
        if valid is not None:
            shape = [1] * x.ndim
            shape[axis] = valid.size
            valid = valid.reshape(shape)
            keep = valid if keep is None else keep & valid
    out[...] = result if keep is None else xp.where(keep, result, fill)


def pad_pairs(rank: int, paddings: Sequence[int]) -> list[tuple[int, int]]:
    """pad's flat [before0, after0, before1, ...] as pairs; one pair per axis, all >= 0."""
    if len(paddings) != 2 * rank:
        raise ValueError(f"pad: paddings {list(paddings)} must have 2 entries per axis of a "
                         f"{rank}-D input")
    if any(p < 0 for p in paddings):
        raise ValueError(f"pad: The element of 'paddings' should >= 0, got {list(paddings)}")
    return [(int(a), int(b)) for a, b in zip(paddings[::2], paddings[1::2])]


def pad_dims(x_dims: Sequence[int], paddings: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(d) + a + b for d, (a, b) in zip(x_dims, pad_pairs(len(x_dims), paddings)))


def pad(xp: Any, x: Any, paddings: Sequence[int], pad_value: float, out: Any) -> None:
    """out = x with `pad_value` (cast to the element type) around it."""
    out[...] = np.asarray(pad_value).astype(out.dtype)[()]
    inner = tuple(slice(a, a + n) for (a, _), n in zip(pad_pairs(x.ndim, paddings), x.shape))
    out[inner] = x
