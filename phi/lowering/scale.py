"""Lowering of scale: the Scalars' values are read on every run, as the kernel reads them."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import scale as scale_funcs
from phi.kernels.impl.scale_kernel_impl import scale_kernel
from phi.lowering import FLOATS, Emit, Name, lowers


@lowers("scale", scale_kernel, FLOATS)
def scale(emit: Emit, x: Any, scale: Any, bias: Any, bias_after_scale: bool,
          out: Any) -> list[str]:
    s, b = emit.value(scale, "scale"), emit.value(bias, "bias")
    return [emit.call(scale_funcs.scale, emit.xp, emit.array(x), Name(f"{s}.value"),
                      Name(f"{b}.value"), bias_after_scale,
                      emit.output(out, x.dtype))]
