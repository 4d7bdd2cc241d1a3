"""InferMeta of the manipulation family (strided_slice, unbind, flip, expand_as,
repeat_interleave, meshgrid)."""

from __future__ import annotations

from phi.common import IntArray
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import manipulation_ext as manip_funcs


def strided_slice_infer_meta(input: MetaTensor, axes: list[int], starts: IntArray,
                             ends: IntArray, strides: IntArray, infer_flags: list[int],
                             decrease_axis: list[int], out: MetaTensor) -> None:
    """out: the window lengths, decreased axes dropped; input's dtype."""
    out.set_dims(manip_funcs.strided_slice_dims(input.dims(), axes, list(starts), list(ends),
                                                list(strides), infer_flags, decrease_axis))
    out.set_dtype(input.dtype())


def unbind_infer_meta(x: MetaTensor, axis: int, out: list[MetaTensor]) -> None:
    """Each output: x's dims without `axis` (one output per element along it); x's dtype."""
    for meta, dims in zip(out, manip_funcs.unbind_dims(x.dims(), axis, len(out))):
        meta.set_dims(dims)
        meta.set_dtype(x.dtype())


def flip_infer_meta(x: MetaTensor, axis: list[int], out: MetaTensor) -> None:
    """out: x's meta (the axes checked: in range, no duplicates)."""
    manip_funcs.flip_axes(len(x.dims()), axis)
    out.share_meta(x)


def expand_as_infer_meta(x: MetaTensor, y: MetaTensor, target_shape: list[int],
                         out: MetaTensor) -> None:
    """out: y's dims (or target_shape without y); x's dtype."""
    out.set_dims(manip_funcs.expand_as_dims(x.dims(), y.dims() if y else None, target_shape))
    out.set_dtype(x.dtype())


def repeat_interleave_infer_meta(x: MetaTensor, repeats_tensor: MetaTensor, repeats: int,
                                 dim: int, out: MetaTensor) -> None:
    """out: x's dims with dims[dim] * repeats there (-1 with repeats_tensor: the kernel
    sizes it from the counts); x's dtype."""
    dims = list(manip_funcs.repeat_interleave_dims(x.dims(), -1, dim))
    if not repeats_tensor:
        dims[dim] = x.dims()[dim] * repeats
    out.set_dims(dims)
    out.set_dtype(x.dtype())


def meshgrid_infer_meta(x: list[MetaTensor], out: list[MetaTensor]) -> None:
    """Every output: one dim per input; the inputs' dtype."""
    dims = manip_funcs.meshgrid_dims([t.dims() for t in x])
    for meta in out:
        meta.set_dims(dims)
        meta.set_dtype(x[0].dtype())
