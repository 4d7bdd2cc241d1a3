"""The tree-based deep model kernels: tdm_child, tdm_sampler (`fluidphi migrate` output of
legacy_fluid/operators/tdm_child_op.py, tdm_sampler_op.py). Math in phi.kernels.funcs.tdm."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import tdm as tdm_funcs
from phi.kernels.funcs.unique import index_dtype
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("tdm_child", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("tdm_child", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def tdm_child_kernel(dev_ctx: DeviceContext, x: DenseTensor, tree_info: DenseTensor,
                     child_nums: int, dtype: DataType, child: OutTensor,
                     leaf_mask: OutTensor) -> None:
    dims = tdm_funcs.tdm_child_dims("tdm_child", x.dims, tree_info.dims, child_nums)
    out_dtype = index_dtype("tdm_child", dtype)
    tdm_funcs.tdm_child(dev_ctx.xp, x.data, tree_info.data, child_nums,
                        dev_ctx.alloc(child, out_dtype, dims),
                        dev_ctx.alloc(leaf_mask, out_dtype, dims))


@register_kernel("tdm_sampler", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("tdm_sampler", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def tdm_sampler_kernel(dev_ctx: DeviceContext, x: DenseTensor, travel: DenseTensor,
                       layer: DenseTensor, output_positive: bool,
                       neg_samples_num_list: list[int], layer_offset: list[int], seed: int,
                       dtype: DataType, out: OutTensor, labels: OptionalOutTensor,
                       mask: OutTensor) -> None:
    dims = tdm_funcs.tdm_sampler_dims("tdm_sampler", x.dims, neg_samples_num_list,
                                      layer_offset, output_positive)
    out_dtype = index_dtype("tdm_sampler", dtype)
    tdm_funcs.tdm_sampler(
        dev_ctx.xp, x.data, travel.data, layer.data, output_positive, neg_samples_num_list,
        layer_offset, seed, dev_ctx.alloc(out, out_dtype, dims),
        None if labels is None else dev_ctx.alloc(labels, out_dtype, dims),
        dev_ctx.alloc(mask, out_dtype, dims))
