"""Lowerings of the activations plans meet most: relu, tanh, sigmoid (kernel-table rows
of the same-dtype template) and gelu."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import gelu as gelu_funcs
from phi.kernels.impl.elementwise_templates import same_dtype
from phi.kernels.impl.gelu_kernel_impl import gelu_kernel
from phi.lowering import FLOATS, Emit, Name, TableKernel, lowers


def _unary(name: str, func: Any) -> None:
    @lowers(name, TableKernel(same_dtype, func), FLOATS)
    def lower(emit: Emit, x: Any, out: Any) -> list[str]:
        return [emit.call(func, emit.xp, emit.array(x), emit.output(out, x.dtype))]


for _name, _func in (("tanh", act_funcs.tanh), ("sigmoid", act_funcs.sigmoid)):
    _unary(_name, _func)


@lowers("relu", TableKernel(same_dtype, act_funcs.relu), FLOATS)
def relu(emit: Emit, x: Any, out: Any) -> list[str]:
    """relu's direct path (`relu_zero`: fmax with a typed zero, in Out) as one ufunc call."""
    xn, on = emit.array(x), emit.output(out, x.dtype)
    zero = act_funcs.relu_zero(emit.buffer(xn), emit.buffer(on))
    if zero is None:
        return [emit.call(act_funcs.relu, emit.xp, xn, on)]
    return [Name(f"np.fmax({xn}, {emit.value(zero, 'zero')}, out={on})")]


@lowers("gelu", gelu_kernel, FLOATS)
def gelu(emit: Emit, x: Any, approximate: bool, out: Any) -> list[str]:
    return [emit.call(gelu_funcs.gelu, emit.xp, emit.array(x), approximate,
                      emit.output(out, x.dtype))]
