"""InferMeta of the tree-based deep model ops (tdm_child, tdm_sampler). Dims checks come from
phi.kernels.funcs.tdm, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def tdm_child_infer_meta(x: MetaTensor, tree_info: MetaTensor, child_nums: int,
                         dtype: DataType, child: MetaTensor, leaf_mask: MetaTensor) -> None:
    """child / leaf_mask: [*x.dims, child_nums] in dtype (int32 / int64)."""
    from phi.kernels.funcs.tdm import tdm_child_dims
    from phi.kernels.funcs.unique import index_dtype

    dims = tdm_child_dims("tdm_child", x.dims(), tree_info.dims(), child_nums)
    for meta in (child, leaf_mask):
        meta.set_dims(dims)
        meta.set_dtype(index_dtype("tdm_child", dtype))


def tdm_sampler_infer_meta(x: MetaTensor, travel: MetaTensor, layer: MetaTensor,
                           output_positive: bool, neg_samples_num_list: list[int],
                           layer_offset: list[int], seed: int, dtype: DataType,
                           out: MetaTensor, labels: MetaTensor, mask: MetaTensor) -> None:
    """out / labels / mask: [X's nodes, samples per node] in dtype (int32 / int64)."""
    from phi.kernels.funcs.tdm import tdm_sampler_dims
    from phi.kernels.funcs.unique import index_dtype

    dims = tdm_sampler_dims("tdm_sampler", x.dims(), neg_samples_num_list, layer_offset,
                            output_positive)
    for meta in (out, labels, mask):
        if meta:
            meta.set_dims(dims)
            meta.set_dtype(index_dtype("tdm_sampler", dtype))
