"""Lowerings of the element-wise add / subtract / multiply / divide kernels on floats: NumPy
broadcasting (`add`, ...) and fluid's axis alignment (`add_raw`, ...). The operands are
aligned once (`aligned_views`, as the funcs align them every call), then `ufunc_into`
computes, as the funcs do for floats."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast
from phi.lowering import FLOATS, Emit, NotLowerableError, TableKernel, lowers


def _statements(emit: Emit, ufunc: Any, x: Any, y: Any, axis: int, out: Any) -> list[str]:
    xn, yn = emit.array(x), emit.array(y)
    on = emit.output(out, x.dtype)
    xa, ya = emit.buffer(xn), emit.buffer(yn)
    if "c" in (xa.dtype.kind, ya.dtype.kind):
        raise NotLowerableError("elementwise: a complex operand (the kernel refuses it)")
    a, b = ew_funcs.aligned_views(xa, ya, axis)
    return [emit.call(ew_funcs.ufunc_into, emit.xp, emit.value(ufunc, f"np_{ufunc.__name__}"),
                      emit.view(xn, a, "a"), emit.view(yn, b, "b"), on)]


def _binary(name: str, func: Any, ufunc: Any) -> None:
    @lowers(name, TableKernel(binary_broadcast, func), FLOATS)
    def broadcast(emit: Emit, x: Any, y: Any, out: Any) -> list[str]:
        return _statements(emit, ufunc, x, y, -1, out)

    @lowers(f"{name}_raw", TableKernel(binary_axis, func), FLOATS)
    def aligned(emit: Emit, x: Any, y: Any, axis: int, out: Any) -> list[str]:
        return _statements(emit, ufunc, x, y, axis, out)


for _name in ("add", "subtract", "multiply", "divide"):
    _binary(_name, getattr(ew_funcs, _name), getattr(np, _name))
