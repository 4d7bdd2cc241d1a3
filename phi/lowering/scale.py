"""Lowering of scale: for attribute Scalars (fixed for the plan) on a type `scale` computes
without switching warnings off, the scalars are converted once (`scalar_to`) and `affine`
runs; otherwise the funcs' scale, reading the Scalars' values on every run as the kernel."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import scale as scale_funcs
from phi.kernels.impl.scale_kernel_impl import scale_kernel
from phi.lowering import FLOATS, Emit, Name, lowers


@lowers("scale", scale_kernel, FLOATS)
def scale(emit: Emit, x: Any, scale: Any, bias: Any, bias_after_scale: bool,
          out: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    dtype = emit.buffer(xn).dtype
    if scale.from_tensor or bias.from_tensor or not scale_funcs.quiet_free(dtype):
        s, b = emit.value(scale, "scale"), emit.value(bias, "bias")
        return [emit.call(scale_funcs.scale, emit.xp, xn, Name(f"{s}.value"),
                          Name(f"{b}.value"), bias_after_scale, on)]
    s = emit.value(scale_funcs.scalar_to(dtype, scale.value), "scale")
    b = emit.value(scale_funcs.scalar_to(dtype, bias.value), "bias")
    return [emit.call(scale_funcs.affine, emit.xp, xn, s, b, bias_after_scale, on)]
