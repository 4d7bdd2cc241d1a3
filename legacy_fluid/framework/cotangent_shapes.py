"""A grad op's cotangents (`Out@GRAD`, `Output@GRAD`, `Loss@GRAD`, ...) must have the shape
of the forward outputs they belong to.

Paddle 3.3.1 checks nothing here: its grad kernels read a cotangent's buffer as if it had
the forward output's shape, so a smaller one reads past its end (garbage, a crash: conv2d_grad
SIGFPE, elementwise_add_grad heap corruption, relu_grad hangs), a bigger one is silently cut,
and one of as many elements in other dims computes on the elements in a meaningless order
(transpose2_grad even writes X@GRAD in the wrong dims). fluidphi refuses such a cotangent
before the kernel runs, naming the op, the slot, the variable and both shapes
(`CotangentShapeError`), on every path that binds a kernel (`kernel_run.bind_kernel`: the
executor, the dual dispatch, plans).

Accepted: the same elements in the same order, dims differing only by size-1 dims (a 0-d
loss's `[1]` cotangent, a reduction's keep_dim form): Paddle's flat read is then the
cotangent reshaped, and fluidphi's kernels compute the same.

The forward output's shape is the grad op's own input of that slot (`Out` beside
`Out@GRAD`) when it has one; else what the forward op's shape inference gives for the
grad op's inputs and attributes (conv2d_grad: conv2d's InferMeta of Input and Filter; X's
dims from XShape for the reshape2 family), when it can tell. It cannot when the forward
has an optional input the grad op does not declare (crop_tensor's Shape, reshape2's
ShapeTensor: the forward may have sized its output by it), when a shape has a -1 (a
data-dependent size) or when the inference fails; then the kernel gets the cotangent as
it is. A grad op whose kernel sizes its work by the cotangent's own dims, as Paddle's
does (expand's: `GradOp.COTANGENT_DIMS_AS_GIVEN`), is not checked.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from legacy_fluid.framework.execution_context import InferShapeContext, RuntimeContext
from legacy_fluid.framework.grad_names import GRAD_SUFFIX
from legacy_fluid.framework.op_interfaces import KernelOp
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.program_desc import OpDesc
from legacy_fluid.framework.scope import Variable
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.op_defs import op_compat_of

_GRAD_OP_SUFFIX = "_grad"


class CotangentShapeError(ValueError):
    """A grad op's cotangent input does not have its forward output's shape."""


def cotangent_slots(op: KernelOp) -> list[str]:
    """The op's input slots holding cotangents of forward outputs (`<Slot>@GRAD`)."""
    return [slot for slot in op.inputs if slot.endswith(GRAD_SUFFIX) and len(slot) > 5]


def _dims(var: Variable | None) -> tuple[int, ...] | None:
    value = None if var is None else var.value
    if isinstance(value, DenseTensor) and value.initialized():
        return tuple(value.dims)
    return None


def _squeezed(dims: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(d for d in dims if d != 1)


def forward_op_type(grad_op: str) -> str | None:
    """The registered forward op of `grad_op`: as op_compat.yaml pairs them
    (cross_entropy2 -> cross_entropy_grad2), else `grad_op` less its `_grad`."""
    entry = op_compat_of(grad_op)
    if entry is not None and any(b.legacy == grad_op for b in entry.backward):
        forward = entry.names.legacy
    elif grad_op.endswith(_GRAD_OP_SUFFIX):
        forward = grad_op[: -len(_GRAD_OP_SUFFIX)]
    else:
        return None
    return forward if OP_INFOS.has(forward) else None


def _x_from_xshape(op: KernelOp, runtime: RuntimeContext) -> Variable | None:
    """The forward input X's meta (dims, the cotangent's dtype) from the grad op's XShape,
    whose dims are [0, *X.dims] (the reshape2 / transpose2 / squeeze2 family keeps no X)."""
    xshape = runtime.inputs.get("XShape")
    meta = xshape[0].value if xshape and xshape[0] is not None else None
    if not isinstance(meta, DenseTensor) or meta.dtype is DataType.UNDEFINED \
            or len(meta.dims) < 1:
        return None
    dtype = next((v.value.dtype for slot in cotangent_slots(op)
                  for v in runtime.inputs.get(slot, ()) if _dims(v) is not None), None)
    if dtype is None:
        return None
    var = Variable("X@forward")
    var.value = DenseTensor(dtype=dtype, dims=tuple(meta.dims)[1:])
    return var


#: Per grad op, the last forward inference and the inputs' signature it was made for.
_INFERRED: WeakKeyDictionary[Any, tuple[tuple[Any, ...], dict[str, list[Any]]]] = \
    WeakKeyDictionary()
_VALUE_KEY_LIMIT = 64  # small integer inputs (sizes, shapes) are part of the signature


def _signature(runtime: RuntimeContext) -> tuple[Any, ...]:
    """What the forward inference reads of the grad op's inputs: dims, dtypes, LoDs, and
    the values of small integer tensors (a size or shape input)."""
    key: list[Any] = []
    for vars_ in runtime.inputs.values():
        for var in vars_:
            value = None if var is None else var.value
            if not isinstance(value, DenseTensor):
                key.append(type(value))
                continue
            meta = value.meta
            small = meta.dtype.is_integer and value.initialized() \
                and value.numel() <= _VALUE_KEY_LIMIT
            key.append((meta.dims, meta.dtype, tuple(map(tuple, meta.lod)),
                        value.numpy().tobytes() if small else None))
    return tuple(key)


def _forward_dims(op: KernelOp, runtime: RuntimeContext) -> dict[str, list[Any]]:
    """`_infer_forward_dims`, kept per op while its inputs' signature stays the same (the
    executor binds a grad op's kernel on every run)."""
    key = _signature(runtime)
    cached = _INFERRED.get(op)
    if cached is not None and cached[0] == key:
        return cached[1]
    result = _infer_forward_dims(op, runtime)
    _INFERRED[op] = (key, result)
    return result


def _infer_forward_dims(op: KernelOp, runtime: RuntimeContext) -> dict[str, list[Any]]:
    """Per forward output slot, the dims the forward op's shape inference gives for the grad
    op's inputs and attributes (None per item where it cannot tell); {} when it cannot run."""
    forward = forward_op_type(op.type)
    if forward is None:
        return {}
    proto = OP_INFOS.info(forward).proto
    declared = {v.name for v in OP_INFOS.info(op.type).proto.inputs}
    if any(v.dispensable and not v.extra and v.name not in declared for v in proto.inputs):
        return {}  # the forward may have read a size input the grad op never sees
    like = getattr(op, "FORWARD_INPUTS_LIKE", {})
    in_slots = {v.name: runtime.inputs[like.get(v.name, v.name)] for v in proto.inputs
                if runtime.inputs.get(like.get(v.name, v.name))}
    x_meta = _x_from_xshape(op, runtime)
    if "X" not in in_slots and proto.input("X") is not None and x_meta is not None:
        in_slots["X"] = [x_meta]
    if any(v.name not in in_slots for v in proto.inputs if not v.dispensable) \
            or any(var is None for vars_ in in_slots.values() for var in vars_):
        return {}
    outputs = {v.name: [Variable(f"{v.name}@forward")] for v in proto.outputs}
    attr_names = {a.name for a in proto.attrs}
    try:
        fwd = create_op(OpDesc(forward, {s: [v.name for v in vs] for s, vs in in_slots.items()},
                               {s: [v.name for v in vs] for s, vs in outputs.items()},
                               {k: v for k, v in op.attrs.items() if k in attr_names}))
        for vars_ in outputs.values():
            vars_[0].value = DenseTensor()
        fwd.infer_shape(InferShapeContext(fwd, RuntimeContext(in_slots, outputs)))
    except Exception:  # an inference that needs more than the grad op holds: cannot tell
        return {}
    result: dict[str, list[Any]] = {}
    for slot, vars_ in outputs.items():
        meta = vars_[0].value  # dims and dtype set, no data
        dims = tuple(meta.dims) if meta.dtype is not DataType.UNDEFINED else None
        result[slot] = [dims if dims is not None and all(d >= 0 for d in dims) else None]
    return result


def check_cotangent_shapes(op: KernelOp, runtime: RuntimeContext) -> None:
    """Raise CotangentShapeError for a cotangent whose dims differ from its forward
    output's (module docstring: what is accepted, where the forward shape comes from)."""
    if getattr(op, "COTANGENT_DIMS_AS_GIVEN", False):
        return
    inferred: dict[str, list[Any]] | None = None
    for slot in cotangent_slots(op):
        output = slot[: -len(GRAD_SUFFIX)]
        for i, var in enumerate(runtime.inputs.get(slot, ())):
            got = _dims(var)
            if got is None:
                continue
            like = getattr(op, "COTANGENT_LIKE", {}).get(slot, output)
            own = runtime.inputs.get(like)
            want = _dims(own[i]) if own and i < len(own) else None
            source = f"its input '{like}'"
            if want is None and own is None:
                if inferred is None:
                    inferred = _forward_dims(op, runtime)
                items = inferred.get(output, [])
                want = items[i] if i < len(items) else None
                source = f"{forward_op_type(op.type)}'s shape inference"
            if want is None or got == want or _squeezed(got) == _squeezed(want):
                continue
            raise CotangentShapeError(
                f"op '{op.type}': input '{slot}' (variable '{op.inputs[slot][i]}') has dims "
                f"{list(got)}, but the forward output '{output}' it is the gradient of has "
                f"dims {list(want)} ({source}); feed a cotangent of the forward output's "
                "shape")
