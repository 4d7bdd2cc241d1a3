"""feed / fetch: move tensors between the executor's feed/fetch lists and the program."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs.common import copy_into, to_host


def feed_item(feed_list: list[Any], col: int) -> Any:
    """The tensor at `col` of a feed list; raises with the list's length when missing."""
    if not isinstance(feed_list, list):
        raise TypeError(f"feed: input X must hold the feed list, not {type(feed_list).__name__}")
    if not 0 <= col < len(feed_list):
        raise IndexError(f"feed: col {col} is out of range for a feed list of "
                         f"{len(feed_list)} item(s)")
    item = feed_list[col]
    if item is None:
        raise ValueError(f"feed: nothing was fed at col {col}")
    return item


def feed(xp: Any, item: Any, out: Any) -> None:
    """Copy the fed array (host or device) into `out`, an array of module `xp`."""
    copy_into(xp, item, out)


def fetched_tensor(x: DenseTensor) -> DenseTensor:
    """The fetch list's tensor for `x`, unallocated: x's meta, or for an uninitialized x
    (an XShape: dims, no buffer) what Paddle's fetch gives, a fresh tensor's float32 with
    dims [0] and x's LoD (tests/fixtures/grads/shape_grad records it)."""
    if x.initialized():
        return DenseTensor(dtype=x.dtype, dims=x.dims, layout=x.layout, lod=x.lod)
    return DenseTensor(dtype=DataType.FLOAT32, dims=(0,), layout=x.layout, lod=x.lod)


def fetch(x: Any, out: Any) -> None:
    """Copy `x` (host or device) into the host array `out`."""
    out[...] = to_host(x)


def store(fetch_list: list[Any], col: int, value: Any) -> None:
    """Put `value` at `col` of a fetch list, growing the list with None as needed."""
    if col < 0:
        raise IndexError(f"fetch: col must be >= 0, got {col}")
    while len(fetch_list) <= col:
        fetch_list.append(None)
    fetch_list[col] = value
