"""collect_fpn_proposals: one body for every backend (math in phi.kernels.funcs.proposal, on
the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import proposal as prop_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("collect_fpn_proposals", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("collect_fpn_proposals", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def collect_fpn_proposals_kernel(dev_ctx: DeviceContext, multi_level_rois: list[DenseTensor],
                                 multi_level_scores: list[DenseTensor],
                                 multi_level_rois_num: list[DenseTensor], post_nms_topn: int,
                                 fpn_rois: OutTensor, rois_num: OptionalOutTensor) -> None:
    nums = multi_level_rois_num or [None] * len(multi_level_rois)
    offsets = [prop_funcs.roi_offsets(r.dims[0], None if n is None else n.data, r.lod,
                                      "collect_fpn_proposals")
               for r, n in zip(multi_level_rois, nums)]
    picked, lod, counts = prop_funcs.collect_fpn_proposals(
        [r.data for r in multi_level_rois], [s.data for s in multi_level_scores], offsets,
        post_nms_topn)
    dev_ctx.alloc(fpn_rois, multi_level_rois[0].dtype, picked.shape)[...] = \
        dev_ctx.xp.asarray(picked)
    fpn_rois.lod = [lod]
    if rois_num is not None:
        dev_ctx.alloc(rois_num, DataType.INT32, counts.shape)[...] = dev_ctx.xp.asarray(counts)
