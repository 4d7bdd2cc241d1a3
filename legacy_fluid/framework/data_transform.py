"""Global data transforms between kernel types: layout, dtype, place.

Applied per input when the kernel type the variable is in differs from the
kernel type the chosen kernel expects; results live in a transfer scope.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from legacy_fluid.framework.op_kernel_type import OpKernelType
from phi.common import DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool
from phi.kernels.funcs.cast import cast

_TO_NHWC = {4: (0, 2, 3, 1), 5: (0, 2, 3, 4, 1)}
_TO_NCHW = {4: (0, 3, 1, 2), 5: (0, 4, 1, 2, 3)}
_CHANNEL_LAYOUTS = (DataLayout.NCHW, DataLayout.NHWC, DataLayout.NCDHW, DataLayout.NDHWC)


def need_layout_transform(src: DataLayout, dst: DataLayout) -> bool:
    return (
        src != dst
        and src is not DataLayout.ANY
        and dst is not DataLayout.ANY
        and src in _CHANNEL_LAYOUTS
        and dst in _CHANNEL_LAYOUTS
    )


def transform_layout(tensor: DenseTensor, dst: DataLayout) -> DenseTensor:
    """Transpose between channel-first and channel-last (4-D and 5-D)."""
    src = tensor.layout
    rank = len(tensor.dims)
    channels_last = dst in (DataLayout.NHWC, DataLayout.NDHWC)
    perms = _TO_NHWC if channels_last else _TO_NCHW
    if rank not in perms:
        raise ValueError(f"layout transform {src}->{dst} needs a 4-D or 5-D tensor, got {rank}-D")
    data = tensor.data
    xp = np if isinstance(data, np.ndarray) else _xp_of(tensor.place)
    out = DenseTensor(
        xp.ascontiguousarray(xp.transpose(data, perms[rank])),
        layout=dst,
        lod=tensor.lod,
        place=tensor.place,
    )
    return out


def transform_dtype(tensor: DenseTensor, dst: DataType) -> DenseTensor:
    """The tensor converted element by element as the cast op converts (one conversion
    rule for both, e.g. to a 16-bit float through float32)."""
    data = tensor.data
    xp = np if isinstance(data, np.ndarray) else _xp_of(tensor.place)
    out = xp.empty(data.shape, dst.to_numpy())
    cast(xp, data, out)
    return DenseTensor(out, layout=tensor.layout, lod=tensor.lod, place=tensor.place)


def transform_place(tensor: DenseTensor, dst: Place) -> DenseTensor:
    """Copy to `dst` with the devices' own copies: device -> host with the source's
    `to_host`, host -> device with the target's `to_device`, between two devices of
    different kinds through the host (devices of one kind copy directly)."""
    pool = DeviceContextPool.instance()
    data, src = tensor.data, tensor.place
    if src.is_cpu:
        moved = data.copy() if dst.is_cpu else pool.get(dst).to_device(data)
    elif dst.is_cpu:
        moved = pool.get(src).to_host(data)
    elif src.kind == dst.kind:
        moved = pool.get(dst).to_device(data)
    else:
        moved = pool.get(dst).to_device(pool.get(src).to_host(data))
    return DenseTensor(moved, layout=tensor.layout, lod=tensor.lod, place=dst)


def _xp_of(place: Place):
    return DeviceContextPool.instance().get(place).xp


@dataclass(frozen=True)
class AppliedTransform:
    """One transform applied to one input variable (shown in traces)."""

    var: str
    kind: str  # "layout" | "dtype" | "place"
    src: str
    dst: str

    def __str__(self) -> str:
        return f"{self.var}: {self.kind} {self.src}->{self.dst}"


def transform_kinds(expected: OpKernelType, actual: OpKernelType) -> tuple[str, ...]:
    """The transforms a tensor of kernel type `actual` needs for `expected`, in order:
    layout, then dtype, then place, as fluid orders them."""
    kinds = []
    if need_layout_transform(actual.data_layout, expected.data_layout):
        kinds.append("layout")
    if (
        actual.data_type != expected.data_type
        and expected.data_type is not DataType.UNDEFINED
        and actual.data_type is not DataType.UNDEFINED
    ):
        kinds.append("dtype")
    if actual.place != expected.place:
        kinds.append("place")
    return tuple(kinds)


def planned_transforms(name: str, expected: OpKernelType,
                       actual: OpKernelType) -> list[AppliedTransform]:
    """The transforms `transform_data` applies to variable `name` (described, not done)."""
    ends = {"layout": (actual.data_layout.name, expected.data_layout.name),
            "dtype": (str(actual.data_type), str(expected.data_type)),
            "place": (str(actual.place), str(expected.place))}
    return [AppliedTransform(name, kind, *ends[kind])
            for kind in transform_kinds(expected, actual)]


def transform_data(
    name: str, expected: OpKernelType, actual: OpKernelType, tensor: DenseTensor
) -> tuple[DenseTensor, list[AppliedTransform]]:
    """Apply `transform_kinds(expected, actual)` to `tensor`."""
    applied = planned_transforms(name, expected, actual)
    out = tensor
    for step in applied:
        if step.kind == "layout":
            out = transform_layout(out, expected.data_layout)
        elif step.kind == "dtype":
            out = transform_dtype(out, expected.data_type)
        else:
            out = transform_place(out, expected.place)
    if out is not tensor:
        _read_only(out)
    return out, applied


def _read_only(tensor: DenseTensor) -> None:
    """Make a transformed copy read-only: a kernel writing its input in place would write
    the copy, and the variable itself would silently keep its old value; now it fails."""
    data = tensor.data if tensor.initialized() else None
    if isinstance(data, np.ndarray):
        data.flags.writeable = False



class TransferCopyWrittenError(ValueError):
    """A kernel wrote into one of its inputs, which was a transfer's read-only copy."""


def raise_if_copy_written(op_type: str, error: Exception,
                          copies: list[AppliedTransform]) -> None:
    """Raise TransferCopyWrittenError from `error` when it is NumPy refusing a write into a
    read-only array and the op ran on transferred copies of `copies`' inputs: the kernel
    wrote one of its inputs in place (a write the variable itself would have lost)."""
    if not isinstance(error, ValueError) or "read-only" not in str(error) or not copies:
        return
    by_var: dict[str, list[str]] = {}
    for c in copies:
        by_var.setdefault(c.var, []).append(f"{c.kind} transfer {c.src}->{c.dst}")
    listed = ", ".join(f"'{var}' ({'; '.join(kinds)})" for var, kinds in by_var.items())
    which, of = (("its input", "input") if len(by_var) == 1
                 else ("one of its inputs", "inputs"))
    raise TransferCopyWrittenError(
        f"{op_type}: the kernel wrote {which} in place, but the op runs on a transfer's "
        f"read-only copy of {of} {listed}, not on the variable (which would silently keep "
        f"its old value; NumPy: {error}). Feed the input in the kernel's dtype / place / "
        "layout, or have the op take it as it is (get_kernel_type_for_var)") from error
