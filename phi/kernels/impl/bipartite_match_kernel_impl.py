"""bipartite_match: one body for every backend (math in phi.kernels.funcs.detection, on the
host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import detection as det_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("bipartite_match", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bipartite_match", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bipartite_match_kernel(dev_ctx: DeviceContext, dist_mat: DenseTensor, match_type: str,
                           dist_threshold: float, col_to_row_match_indices: OutTensor,
                           col_to_row_match_dist: OutTensor) -> None:
    offsets = det_funcs.bipartite_match_instances("bipartite_match", dist_mat.dims,
                                                  dist_mat.lod, match_type)
    dims = (len(offsets) - 1, dist_mat.dims[1])
    det_funcs.bipartite_match(dev_ctx.xp, dist_mat.data, offsets, match_type, dist_threshold,
                              dev_ctx.alloc(col_to_row_match_indices, DataType.INT32, dims),
                              dev_ctx.alloc(col_to_row_match_dist, dist_mat.dtype, dims))
