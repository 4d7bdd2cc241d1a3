"""InferMeta of the manipulation family (unstack, multiplex, reverse,
scatter_nd_add, broadcast_tensors, partial_concat, partial_sum,
shard_index, view_slice).

InferMeta of the manipulation family (strided_slice, unbind, flip, expand_as,
repeat_interleave, meshgrid).
"""

from __future__ import annotations

from phi.common import DataLayout, IntArray
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import manipulation as manip_funcs


def unstack_infer_meta(x: MetaTensor, axis: int, num: int, y: list[MetaTensor]) -> None:
    """Each output: x's dims without `axis` (num outputs, x.dims[axis] of them); x's dtype."""
    for meta, dims in zip(y, manip_funcs.unstack_dims(x.dims(), axis, num, len(y))):
        meta.set_dims(dims)
        meta.set_dtype(x.dtype())


def multiplex_infer_meta(x: list[MetaTensor], ids: MetaTensor, out: MetaTensor) -> None:
    """out: [ids.dims[0], *x[0].dims[1:]] (candidates and ids checked); x[0]'s dtype."""
    out.set_dims(manip_funcs.multiplex_dims([t.dims() for t in x], ids.dims()))
    out.set_dtype(x[0].dtype())


def reverse_infer_meta(x: MetaTensor, axis: list[int], out: MetaTensor) -> None:
    """out: x's meta (the axes checked: not empty, in range)."""
    manip_funcs.reverse_axes(len(x.dims()), axis)
    out.share_meta(x)


def scatter_nd_add_infer_meta(x: MetaTensor, index: MetaTensor, updates: MetaTensor,
                              out: MetaTensor) -> None:
    """out: x's dims (updates checked against index and x) and dtype."""
    out.set_dims(manip_funcs.scatter_nd_add_dims(x.dims(), index.dims(), updates.dims()))
    out.set_dtype(x.dtype())


def broadcast_tensors_infer_meta(x: list[MetaTensor], out: list[MetaTensor]) -> None:
    """Each output: the inputs' broadcast dims; its input's dtype."""
    dims = manip_funcs.broadcast_tensors_dims([t.dims() for t in x])
    for src, meta in zip(x, out):
        meta.set_dims(dims)
        meta.set_dtype(src.dtype())


def partial_concat_infer_meta(x: list[MetaTensor], start_index: int, length: int,
                              out: MetaTensor) -> None:
    """out: [rows, len(x) * length]; x[0]'s dtype."""
    rows, _, length = manip_funcs.partial_columns("partial_concat", [t.dims() for t in x],
                                                  start_index, length)
    out.set_dims((rows, len(x) * length))
    out.set_dtype(x[0].dtype())


def partial_sum_infer_meta(x: list[MetaTensor], start_index: int, length: int,
                           out: MetaTensor) -> None:
    """out: [rows, length]; x[0]'s dtype."""
    rows, _, length = manip_funcs.partial_columns("partial_sum", [t.dims() for t in x],
                                                  start_index, length)
    out.set_dims((rows, length))
    out.set_dtype(x[0].dtype())


def shard_index_infer_meta(x: MetaTensor, index_num: int, nshards: int, shard_id: int,
                           ignore_value: int, out: MetaTensor) -> None:
    """out: x's dims (rank >= 2, last dim 1), dtype and lod."""
    out.set_dims(manip_funcs.shard_index_dims(x.dims()))
    out.set_dtype(x.dtype())
    out.share_lod(x)


def view_slice_infer_meta(input: MetaTensor, begin_idx: int, end_idx: int,
                          out: MetaTensor) -> None:
    """out: input's rows [begin_idx, end_idx); input's dtype."""
    out.set_dims(manip_funcs.view_slice_dims(input.dims(), begin_idx, end_idx))
    out.set_dtype(input.dtype())


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


def set_infer_meta(x: MetaTensor, source: MetaTensor, dims: list[int], stride: list[int],
                   offset: int, out: MetaTensor) -> None:
    """out: `dims` in x's dtype."""
    out.set_dims(manip_funcs.set_dims("set", dims, stride))
    out.set_dtype(x.dtype())


def transfer_layout_infer_meta(x: MetaTensor, src_layout: int, dst_layout: int,
                               out: MetaTensor) -> None:
    """out: x's dims transposed NCHW <-> NHWC (or as they are where x is in dst_layout),
    x's dtype, layout dst_layout."""
    dims = x.dims()
    axes = manip_funcs.transfer_layout_axes("transfer_layout", x.layout(), src_layout,
                                            dst_layout, len(dims))
    out.set_dims(dims if axes is None else tuple(dims[a] for a in axes))
    out.set_dtype(x.dtype())
    out.set_layout(DataLayout(dst_layout))


def view_shape_infer_meta(input: MetaTensor, dims: list[int], out: MetaTensor) -> None:
    """out: input's dims (dims checked as a reshape) and dtype."""
    out.set_dims(manip_funcs.view_shape_dims(input.dims(), dims))
    out.set_dtype(input.dtype())
