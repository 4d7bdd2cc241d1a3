"""`call`: run one PHI kernel by name with named arguments (what every generated API
function does, phi_design.md 2.3.3).

The op model (ops.yaml / backward.yaml) gives the argument order; the kernel is selected
from the backend, layout and dtype of the first tensor input (or an explicit `dtype`
attribute for creation ops, or `key=`); inputs on another device are moved, in another
dtype cast, to what the kernel's argument definitions want (integer and bool inputs beside
a float / complex kernel dtype, the ids and indices, are taken in their own dtype);
InferMeta sets the outputs' meta; outputs are allocated by the kernel through its device
context.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import numpy as np

from phi.common import Backend, DataLayout, DataType, Place
from phi.core.attribute_coerce import coerce_attribute
from phi.core.bound_kernel import BoundKernel, run_bound
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool
from phi.core.errors import refuse_complex_to_real
from phi.core.infermeta_utils import INFER_METAS, InferMetaPlan
from phi.core.kernel_context import KernelContext
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_key import KernelKey
from phi.op_defs import OpDef, op_def_of_kernel


def _tensor(value: Any) -> DenseTensor | None:
    if value is None or isinstance(value, DenseTensor):
        return value
    return DenseTensor(np.ascontiguousarray(value))


def kernel_key_for(op: OpDef, inputs: dict[str, Any], attrs: dict[str, Any]) -> KernelKey:
    """(backend, layout, dtype) from the input `kernel : data_type` names (its complex
    type for `complex(arg)`), else the first tensor input, else a `dtype` attribute."""
    chosen = [a for a in op.inputs if a.name == op.kernel.data_type_arg]
    for arg in chosen or op.inputs:
        value = inputs.get(arg.name)
        first = value[0] if isinstance(value, list) and value else value
        if isinstance(first, DenseTensor) and first.initialized():
            dtype = first.dtype
            if chosen and op.kernel.complex_data_type:
                dtype = dtype.to_complex
            return KernelKey(first.place.to_backend(), DataLayout.ALL_LAYOUT, dtype)
    dtype = attrs.get("dtype")
    return KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT,
                     dtype if isinstance(dtype, DataType) else DataType.FLOAT32)


def _is_ids(tensor: DenseTensor, key: KernelKey) -> bool:
    """An integer or bool input beside a float / complex kernel dtype: ids, indices, labels,
    a condition (embedding's x, gather's index, where's condition). The kernel's dtype is
    its data input's; such an input is taken in its own dtype (as Paddle's API, which casts
    no integer input to a complex kernel type), never cast: an int64 index cast to float32
    loses ids past 2**24, and to complex64 has no meaning."""
    own = tensor.dtype
    return (own.is_integer or own is DataType.BOOL) and (key.dtype.is_floating
                                                         or key.dtype.is_complex)


def _moved(tensor: DenseTensor, key: KernelKey, kernel: str, arg: str) -> DenseTensor:
    """`tensor` on the kernel's place, in its dtype (the data transform of the API); a
    complex tensor is never cast to a real dtype (that would drop its imaginary part), an
    integer or bool one never to a float / complex dtype (`_is_ids`)."""
    refuse_complex_to_real(f"{kernel}: input '{arg}'", tensor.dtype, key.dtype)
    if not tensor.initialized():  # dims only (XShape, as Paddle leaves it): nothing to move
        return tensor
    if _is_ids(tensor, key):
        key = key.with_(dtype=DataType.ALL_DTYPE)
    pool = DeviceContextPool.instance()
    place = Place.from_backend(key.backend)
    data = tensor.data
    if tensor.place != place:
        data = (pool.get(tensor.place).to_host(data) if place.is_cpu
                else pool.get(place).to_device(data))
    if key.dtype not in (DataType.ALL_DTYPE, tensor.dtype):
        data = data.astype(key.dtype.to_numpy())
    if data is tensor.data:
        return tensor
    return DenseTensor(data, layout=tensor.layout, lod=tensor.lod, place=place)


def run_op(op: OpDef, inputs: dict[str, Any], attrs: dict[str, Any], *,
           skip: frozenset[str] = frozenset(), key: KernelKey | None = None
           ) -> tuple[DenseTensor | list[DenseTensor] | None, ...]:
    """The five steps of a generated API function for `op`: kernel selection from the
    inputs (or `key`), data transform of the inputs, output allocation, InferMeta, kernel
    call. `inputs` maps tensor argument names to DenseTensors (lists for Tensor[]) or None;
    `attrs` every attribute by name. Outputs named in `skip` are not computed (None)."""
    kernel_name = op.kernel.func[0]
    key = key or kernel_key_for(op, inputs, attrs)
    kernel = KERNELS.select_kernel(kernel_name, key)
    args_def = kernel.args_def
    values = {a.name: coerce_attribute(attrs[a.name], a.type) for a in args_def.attributes}
    in_values = []
    for arg in args_def.inputs:
        value = inputs[arg.name]
        wanted = key if arg.dtype is DataType.UNDEFINED else key.with_(dtype=arg.dtype)
        if arg.backend is Backend.ALL_BACKEND:
            in_values.append(value)
        elif isinstance(value, list):
            in_values.append([_moved(t, wanted, kernel_name, arg.name) for t in value])
        else:
            in_values.append(None if value is None
                             else _moved(value, wanted, kernel_name, arg.name))
    outputs: list[DenseTensor | list[DenseTensor] | None] = []
    for arg, out in zip(args_def.outputs, op.outputs):
        if out.name in skip:
            outputs.append(None)
        elif arg.kind.is_list:
            count = out.count({**attrs, **inputs})
            outputs.append([DenseTensor() for _ in range(count)])
        else:
            outputs.append(DenseTensor())
    place = (Place.from_backend(kernel.key.backend)
             if kernel.key.backend is not Backend.ALL_BACKEND else Place())
    ctx = KernelContext(DeviceContextPool.instance().get(place), in_values,
                        [values[a.name] for a in args_def.attributes], outputs)
    binding = INFER_METAS.get(kernel_name)
    infer = partial(InferMetaPlan(binding, args_def), ctx) if binding is not None else _nothing
    run_bound(kernel_name, _ApiKernel(kernel.name, str(kernel.key), place),
              BoundKernel(infer, partial(kernel, ctx)))
    return tuple(outputs)



def _nothing() -> None:
    return None


@dataclass(frozen=True)
class _ApiKernel:
    """The facts kernel observers get of a kernel `call` runs."""

    kernel_name: str
    key_text: str
    place: Place
    path: str = "api"


def call(kernel_name: str, *, key: KernelKey | None = None, **named: Any
         ) -> tuple[DenseTensor | list[DenseTensor] | None, ...]:
    """Run PHI kernel `kernel_name`; arguments by their ops.yaml names (arrays or
    DenseTensors for tensors; attributes as the kernel takes them, defaults filled in).
    Returns the outputs in ops.yaml order (None for an optional output not asked for:
    pass `<name>=False` to skip one)."""
    op = op_def_of_kernel(kernel_name)
    if op is None:
        raise LookupError(f"no ops.yaml / backward.yaml entry declares PHI kernel "
                          f"'{kernel_name}'")
    unknown = set(named) - {a.name for a in op.args} - {o.name for o in op.outputs}
    if unknown:
        raise TypeError(f"{kernel_name}: unknown argument(s) {sorted(unknown)}")
    inputs = {a.name: ([_tensor(v) for v in named[a.name]] if isinstance(named.get(a.name), list)
                       else _tensor(named.get(a.name))) for a in op.inputs}
    attrs = {}
    for a in op.attrs:
        if a.name in named:
            attrs[a.name] = named[a.name]
        elif a.has_default:
            attrs[a.name] = list(a.default) if isinstance(a.default, tuple) else a.default
        else:
            raise TypeError(f"{kernel_name}: attribute '{a.name}' has no default; give it")
    if op.kernel.func[0] != kernel_name:
        op = replace(op, kernel=replace(op.kernel, func=(kernel_name,)))
    skip = frozenset(o.name for o in op.outputs if named.get(o.name) is False)
    return run_op(op, inputs, attrs, skip=skip, key=key)
