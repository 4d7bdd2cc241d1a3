"""Lowerings of feed and fetch: the fed tensor copied into the variable's buffer (in a
direct run, `compat.direct_run`, the fed array itself, checked before the run); a fresh
host copy of the fetched one put in the fetch list."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import CPUPlace, DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import feed_fetch as ff_funcs
from phi.kernels.impl.feed_kernel_impl import feed_kernel
from phi.kernels.impl.fetch_kernel_impl import fetch_kernel
from phi.lowering import Emit, Name, NotLowerableError, lowers

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]
_HOST = CPUPlace()


def feed_into(feed_list: list[Any], col: int, out: Any) -> None:
    """Copy the tensor at `col` of the feed list into `out`, the planned buffer; a fed
    tensor of other dims or dtype than planned is an error (the plan is keyed by them)."""
    item = ff_funcs.feed_item(feed_list, col).data
    if item.shape != out.shape or item.dtype != out.dtype:
        raise ValueError(f"feed: col {col} holds a {item.dtype} array of dims "
                         f"{list(item.shape)}; the plan was made for {out.dtype} "
                         f"{list(out.shape)}")
    ff_funcs.feed(np, item, out)


def fetch_copy(x: DenseTensor, array: Any, dtype: DataType) -> DenseTensor:
    """What the fetch kernel stores for an initialized host tensor `x` (`array`: its
    buffer, whose element type is `dtype`): a fresh copy of the values, with x's layout
    and LoD, on the host."""
    meta = x.meta
    return DenseTensor.adopting(array.copy(), dtype, _HOST, meta.layout, meta.lod)


@lowers("feed", feed_kernel, _TYPES)
def feed(emit: Emit, x: list[Any], col: int, out: Any) -> list[str]:
    """A direct run (`emit.fed` not None) hands the fed host arrays over as they are, of
    the planned dims and dtype, C-contiguous: copied as `ff_funcs.feed` copies them (no
    conversion to make)."""
    item = ff_funcs.feed_item(x, col)
    o = emit.output(out, item.dtype)
    listed = emit.call(feed_into, emit.value(x, "feed_list"), col, o)
    direct = emit.call(np.copyto, o, Name(f"{emit.fed}[{col}]"))
    return [Name(f"{listed} if {emit.fed} is None else {direct}")]


@lowers("fetch", fetch_kernel, _TYPES)
def fetch(emit: Emit, x: Any, col: int, out: list[Any]) -> list[str]:
    if not x.initialized():
        raise NotLowerableError("fetch: an uninitialized tensor (the kernel stores dims only)")
    xn = emit.array(x)
    dtype = DataType.from_numpy(emit.buffer(xn).dtype)  # the bound buffer's, fixed
    return [emit.call(ff_funcs.store, emit.value(out, "fetch_list"), col,
                      emit.call(fetch_copy, emit.value(x, "tensor"), xn,
                                emit.value(dtype, "dtype")))]
