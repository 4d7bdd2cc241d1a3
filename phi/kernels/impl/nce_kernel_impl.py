"""nce: one body for every backend (math in phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss_sampled as sampled_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("nce", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("nce", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def nce_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
               weight: DenseTensor, bias: DenseTensor | None, sample_weight: DenseTensor | None,
               custom_dist_probs: DenseTensor | None, custom_dist_alias: DenseTensor | None,
               custom_dist_alias_probs: DenseTensor | None, num_total_classes: int,
               custom_neg_classes: list[int], num_neg_samples: int, sampler: int, seed: int,
               is_sparse: bool, remote_prefetch: bool, is_test: bool, cost: OutTensor,
               sample_logits: OptionalOutTensor,
               sample_labels: OptionalOutTensor) -> None:
    dist = tuple(None if t is None else t.data
                 for t in (custom_dist_probs, custom_dist_alias, custom_dist_alias_probs))
    sampled_funcs.nce_loss(dev_ctx.xp, input.data, label.data, weight.data,
                        None if bias is None else bias.data,
                        None if sample_weight is None else sample_weight.data, dist,
                        num_total_classes, custom_neg_classes, num_neg_samples, sampler, seed,
                        dev_ctx.alloc(cost, input.dtype),
                        None if sample_logits is None else dev_ctx.alloc(sample_logits,
                                                                         input.dtype),
                        None if sample_labels is None else dev_ctx.alloc(sample_labels,
                                                                         DataType.INT64))


@register_kernel("nce_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("nce_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def nce_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                    bias: DenseTensor | None, weight: DenseTensor, sample_logits: DenseTensor,
                    sample_labels: DenseTensor, sample_weight: DenseTensor | None,
                    custom_dist_probs: DenseTensor | None, custom_dist_alias: DenseTensor | None,
                    custom_dist_alias_probs: DenseTensor | None, cost_grad: DenseTensor,
                    num_total_classes: int, num_neg_samples: int, sampler: int,
                    input_grad: OptionalOutTensor, bias_grad: OptionalOutTensor,
                    weight_grad: OptionalOutTensor) -> None:
    dist = tuple(None if t is None else t.data
                 for t in (custom_dist_probs, custom_dist_alias, custom_dist_alias_probs))
    sampled_funcs.nce_loss_grad(
        dev_ctx.xp, input.data, weight.data,
        None if sample_weight is None else sample_weight.data, sample_logits.data,
        sample_labels.data, label.data, dist, num_total_classes, num_neg_samples, sampler,
        cost_grad.data, None if input_grad is None else dev_ctx.alloc(input_grad, input.dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, input.dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, input.dtype))
