"""Lowering of layer_norm (Y, and Mean / Variance where the op has them): the rows, the
scale / bias rows and the statistics' vectors viewed once (`layer_norm_operands`), then
`layer_norm_rows` computes, as the funcs do on every call."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import layer_norm as ln_funcs
from phi.kernels.impl.layer_norm_kernel_impl import layer_norm_kernel
from phi.lowering import FLOATS, Emit, Name, NotLowerableError, lowers


@lowers("layer_norm", layer_norm_kernel, FLOATS)
def layer_norm(emit: Emit, x: Any, scale: Any, bias: Any, epsilon: float,
               begin_norm_axis: int, out: Any, mean: Any, variance: Any) -> list[str]:
    stats = ln_funcs.stats_dtype(x.dtype)
    xn, sn, bn = emit.array(x), emit.optional(scale), emit.optional(bias)
    yn = emit.output(out, x.dtype)
    mn = None if mean is None else emit.output(mean, stats)
    vn = None if variance is None else emit.output(variance, stats)

    def buf(name: Name | None) -> Any:
        return None if name is None else emit.buffer(name)

    try:
        rows, scale_row, bias_row, eps, cdt, right, y_rows, mean_out, var_out = \
            ln_funcs.layer_norm_operands(np, buf(xn), buf(sn), buf(bn), epsilon,
                                         begin_norm_axis, buf(yn), buf(mn), buf(vn))
    except ValueError as err:  # the kernel call raises it
        raise NotLowerableError(str(err)) from None

    def view(base: Name | None, array: Any, hint: str) -> Name | None:
        return None if array is None else emit.view(base, array, hint)  # type: ignore[arg-type]

    return [emit.call(ln_funcs.layer_norm_rows, emit.xp, view(xn, rows, "rows"),
                      view(sn, scale_row, "scale_row"), view(bn, bias_row, "bias_row"),
                      emit.value(eps, "eps"), emit.value(cdt, "cdt"), right,
                      view(yn, y_rows, "y_rows"), view(mn, mean_out, "mean_out"),
                      view(vn, var_out, "var_out"), yn, mn, vn)]
