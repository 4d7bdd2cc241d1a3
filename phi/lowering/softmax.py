"""Lowering of softmax: when the kernel would compute in Out itself (x of the working
dtype, not empty), the rows are viewed once (`row_operands`) and `finite_softmax`'s calls
are written out on them, with the row maxima and sums in buffers of the step's own (and
read as 0-d views where there is one row, `operand`; the floor a 0-d array, `scalar`);
a non-finite maximum leaves Out to the whole funcs softmax, as the funcs do. One row's
maximum is checked as a Python float (`item`, exact): the same test as `isfinite().all()`."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.funcs.common import compute_dtype
from phi.kernels.impl.softmax_kernel_impl import softmax_kernel
from phi.lowering import FLOATS, Emit, Name, NotLowerableError, lowers, operand, scalar


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
    rn, orn = emit.view(xn, rows, "rows"), emit.view(on, out_rows, "out_rows")
    kept = list(rows.shape)
    kept[row_axis] = 1
    top, total = np.empty(kept, xa.dtype), np.empty(kept, xa.dtype)  # the step's own
    tn, sn = emit.value(top, "top"), emit.value(total, "total")
    if top.size == 1:
        finite = Name(f"{emit.value(math.isfinite, 'isfinite')}({tn}.item())")
    else:
        finite = Name(f"{emit.xp}.isfinite({tn}).all()")
    t_op = operand(emit, tn, top, rows.shape, "top_op")
    s_op = operand(emit, sn, total, rows.shape, "total_op")
    floor = scalar(emit, xa.dtype.type(softmax_funcs.SHIFT_FLOOR), "floor")
    xp = emit.xp
    return [Name(f"{emit.value(np.maximum.reduce, 'max_reduce')}({rn}, {row_axis}, None, "
                 f"{tn}, True)"),
            Name(f"if not {finite}:"), Name(f"    {whole}"), Name("else:"),
            Name(f"    {xp}.subtract({rn}, {t_op}, out={orn})"),
            Name(f"    {xp}.maximum({orn}, {floor}, out={orn})"),
            Name(f"    {xp}.exp({orn}, out={orn})"),
            Name(f"    {emit.value(np.add.reduce, 'sum_reduce')}({orn}, {row_axis}, None, "
                 f"{sn}, True)"),
            Name(f"    {xp}.divide({orn}, {s_op}, out={orn})")]
