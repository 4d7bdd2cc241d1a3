"""Lowering of pool2d.

Max pooling over fixed windows (`pool_layout`'s fold, not one whole-input window) is
written out as `_fold_taps` makes its calls, on what it would make every call, made once:
the window taps as strided views of the input (padded with the max floor into a buffer of
the plan's own, one per shape and padding, `shared`: its border is never written again,
so only the interior is copied per run); the floor a 0-d array. Then `maximum` from the
floor tap by tap into Out, in the funcs' order, and the funcs' NaN test: a window holding
NaN leaves Out to the whole funcs pool2d (which decides it exactly), as `_fold_pool` does.
Anything else (average, a whole-input window, the gather route, a kernel size read from
a tensor) calls the funcs' pool2d with the device context's workspaces, as the kernel does."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import pooling as pool_funcs
from phi.kernels.funcs import pooling_nd as nd_funcs
from phi.kernels.funcs.common import compute_dtype
from phi.kernels.impl.pool2d_kernel_impl import pool2d_kernel
from phi.lowering import FLOATS, Emit, Name, lowers, scalar


@lowers("pool2d", pool2d_kernel, FLOATS)
def pool2d(emit: Emit, x: Any, kernel_size: Any, strides: list[int], paddings: list[int],
           ceil_mode: bool, exclusive: bool, data_format: str, pooling_type: str,
           global_pooling: bool, adaptive: bool, padding_algorithm: str,
           out: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    sizes = Name(f"{emit.value(kernel_size, 'kernel_size')}.get_data()")
    whole = emit.call(pool_funcs.pool2d, emit.xp, xn, sizes, emit.value(strides, "strides"),
                      emit.value(paddings, "paddings"), ceil_mode, exclusive, data_format,
                      pooling_type, global_pooling, adaptive, padding_algorithm, on,
                      emit.workspace)
    xa, oa = emit.buffer(xn), emit.buffer(on)
    if pooling_type != "max" or getattr(kernel_size, "from_tensor", True) or not xa.size \
            or oa.dtype != compute_dtype(xa.dtype) or not oa.flags.c_contiguous:
        return [whole]
    lay = nd_funcs.pool_layout(
        tuple(xa.shape), tuple(oa.shape), pool_funcs.is_channel_last(data_format),
        tuple(kernel_size.get_data()), tuple(strides), tuple(paddings), bool(global_pooling),
        bool(adaptive), padding_algorithm, pooling_type, bool(exclusive), "pool2d")
    fold = lay.fold
    if fold is None or fold.whole:
        return [whole]
    fill = nd_funcs.max_floor(xa.dtype)
    xp, lines, base, padded = emit.xp, [], xn, xa
    if any(fold.fit):
        shape = list(xa.shape)
        inner = [slice(None)] * xa.ndim
        for i, ax in enumerate(fold.axes):
            lo = fold.fit[2 * i]
            shape[ax] += lo + fold.fit[2 * i + 1]
            inner[ax] = slice(lo, lo + xa.shape[ax])
        key = ("pool.pad", tuple(shape), fold.fit, xa.dtype.str, float(fill))
        base = emit.shared(key, lambda: np.full(shape, fill, xa.dtype), "pool_pad")
        padded = emit.buffer(base)
        lines.append(Name(f"{xp}.copyto({emit.view(base, padded[tuple(inner)], 'inner')}, "
                          f"{xn})"))
    taps = [emit.view(base, padded[tap], "tap") for tap in fold.taps]
    floor = scalar(emit, oa.dtype.type(fill), "floor")
    lines.append(Name(f"{xp}.maximum({floor}, {taps[0]}, out={on})"))
    lines += [Name(f"{xp}.maximum({on}, {tap}, out={on})") for tap in taps[1:]]
    lines += [Name(f"if {xp}.isnan({on}).any():"), Name(f"    {whole}")]
    return lines
