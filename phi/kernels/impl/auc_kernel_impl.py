"""auc: one body for every backend (math in phi.kernels.funcs.metric, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import metric as metric_funcs


@register_kernel("auc", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("auc", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def auc_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
               stat_pos: DenseTensor, stat_neg: DenseTensor,
               ins_tag_weight: DenseTensor | None, curve: str, num_thresholds: int,
               slide_steps: int, auc: OutTensor, stat_pos_out: OutTensor,
               stat_neg_out: OutTensor) -> None:
    pos, neg = stat_pos.data, stat_neg.data  # read before the outputs (maybe the same) change
    metric_funcs.auc(dev_ctx.xp, x.data, label.data, pos, neg,
                     None if ins_tag_weight is None else ins_tag_weight.data, num_thresholds,
                     slide_steps, dev_ctx.alloc(auc, DataType.FLOAT64),
                     dev_ctx.alloc(stat_pos_out, DataType.INT64),
                     dev_ctx.alloc(stat_neg_out, DataType.INT64))
