"""chunk_eval: one body for every backend (math in phi.kernels.funcs.metric, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import metric as metric_funcs

_TYPES = [DataType.FLOAT32, DataType.INT64]  # Paddle's registrations; the scores are float32


@register_kernel("chunk_eval", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("chunk_eval", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def chunk_eval_kernel(dev_ctx: DeviceContext, inference: DenseTensor, label: DenseTensor,
                      seq_length: DenseTensor | None, num_chunk_types: int, chunk_scheme: str,
                      excluded_chunk_types: list[int], precision: OutTensor, recall: OutTensor,
                      f1_score: OutTensor, num_infer_chunks: OutTensor,
                      num_label_chunks: OutTensor, num_correct_chunks: OutTensor) -> None:
    spans = metric_funcs.chunk_eval_offsets(inference.dims, label.dims, inference.lod,
                                            label.lod,
                                            None if seq_length is None else seq_length.data)
    outs = [dev_ctx.alloc(t, DataType.FLOAT32) for t in (precision, recall, f1_score)]
    outs += [dev_ctx.alloc(t, DataType.INT64)
             for t in (num_infer_chunks, num_label_chunks, num_correct_chunks)]
    metric_funcs.chunk_eval(dev_ctx.xp, inference.data, label.data, spans, num_chunk_types,
                            chunk_scheme, excluded_chunk_types, outs)
