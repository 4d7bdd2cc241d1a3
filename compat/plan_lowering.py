"""Lowered steps: a plan's kernel calls written as the kernels' NumPy math on bound buffers.

`compat.plan_codegen` asks `lower_step` for each kernel step of a plan that may lower
(`may_lower`): when the step's kernel has a lowering (`phi.lowering`) for exactly the
function the step calls, on a dtype the lowering declares, on the CPU (the plain kernel,
not a library's), in a static step (not `bound.dynamic`), the lowering writes its
statements on the step's ndarrays, which become globals of the generated function
(`Binder`): the inputs' buffers as they are now, each output's own buffer (one a kernel
call would reuse: owned by the tensor, of its dims and of the dtype the kernel
allocates). Otherwise the step calls its kernel as before.

The buffers are bound once; the generated function checks at its start that every
tensor still holds the buffer bound for it (`Binder.guard`: all but the plan's own
intermediates the lowered steps write, which only kernel calls can move), and after every
step that calls its kernel that its outputs do; when one does not, or a step's outputs
change dims, the rest of the run calls the kernels (each lowered step is emitted with its
kernel call as the other branch), the function returns True and the plan compiles its
code again. After an observed run (kernel calls throughout) the code is compiled again
when any buffer moved (`Binder.moved`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

import numpy as np

from phi.core.dense_tensor import DenseTensor
from phi.lowering import Name, NotLowerableError, lowering_for

#: Array modules a lowered step may run on: the CPU's.
_HOST_XP = (np,)


def literal(value: Any) -> str | None:
    """`value` as source text when its repr reads back as the very same value."""
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    if type(value) is float and np.isfinite(value):
        return repr(value)
    return None


class Binder:
    """The buffers and constants the lowered steps of one plan name (see the module doc);
    `names` is the generated function's globals."""

    def __init__(self, names: dict[str, Any], private: Collection[int] = ()) -> None:
        """`private`: the ids of the tensors only the plan's steps write (its own scope's)."""
        self.names = names
        self.private = private
        self.buffers: dict[int, tuple[Name, DenseTensor]] = {}  # id(tensor) -> (name, tensor)
        self.written: set[int] = set()  # the ids of the lowered steps' outputs
        self._by_object: dict[int, Name] = {}  # id(constant) -> its name
        self.shared: dict[Any, Name] = {}  # `StepEmitter.shared`'s constants by key

    def guard(self) -> list[str]:
        """Statements setting `slow` when a tensor no longer holds its bound buffer. A
        private tensor a lowered step writes is not checked: only a run that calls kernels
        can move its buffer, and such a run (`slow`, or observed and `moved`) has the code
        compiled again."""
        checks = [f"{name} is T{name}._holder" for key, (name, _) in self.buffers.items()
                  if key not in self.private or key not in self.written]
        lines = ["slow = False"]
        for i in range(0, len(checks), 8):
            lines.append(f"if not ({' and '.join(checks[i:i + 8])}): slow = True")
        return lines

    def moved(self) -> bool:
        """Whether any tensor holds another buffer than the one bound for it."""
        return any(self.names[name] is not t._holder for name, t in self.buffers.values())

    def bound_outputs(self, tensors: list[DenseTensor]) -> list[Name]:
        """The names bound for those of `tensors` a lowered step uses."""
        return [self.buffers[id(t)][0] for t in tensors if id(t) in self.buffers]


class StepEmitter:
    """The `phi.lowering.Emit` of one step: names are added to its binder only when the
    whole step lowers (`commit`)."""

    xp = Name("np")
    fed = Name("fed")  # the generated function's parameter (`compat.direct_run`)

    def __init__(self, binder: Binder, k: int, dev_ctx: Any) -> None:
        self.binder, self.k = binder, k
        self.names: dict[str, Any] = {"np": np}
        self.buffers: dict[int, tuple[Name, DenseTensor]] = {}
        self.inputs: set[int] = set()
        self.outputs: set[int] = set()
        self._constants = 0
        self._shared: dict[Any, Name] = {}
        self.workspace = self.value(dev_ctx.workspace, "workspace")

    def _buffer(self, tensor: Any) -> Name:
        if not isinstance(tensor, DenseTensor) or type(tensor._holder) is not np.ndarray:
            raise NotLowerableError("a tensor without a host buffer")
        found = self.binder.buffers.get(id(tensor)) or self.buffers.get(id(tensor))
        if found is not None:
            return found[0]
        name = Name(f"b{len(self.binder.buffers) + len(self.buffers)}")
        self.buffers[id(tensor)] = (name, tensor)
        self.names[name], self.names[f"T{name}"] = tensor._holder, tensor
        return name

    def array(self, tensor: Any) -> Name:
        if id(tensor) in self.outputs:
            raise NotLowerableError("an input that is also an output (in place)")
        self.inputs.add(id(tensor))
        return self._buffer(tensor)

    def optional(self, tensor: Any | None) -> Name | None:
        return None if tensor is None else self.array(tensor)

    def output(self, tensor: Any, dtype: Any) -> Name:
        if id(tensor) in self.inputs or id(tensor) in self.outputs:
            raise NotLowerableError("an output that is also an input or written twice")
        holder = getattr(tensor, "_holder", None)
        if not isinstance(tensor, DenseTensor) or type(holder) is not np.ndarray \
                or not tensor._owned or holder.shape != tensor.meta.dims \
                or holder.dtype != dtype.to_numpy():
            raise NotLowerableError("an output without a buffer of its own a kernel would reuse")
        self.outputs.add(id(tensor))
        return self._buffer(tensor)

    def value(self, value: Any, hint: str) -> Name:
        text = literal(value)
        if text is not None:
            return Name(text)
        found = self.binder._by_object.get(id(value))
        if found is not None and self.binder.names.get(found) is value:
            return found
        label = "".join(c if c.isalnum() else "_" for c in hint)
        name = Name(f"{label}_{self.k}_{self._constants}")
        self._constants += 1
        self.names[name] = value
        return name

    def call(self, fn: Any, *args: Any) -> Name:
        label = "".join(c if c.isalnum() or c == "_" else "_" for c in
                        getattr(fn, "__name__", "fn"))
        name = Name(f"L_{label}")
        known = self.binder.names.get(name, self.names.get(name))
        if known is not None and known is not fn:
            name = self.value(fn, f"L_{label}")
        self.names[name] = fn
        rendered = [a if isinstance(a, Name) else
                    "None" if a is None else self.value(a, "c") for a in args]
        return Name(f"{name}({', '.join(rendered)})")

    def buffer(self, name: Name) -> Any:
        return self.names.get(name, self.binder.names.get(name))

    def shared(self, key: Any, make: Callable[[], Any], hint: str) -> Name:
        found = self.binder.shared.get(key) or self._shared.get(key)
        if found is None:
            found = self._shared[key] = self.value(make(), hint)
        return found

    def view(self, base: Name, view: Any, hint: str) -> Name:
        array = self.buffer(base)
        if view is array:
            return base
        if type(view) is not np.ndarray or (array.size and not np.shares_memory(view, array)):
            raise NotLowerableError("a view that is a copy")
        label = "".join(c if c.isalnum() else "_" for c in hint)
        name = Name(f"{label}_{self.k}_{self._constants}")
        self._constants += 1
        self.names[name] = view
        return name

    def commit(self) -> None:
        self.binder.names.update(self.names)
        self.binder.buffers.update(self.buffers)
        self.binder.written.update(self.outputs)
        self.binder.shared.update(self._shared)
        for name, value in self.names.items():
            self.binder._by_object.setdefault(id(value), Name(name))


def _dtype_of(step: Any, args: tuple[Any, ...]) -> Any:
    """The dtype a lowering's `dtypes` are about: the step's first output's, else its
    first tensor input's."""
    if step.outputs:
        return step.outputs[0][0].dtype
    return next((a.dtype for a in args if isinstance(a, DenseTensor)), None)


def lower_step(k: int, step: Any, binder: Binder) -> list[str] | None:
    """The lowered statements of kernel step `k`, or None when it calls its kernel (see the
    module doc)."""
    bound, choice = step.bound, step.choice
    compute = bound.compute
    if bound.dynamic or not isinstance(compute, partial) or compute.keywords \
            or not compute.args or not choice.place.is_cpu \
            or getattr(compute.args[0], "xp", None) not in _HOST_XP:
        return None
    lowering = lowering_for(choice.kernel_name, compute.func)
    args = compute.args[1:]
    if lowering is None or _dtype_of(step, args) not in lowering.dtypes:
        return None
    emitter = StepEmitter(binder, k, compute.args[0])
    try:
        lines = lowering.emit(emitter, *args)
    except NotLowerableError:
        return None
    emitter.commit()
    return lines
