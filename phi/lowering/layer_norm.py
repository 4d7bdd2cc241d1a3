"""Lowering of layer_norm (Y, and Mean / Variance where the op has them)."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import layer_norm as ln_funcs
from phi.kernels.impl.layer_norm_kernel_impl import layer_norm_kernel
from phi.lowering import FLOATS, Emit, lowers


@lowers("layer_norm", layer_norm_kernel, FLOATS)
def layer_norm(emit: Emit, x: Any, scale: Any, bias: Any, epsilon: float,
               begin_norm_axis: int, out: Any, mean: Any, variance: Any) -> list[str]:
    stats = ln_funcs.stats_dtype(x.dtype)
    return [emit.call(ln_funcs.layer_norm, emit.xp, emit.array(x), emit.optional(scale),
                      emit.optional(bias), epsilon, begin_norm_axis,
                      emit.output(out, x.dtype),
                      None if mean is None else emit.output(mean, stats),
                      None if variance is None else emit.output(variance, stats))]
