"""Lowerings: how a plan may write a PHI kernel's call as straight-line NumPy statements.

A plan compiled to code (`compat.plan_codegen`) calls each step's kernel wrapper, which
allocates its outputs through the device context and reads every input's `DenseTensor`
per run. For a static CPU step whose buffers keep their dims, the wrapper's work is the
same every run, so the plan may emit the kernel's math alone, on the step's ndarrays
bound once as globals of the generated function. A kernel says how, here: its lowering
is registered under its kernel name (as `phi.jit` registers compiled kernels under their
library), next to the kernel it stands for (`replaces`: the plain kernel function, or a
kernel table's (template, row function)); the plan lowers a step only when the step calls
exactly that function, on the declared dtypes.

A lowering is a function `(emit, *kernel arguments after dev_ctx) -> statements`. It asks
`emit` (an `Emit`) for the name of each buffer, view and constant and returns the
statements, or raises `NotLowerableError` (the plan then calls the kernel). The statements call
the functions of `phi.kernels.funcs` the kernel calls, with the same arrays (where a funcs
function reshapes or aligns its operands every call, the lowering makes those views once,
through the funcs' own helper, and calls the part that computes), or write those funcs'
NumPy calls out on the same arrays, in the same order (fc, softmax, conv, max pooling:
where a small model's time goes), passing scalars as 0-d arrays and operands that need no
broadcasting unbroadcast (`scalar`, `operand`), so the result is bit-identical to the
kernel's. The same ufunc on the same arrays: a lowering never gives NumPy other strides or
a contiguous copy to read instead, since NumPy's vector and strided loops need not agree
on the zero a +0 / -0 tie of `maximum` returns.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from phi.common import DataType
from phi.core.kernel_table import row_of

#: kernel name -> the module whose import registers its lowerings (imported on the first
#: look-up of that kernel, so a plan imports the lowerings, and kernels, it uses only)
LOWERING_MODULES = {
    **dict.fromkeys(("relu", "tanh", "sigmoid", "gelu"), "phi.lowering.activation"),
    **{name: "phi.lowering.elementwise"
       for op in ("add", "subtract", "multiply", "divide") for name in (op, f"{op}_raw")},
    "embedding": "phi.lowering.embedding",
    "fc": "phi.lowering.fc",
    "feed": "phi.lowering.feed_fetch",
    "fetch": "phi.lowering.feed_fetch",
    "flatten": "phi.lowering.flatten",
    "flatten_with_xshape": "phi.lowering.flatten",
    "fused_conv2d_add_act": "phi.lowering.fused_conv2d_add_act",
    "layer_norm": "phi.lowering.layer_norm",
    "matmul": "phi.lowering.matmul",
    "pool2d": "phi.lowering.pool2d",
    "reshape": "phi.lowering.reshape",
    "scale": "phi.lowering.scale",
    "softmax": "phi.lowering.softmax",
    "transpose": "phi.lowering.transpose",
}

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class Name(str):
    """A name in the generated code (an `Emit` answer), as opposed to a constant."""


class NotLowerableError(Exception):
    """This call cannot be lowered (the message says why); the plan calls the kernel."""


class Emit(Protocol):
    """What a lowering asks of the plan writing its statements (`compat.plan_lowering`)."""

    xp: Name  # the array module's name (NumPy: lowered steps run on the CPU only)
    workspace: Name  # the step's device context's `workspace` (scratch buffers)
    #: the fed arrays of a direct run (`compat.direct_run`: host arrays of the planned
    #: dims and dtypes, C-contiguous, in feed column order), None in any other run
    fed: Name

    def array(self, tensor: Any) -> Name:
        """The name of an input's ndarray (raises `NotLowerableError` when it has none)."""

    def output(self, tensor: Any, dtype: DataType) -> Name:
        """The name of an output's ndarray, which the kernel would allocate with `dtype`:
        the tensor's own buffer, which a kernel call would reuse (else `NotLowerableError`)."""

    def value(self, value: Any, hint: str) -> Name:
        """A name (or literal) for a constant: a function, a view, an attribute."""

    def call(self, fn: Callable[..., Any], *args: Any) -> str:
        """`fn(args)`: arguments that are names (from `array`, `output`, `value`) as they
        are, None as None, anything else as a constant."""

    def optional(self, tensor: Any | None) -> Name | None:
        """`array(tensor)`, or None for an optional input left out."""

    def buffer(self, name: Name) -> Any:
        """The ndarray bound to `name` (from `array` or `output`)."""

    def view(self, base: Name, view: Any, hint: str) -> Name:
        """A name for `view`, a view of the buffer bound to `base` made once (raises
        `NotLowerableError` when it does not share the buffer's memory: a copy would go
        stale)."""

    def shared(self, key: Any, make: Callable[[], Any], hint: str) -> Name:
        """A constant of the plan's own, one per `key` for all its steps (made by `make()`
        for the first that asks): a padded buffer whose border steps never write, say."""


def operand(emit: Emit, base: Name, array: Any, shape: tuple[int, ...], hint: str) -> Name:
    """A name for what a ufunc writing an array of `shape` reads of `array` (a view of the
    buffer bound to `base`, broadcast against `shape`), without broadcasting where none is
    needed: one element as a 0-d view, as many elements as `shape` holds reshaped to it.
    Each element of the output pairs with the same element of `array` either way (NumPy
    broadcasts a 0-d array as it does a typed scalar), so the ufunc computes the same;
    NumPy only sets up the call faster (half the time for the small arrays of batch 1)."""
    if array.size == 1 and array.ndim:
        return emit.view(base, array.reshape(()), hint)
    size = 1
    for d in shape:
        size *= d
    if array.shape != shape and array.size == size and len(array.shape) <= len(shape):
        return emit.view(base, array.reshape(shape), hint)
    return emit.view(base, array, hint)


def scalar(emit: Emit, value: Any, hint: str) -> Name:
    """A NumPy scalar (a typed zero, a clip bound) as a 0-d array of its type: what NumPy
    makes of the scalar on every ufunc call, made once."""
    return emit.value(np.asarray(value), hint)


@dataclass(frozen=True)
class TableKernel:
    """A kernel made from a kernel table's row (`phi.core.kernel_table`)."""

    template: Callable[..., None]
    func: Callable[..., Any]


@dataclass(frozen=True)
class Lowering:
    kernel: str  # the kernel name it is registered under
    replaces: Callable[..., None] | TableKernel
    dtypes: frozenset[DataType]  # of the step's first output (else its first input)
    emit: Callable[..., list[str]]

    def matches(self, fn: Any) -> bool:
        """Whether `fn` (a bound step's kernel function) is the kernel this stands for."""
        if not isinstance(self.replaces, TableKernel):
            return fn is self.replaces
        found = row_of(fn)
        return found is not None and found[1] is self.replaces.template \
            and found[0].func is self.replaces.func


LOWERINGS: dict[str, list[Lowering]] = {}


def lowers(kernel: str, replaces: Callable[..., None] | TableKernel,
           dtypes: Iterable[DataType]) -> Callable[[Callable[..., list[str]]],
                                                   Callable[..., list[str]]]:
    """Register the decorated function as the lowering of `kernel` (see the module doc)."""

    def register(fn: Callable[..., list[str]]) -> Callable[..., list[str]]:
        LOWERINGS.setdefault(kernel, []).append(
            Lowering(kernel, replaces, frozenset(dtypes), fn))
        return fn

    return register


def lowering_for(kernel: str, fn: Any) -> Lowering | None:
    """The lowering of kernel `kernel` whose kernel function is `fn`, or None."""
    module = LOWERING_MODULES.get(kernel)
    if module is None:
        return None
    if kernel not in LOWERINGS:
        importlib.import_module(module)
    return next((lw for lw in LOWERINGS.get(kernel, ()) if lw.matches(fn)), None)


def lowered_kernels() -> Sequence[str]:
    """Every kernel name with a lowering (all lowering modules imported)."""
    for module in sorted(set(LOWERING_MODULES.values())):
        importlib.import_module(module)
    return sorted(LOWERINGS)
