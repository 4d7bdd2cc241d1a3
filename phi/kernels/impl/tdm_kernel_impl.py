"""The tree-based deep model kernels: tdm_child (`fluidphi migrate` output of
legacy_fluid/operators/tdm_child_op.py). Math in phi.kernels.funcs.tdm."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import tdm as tdm_funcs
from phi.kernels.funcs.unique import index_dtype

_IDS = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]


@register_kernel("tdm_child", Backend.CPU, DataLayout.ALL_LAYOUT, _IDS)
@register_kernel("tdm_child", Backend.GPU, DataLayout.ALL_LAYOUT, _IDS)
def tdm_child_kernel(dev_ctx: DeviceContext, x: DenseTensor, tree_info: DenseTensor,
                     child_nums: int, dtype: DataType, child: OutTensor,
                     leaf_mask: OutTensor) -> None:
    dims = tdm_funcs.tdm_child_dims("tdm_child", x.dims, tree_info.dims, child_nums)
    out_dtype = index_dtype("tdm_child", dtype)
    tdm_funcs.tdm_child(dev_ctx.xp, x.data, tree_info.data, child_nums,
                        dev_ctx.alloc(child, out_dtype, dims),
                        dev_ctx.alloc(leaf_mask, out_dtype, dims))
