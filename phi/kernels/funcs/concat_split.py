"""concat, split and stack along one axis."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType

#: Paddle 3.3.1's CPU dtypes of split_with_num (split's kernel when `num` > 0): no int16
#: and no complex, which split by sections takes
SPLIT_WITH_NUM_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32,
                            DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                            DataType.FLOAT16, DataType.BFLOAT16)


def normalize_axis(axis: int, rank: int, op: str = "concat") -> int:
    axis = int(axis)
    if not -rank <= axis < max(rank, 1):
        raise ValueError(f"{op}: axis {axis} is out of range for a {rank}-D input")
    return axis + rank if axis < 0 else axis


def concat_lod(lods: Sequence[Sequence[Sequence[int]]], axis: int, rank: int
               ) -> list[list[int]]:
    """The LoD of a concatenation (offset-based, one list per level).

    Along axis 0, when every input has a LoD of the same depth, the sequences follow
    one another: each level's offsets continue from the previous input's last one.
    Otherwise (another axis, or an input without LoD) the first input's LoD is kept.
    """
    first = [list(level) for level in lods[0]] if lods else []
    if not first or normalize_axis(axis, rank) != 0 or not all(lods):
        return first
    for lod in lods[1:]:
        if len(lod) != len(first):
            raise ValueError(f"concat: inputs with LoDs of {len(first)} and {len(lod)} "
                             "levels cannot be joined along axis 0")
        for level, offsets in zip(first, lod):
            base = level[-1] - offsets[0]
            level.extend(int(o) + base for o in offsets[1:])
    return first


def concat_dims(dims_list: Sequence[Sequence[int]], axis: int) -> tuple[int, ...]:
    """Dims of the concatenation: inputs agree except along `axis`, whose sizes add up."""
    if not dims_list:
        raise ValueError("concat: needs at least one input")
    first = [int(d) for d in dims_list[0]]
    axis = normalize_axis(axis, len(first))
    out = list(first)
    for dims in dims_list[1:]:
        if len(dims) != len(first):
            raise ValueError(f"concat: inputs have different ranks ({list(first)} vs {list(dims)})")
        for i, d in enumerate(dims):
            if i == axis:
                out[i] = -1 if out[i] < 0 or d < 0 else out[i] + int(d)
            elif d != out[i] and d >= 0 and out[i] >= 0:
                raise ValueError(f"concat: input dims {list(dims)} do not match {list(first)} "
                                 f"off axis {axis}")
    return tuple(out)


def concat(xp: Any, xs: Sequence[Any], axis: int, out: Any) -> None:
    axis = normalize_axis(axis, xs[0].ndim)
    out[...] = xp.concatenate([x.astype(out.dtype, copy=False) for x in xs], axis=axis)


def split_sections(dim: int, sections: Sequence[int]) -> list[int]:
    """Section sizes with at most one -1 resolved so that they add up to `dim`."""
    sections = [int(s) for s in sections]
    unknown = [i for i, s in enumerate(sections) if s == -1]
    if len(unknown) > 1:
        raise ValueError(f"split: at most one section may be -1, got {sections}")
    if dim < 0:
        return sections
    known = sum(s for s in sections if s != -1)
    if unknown:
        if known > dim:
            raise ValueError(f"split: sections {sections} exceed the axis size {dim}")
        sections[unknown[0]] = dim - known
    elif known != dim:
        raise ValueError(f"split: sections {sections} must add up to the axis size {dim}")
    return sections


def split_num_sections(dim: int, num: int) -> list[int]:
    """`num` equal sections of an axis of size `dim` (which must divide evenly)."""
    num = int(num)
    if num <= 0:
        raise ValueError(f"split: num must be positive, got {num}")
    if dim < 0:
        return [-1] * num
    if dim % num:
        raise ValueError(f"split: the axis size {dim} is not divisible by num={num}")
    return [dim // num] * num


def split_dims(x_dims: Sequence[int], sections: Sequence[int], axis: int) -> list[tuple[int, ...]]:
    """Output dims per section (sections already resolved)."""
    axis = normalize_axis(axis, len(x_dims), "split")
    outs = []
    for s in sections:
        dims = [int(d) for d in x_dims]
        dims[axis] = int(s)
        outs.append(tuple(dims))
    return outs


def split(xp: Any, x: Any, sections: Sequence[int], axis: int, outs: Sequence[Any]) -> None:
    """outs[i] = the i-th consecutive window of sizes `sections` along `axis`."""
    axis = normalize_axis(axis, x.ndim, "split")
    bounds = np.cumsum([0, *sections])
    index: list[Any] = [slice(None)] * x.ndim
    for out, lo, hi in zip(outs, bounds[:-1], bounds[1:]):
        if out is None:
            continue
        index[axis] = slice(int(lo), int(hi))
        out[...] = x[tuple(index)]


def stack_axis(axis: int, rank: int) -> int:
    """Stack inserts a new axis: valid range is [-(rank+1), rank]."""
    axis = int(axis)
    if not -(rank + 1) <= axis <= rank:
        raise ValueError(f"stack: axis {axis} is out of range for {rank}-D inputs")
    return axis + rank + 1 if axis < 0 else axis


def stack_dims(dims_list: Sequence[Sequence[int]], axis: int) -> tuple[int, ...]:
    if not dims_list:
        raise ValueError("stack: needs at least one input")
    first = tuple(int(d) for d in dims_list[0])
    for dims in dims_list[1:]:
        if tuple(dims) != first:
            raise ValueError(f"stack: inputs must have equal dims, got {list(first)} and "
                             f"{list(dims)}")
    axis = stack_axis(axis, len(first))
    return (*first[:axis], len(dims_list), *first[axis:])


def stack(xp: Any, xs: Sequence[Any], axis: int, out: Any) -> None:
    axis = stack_axis(axis, xs[0].ndim)
    out[...] = xp.stack([x.astype(out.dtype, copy=False) for x in xs], axis=axis)
