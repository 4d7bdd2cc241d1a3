"""`Tensor` and a small eager autograd tape over the generated API.

`Tensor` is what the generated API takes and returns: a DenseTensor (`impl`) with the
tape's state (`stop_gradient`, `grad`, the node that produced it).

Every API call whose inputs include a Tensor with `stop_gradient=False` records a
`GradNode`: the forward op, its attributes, its input Tensors (where gradients go) and
the forward values its backward.yaml entry reads. `backward` walks the nodes from the
seeds in reverse topological order and runs each node's backward op through the same
five-step API path, binding arguments the way backward.yaml names them: `out_grad` is
the gradient of forward output `out`, `x` a saved forward input or output, attributes
the forward's values (or the backward entry's defaults); output `x_grad` is the
gradient of forward input `x`. Gradients of one tensor are summed with the `add` kernel.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phi.api.call import run_op
from phi.common import DataType, Place
from phi.core.dense_tensor import DenseTensor, complex_grad_to_real
from phi.op_defs import OpDef, op_def

#: What an API function accepts for a Tensor argument.
TensorLike = Any


class Tensor:
    """A DenseTensor plus autograd state. `stop_gradient=False` makes a leaf whose `grad`
    the tape fills; results of recorded ops carry the node that made them."""

    __slots__ = ("grad", "impl", "producer", "stop_gradient")

    def __init__(self, value: TensorLike, stop_gradient: bool = True) -> None:
        if isinstance(value, Tensor):
            value = value.impl
        self.impl = value if isinstance(value, DenseTensor) else DenseTensor(
            np.asarray(value, order="C"))  # (ascontiguousarray would make a 0-D value [1])
        self.stop_gradient = stop_gradient
        self.grad: Tensor | None = None
        #: (node, output name, index in a list output or None) for a recorded result
        self.producer: tuple[GradNode, str, int | None] | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        return self.impl.dims

    @property
    def dtype(self) -> DataType:
        return self.impl.dtype

    @property
    def place(self) -> Place:
        return self.impl.place

    @property
    def is_leaf(self) -> bool:
        return self.producer is None

    def numpy(self) -> np.ndarray:
        """The values as a host NumPy array."""
        return self.impl.numpy()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        array = self.numpy()
        return array if dtype is None else array.astype(dtype)

    def backward(self, grad: TensorLike | None = None) -> None:
        """Differentiate this tensor (a scalar, or any shape with `grad` given) through the
        ops recorded since its leaves were made; leaves with stop_gradient=False get .grad."""
        backward([self], None if grad is None else [grad])

    def __repr__(self) -> str:
        return (f"Tensor(shape={list(self.shape)}, dtype={self.dtype.name}, "
                f"place={self.place}, stop_gradient={self.stop_gradient})")


def to_tensor(value: TensorLike, stop_gradient: bool = True) -> Tensor:
    """A Tensor over `value` (an array, DenseTensor or Tensor); a Tensor passes through."""
    if isinstance(value, Tensor):
        return value
    return Tensor(value, stop_gradient)


GRAD = "_grad"
_state = {"enabled": True}

Slot = Tensor | list[Tensor] | None
Value = DenseTensor | list[DenseTensor] | None


class AutogradError(RuntimeError):
    """The tape cannot differentiate what was asked (an op without a backward entry)."""


@contextlib.contextmanager
def no_grad() -> Iterator[None]:
    """Run API calls without recording them."""
    before = _state["enabled"]
    _state["enabled"] = False
    try:
        yield
    finally:
        _state["enabled"] = before


def grad_enabled() -> bool:
    return _state["enabled"]


@dataclass(eq=False)
class GradNode:
    """One recorded forward op."""

    op: OpDef
    attrs: dict[str, Any]
    inputs: dict[str, Slot]
    #: forward inputs and outputs the backward op reads, by name
    saved: dict[str, Value] = field(default_factory=dict)
    #: forward outputs: a DenseTensor (or list) whose meta shapes a missing gradient
    outputs: dict[str, Value] = field(default_factory=dict)


def _needs_grad(slot: Slot) -> bool:
    items = slot if isinstance(slot, list) else [slot]
    return any(t is not None and not t.stop_gradient for t in items)


def _differentiable(value: DenseTensor) -> bool:
    """A float or complex output the kernel wrote (an optional output it left unwritten,
    such as batch_norm's reserve_space, has no dtype to differentiate)."""
    return value.initialized() and value.dtype.to_numpy().kind in "fc"


def record(op: OpDef, attrs: dict[str, Any], inputs: dict[str, Slot],
           values: dict[str, Value], outputs: dict[str, Value]) -> dict[str, Slot]:
    """Wrap `outputs` as Tensors; when grad is enabled and an input needs a gradient,
    they become the results of a new node."""
    node = None
    if grad_enabled() and any(_needs_grad(s) for s in inputs.values()):
        node = GradNode(op, attrs, inputs, outputs=outputs)
        if op.backward is not None:
            reads = {a.name for a in op_def(op.backward).inputs}
            node.saved = {n: v for n, v in (*values.items(), *outputs.items()) if n in reads}
    wrapped: dict[str, Slot] = {}
    for name, value in outputs.items():
        if isinstance(value, list):
            wrapped[name] = [_result(v, node, name, i) for i, v in enumerate(value)]
        else:
            wrapped[name] = None if value is None else _result(value, node, name, None)
    return wrapped


def _written(value: Value, optional: bool) -> Value:
    """A saved forward value for a backward argument: None for an optional one the forward
    kernel left unwritten (batch_norm's saved statistics with global statistics, its
    reserve_space); a required one left without memory is passed as its meta (XShape:
    dims only, as Paddle leaves it)."""
    unwritten = isinstance(value, DenseTensor) and not value.initialized()
    return None if unwritten and optional else value


def _result(value: DenseTensor, node: GradNode | None, name: str, index: int | None) -> Tensor:
    tensor = Tensor(value)
    if node is not None and _differentiable(value):
        tensor.stop_gradient = False
        tensor.producer = (node, name, index)
    return tensor


def _add(a: DenseTensor | None, b: DenseTensor) -> DenseTensor:
    return b if a is None else run_op(op_def("add"), {"x": a, "y": b}, {})[0]  # type: ignore[return-value]


def _zeros_like(value: DenseTensor) -> DenseTensor:
    return DenseTensor(np.zeros(value.dims, value.dtype.to_numpy()))


def _grad_or_zeros(grads: dict[tuple[str, int | None], DenseTensor], name: str,
                   index: int | None, output: DenseTensor) -> DenseTensor:
    """The gradient reaching a forward output, or zeros shaped like it (none reached it)."""
    grad = grads.get((name, index))
    return _zeros_like(output) if grad is None else grad


def _order(seeds: Sequence[Tensor]) -> list[GradNode]:
    """Nodes reachable from the seeds, each after every node that consumes its outputs."""
    post: list[GradNode] = []
    seen: set[int] = set()
    stack: list[tuple[GradNode, bool]] = [(t.producer[0], False) for t in seeds if t.producer]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            post.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for slot in node.inputs.values():
            for t in slot if isinstance(slot, list) else [slot]:
                if t is not None and t.producer is not None and id(t.producer[0]) not in seen:
                    stack.append((t.producer[0], False))
    return post[::-1]


def backward(tensors: Sequence[Tensor], grads: Sequence[TensorLike | None] | None = None) -> None:
    """Accumulate d(sum of tensors[i] * grads[i]) / d leaf into every reachable leaf's
    `.grad` (a missing grad means ones: the tensor itself is differentiated)."""
    pending: dict[int, dict[tuple[str, int | None], DenseTensor]] = {}

    def route(tensor: Tensor | None, grad: DenseTensor | None) -> None:
        if tensor is None or grad is None or tensor.stop_gradient:
            return
        if grad.dtype.is_complex and not tensor.dtype.is_complex:  # its real part (Paddle)
            grad = DenseTensor(grad.data)
            complex_grad_to_real(grad, tensor.dtype)
        if tensor.producer is None:
            tensor.grad = Tensor(_add(None if tensor.grad is None else tensor.grad.impl, grad))
            return
        node, name, index = tensor.producer
        into = pending.setdefault(id(node), {})
        into[name, index] = _add(into.get((name, index)), grad)

    for i, tensor in enumerate(tensors):
        given = None if grads is None else grads[i]
        seed = (to_tensor(given).impl if given is not None else
                DenseTensor(np.ones(tensor.shape, tensor.dtype.to_numpy())))
        if tuple(seed.dims) != tuple(tensor.shape):
            raise AutogradError(f"backward: grad {i} has shape {list(seed.dims)}, the tensor "
                                f"{list(tensor.shape)}")
        route(tensor, seed)
    for node in _order([t for t in tensors if not t.stop_gradient]):
        grads_out = pending.pop(id(node), None)
        if grads_out:
            _run_backward(node, grads_out, route)


def _run_backward(node: GradNode, grads_out: dict[tuple[str, int | None], DenseTensor],
                  route: Any) -> None:
    if node.op.backward is None:
        raise AutogradError(f"op '{node.op.name}' has no backward entry in backward.yaml; "
                            "a gradient cannot flow through it")
    back = op_def(node.op.backward)
    values: dict[str, Value] = {}
    for arg in back.inputs:
        stem = arg.name[: -len(GRAD)] if arg.name.endswith(GRAD) else None
        if stem is not None and stem in node.outputs:
            out = node.outputs[stem]
            if isinstance(out, list):
                values[arg.name] = [_grad_or_zeros(grads_out, stem, i, o)
                                    for i, o in enumerate(out)]
            else:
                values[arg.name] = (None if out is None
                                    else _grad_or_zeros(grads_out, stem, None, out))
        elif arg.name in node.saved:
            values[arg.name] = _written(node.saved[arg.name], arg.optional)
        elif arg.optional:
            values[arg.name] = None
        else:
            raise AutogradError(f"{back.name}: argument '{arg.name}' is neither a forward "
                                f"input or output of {node.op.name} nor a gradient of one")
    attrs: dict[str, Any] = {}
    for arg in back.attrs:
        if arg.name in node.attrs:
            attrs[arg.name] = node.attrs[arg.name]
        elif arg.has_default:
            attrs[arg.name] = list(arg.default) if isinstance(arg.default, tuple) else arg.default
        else:
            raise AutogradError(f"{back.name}: attribute '{arg.name}' is not an attribute of "
                                f"{node.op.name} and has no default")
    skip = frozenset(o.name for o in back.outputs
                     if o.optional and not _needs_grad(node.inputs.get(o.name[: -len(GRAD)])))
    results = run_op(back, values, attrs, skip=skip)
    for out_def, result in zip(back.outputs, results):
        slot = node.inputs.get(out_def.name[: -len(GRAD)])
        if isinstance(slot, list):
            for tensor, grad in zip(slot, result or []):  # type: ignore[arg-type]
                route(tensor, grad)
        else:
            route(slot, result)
