"""RPN proposal kernel (`fluidphi migrate` output of legacy_fluid/operators/proposal_op.py):
generate_proposals (legacy generate_proposals_v2). Its outputs' lengths are data-dependent:
the kernel sizes them. Math in phi.kernels.funcs.proposal.

distribute_fpn_proposals has no PHI form yet: its list outputs hold max_level - min_level + 1
tensors, a size ops.yaml cannot state (phi/op_defs takes an int argument or a list's size).
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import proposal as prop_funcs


@register_kernel("generate_proposals", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("generate_proposals", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64])
def generate_proposals_kernel(dev_ctx: DeviceContext, scores: DenseTensor, bbox_deltas: DenseTensor,
                              im_shape: DenseTensor, anchors: DenseTensor, variances: DenseTensor,
                              pre_nms_top_n: int, post_nms_top_n: int, nms_thresh: float,
                              min_size: float, eta: float, pixel_offset: bool, rpn_rois: OutTensor,
                              rpn_roi_probs: OutTensor, rpn_rois_num: OptionalOutTensor) -> None:
    rois, probs, counts = prop_funcs.generate_proposals(
        dev_ctx.xp, scores.data, bbox_deltas.data, im_shape.data, anchors.data, variances.data,
        pre_nms_top_n, post_nms_top_n, nms_thresh,
        min_size, eta, pixel_offset)
    rpn_rois.resize(rois.shape)
    dev_ctx.alloc(rpn_rois, scores.dtype)[...] = dev_ctx.xp.asarray(rois)
    rpn_roi_probs.resize(probs.shape)
    dev_ctx.alloc(rpn_roi_probs, scores.dtype)[...] = dev_ctx.xp.asarray(probs)
    if rpn_rois_num is not None:
        rpn_rois_num.resize((len(counts),))
        dev_ctx.alloc(rpn_rois_num, DataType.INT32)[...] = dev_ctx.xp.asarray(counts)
