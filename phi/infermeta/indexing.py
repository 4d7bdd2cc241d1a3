"""InferMeta of the indexing family (gathers, masks, nonzero).

masked_select and nonzero have data-dependent lengths: their InferMeta gives -1 there and
the kernels size the outputs.
"""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import indexing as index_funcs


def gather_nd_infer_meta(x: MetaTensor, index: MetaTensor, out: MetaTensor) -> None:
    """out: index's dims but the last, then x's dims after index.dims[-1]; x's dtype."""
    out.set_dims(index_funcs.gather_nd_dims(x.dims(), index.dims()))
    out.set_dtype(x.dtype())


def index_select_infer_meta(x: MetaTensor, index: MetaTensor, dim: int,
                            out: MetaTensor) -> None:
    """out: x's dims with `dim` replaced by the id count; x's dtype and lod."""
    out.set_dims(index_funcs.index_select_dims(x.dims(), index.dims(), dim))
    out.set_dtype(x.dtype())
    out.share_lod(x)


def index_sample_infer_meta(x: MetaTensor, index: MetaTensor, out: MetaTensor) -> None:
    """out: index's dims (2-D, first dim x's); x's dtype."""
    out.set_dims(index_funcs.index_sample_dims(x.dims(), index.dims()))
    out.set_dtype(x.dtype())


def take_along_axis_infer_meta(input: MetaTensor, index: MetaTensor, axis: int,
                               result: MetaTensor) -> None:
    """result: index's dims (checked against input's); input's dtype."""
    index_funcs.along_axis_check("take_along_axis", input.dims(), index.dims(), axis)
    result.set_dims(index.dims())
    result.set_dtype(input.dtype())


def index_add_infer_meta(x: MetaTensor, index: MetaTensor, add_value: MetaTensor, axis: int,
                         out: MetaTensor) -> None:
    """out: x's dims (add_value checked against them), dtype and lod."""
    out.set_dims(index_funcs.index_add_dims(x.dims(), index.dims(), add_value.dims(), axis))
    out.set_dtype(x.dtype())
    out.share_lod(x)


def masked_fill_infer_meta(x: MetaTensor, mask: MetaTensor, value: MetaTensor,
                           out: MetaTensor) -> None:
    """out: x and mask broadcast; x's dtype."""
    out.set_dims(index_funcs.broadcast_dims("masked_fill", x.dims(), mask.dims()))
    out.set_dtype(x.dtype())


def masked_select_infer_meta(x: MetaTensor, mask: MetaTensor, y: MetaTensor) -> None:
    """y: 1-D of unknown length (-1), x's dtype; x and mask must broadcast."""
    index_funcs.broadcast_dims("masked_select", x.dims(), mask.dims())
    y.set_dims((-1,))
    y.set_dtype(x.dtype())


def nonzero_infer_meta(condition: MetaTensor, out: MetaTensor) -> None:
    """out: int64 [-1, rank] (the count is known after the kernel)."""
    out.set_dims((-1, len(condition.dims())))
    out.set_dtype(DataType.INT64)


def put_along_axis_grad_infer_meta(input: MetaTensor, index: MetaTensor,
                                   result_grad: MetaTensor, input_grad: MetaTensor,
                                   value_grad: MetaTensor) -> None:
    """input_grad like input; value_grad: index's dims (what Paddle's kernel writes, also
    where value is larger), result_grad's dtype (either may be absent: not asked for)."""
    if input_grad:
        input_grad.share_meta(input)
    if value_grad:
        value_grad.set_dims(index.dims())
        value_grad.set_dtype(result_grad.dtype())
