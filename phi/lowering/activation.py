"""Lowerings of the activations plans meet most: relu, tanh, sigmoid (kernel-table rows
of the same-dtype template) and gelu."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import gelu as gelu_funcs
from phi.kernels.impl.elementwise_templates import same_dtype
from phi.kernels.impl.gelu_kernel_impl import gelu_kernel
from phi.lowering import FLOATS, Emit, TableKernel, lowers


def _unary(name: str, func: Any) -> None:
    @lowers(name, TableKernel(same_dtype, func), FLOATS)
    def lower(emit: Emit, x: Any, out: Any) -> list[str]:
        return [emit.call(func, emit.xp, emit.array(x), emit.output(out, x.dtype))]


for _name, _func in (("relu", act_funcs.relu), ("tanh", act_funcs.tanh),
                     ("sigmoid", act_funcs.sigmoid)):
    _unary(_name, _func)


@lowers("gelu", gelu_kernel, FLOATS)
def gelu(emit: Emit, x: Any, approximate: bool, out: Any) -> list[str]:
    return [emit.call(gelu_funcs.gelu, emit.xp, emit.array(x), approximate,
                      emit.output(out, x.dtype))]
