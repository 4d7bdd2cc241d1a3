"""Lowering of softmax: when the kernel would compute in Out itself (x of the working
dtype, not empty), the rows are viewed once (`row_operands`) and `finite_softmax` runs on
them, falling back to the whole funcs softmax on a non-finite maximum, as the funcs do."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.funcs.common import compute_dtype
from phi.kernels.impl.softmax_kernel_impl import softmax_kernel
from phi.lowering import FLOATS, Emit, Name, NotLowerableError, lowers


@lowers("softmax", softmax_kernel, FLOATS)
def softmax(emit: Emit, x: Any, axis: int, out: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    whole = emit.call(softmax_funcs.softmax, emit.xp, xn, axis, on)
    xa, oa = emit.buffer(xn), emit.buffer(on)
    if xa.ndim == 0 or not xa.size or xa.dtype != compute_dtype(xa.dtype) \
            or oa.dtype != xa.dtype:
        return [whole]
    try:
        norm = softmax_funcs.normalize_axis(axis, xa.ndim)
    except ValueError as err:  # the kernel call raises it
        raise NotLowerableError(str(err)) from None
    rows, row_axis, out_rows = softmax_funcs.row_operands(xa, norm, oa)
    finite = emit.call(softmax_funcs.finite_softmax, emit.xp, emit.view(xn, rows, "rows"),
                       row_axis, emit.view(on, out_rows, "out_rows"))
    return [Name(f"{finite} or {whole}")]
