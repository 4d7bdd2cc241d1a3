"""InferMeta of the `metric` op family (phi.kernels.funcs.metric)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def auc_infer_meta(x: MetaTensor, label: MetaTensor, stat_pos: MetaTensor,
                   stat_neg: MetaTensor, ins_tag_weight: MetaTensor, curve: str,
                   num_thresholds: int, slide_steps: int, auc: MetaTensor,
                   stat_pos_out: MetaTensor, stat_neg_out: MetaTensor) -> None:
    """auc: 0-D float64; the stats' outputs: the counts' dims, int64."""
    from phi.kernels.funcs.metric import auc_dims

    auc_out_dims, stat_dims = auc_dims(x.dims(), label.dims(),
                                       {"StatPos": stat_pos.dims(), "StatNeg": stat_neg.dims()},
                                       num_thresholds, slide_steps)
    auc.set_dims(auc_out_dims)
    auc.set_dtype(DataType.FLOAT64)
    for t in (stat_pos_out, stat_neg_out):
        t.set_dims(stat_dims)
        t.set_dtype(DataType.INT64)


def edit_distance_infer_meta(hyps: MetaTensor, refs: MetaTensor, hypslength: MetaTensor,
                             refslength: MetaTensor, normalized: bool,
                             sequencenum: MetaTensor, out: MetaTensor) -> None:
    """sequencenum: [1] int64; out: [B, 1] float32 (B: Hyps' rows; the kernel sets the
    number of LoD sequences)."""
    sequencenum.set_dims((1,))
    sequencenum.set_dtype(DataType.INT64)
    out.set_dims((int(hyps.dims()[0]), 1))
    out.set_dtype(DataType.FLOAT32)


def chunk_eval_infer_meta(inference: MetaTensor, label: MetaTensor, seq_length: MetaTensor,
                          num_chunk_types: int, chunk_scheme: str,
                          excluded_chunk_types: list[int], precision: MetaTensor,
                          recall: MetaTensor, f1_score: MetaTensor,
                          num_infer_chunks: MetaTensor, num_label_chunks: MetaTensor,
                          num_correct_chunks: MetaTensor) -> None:
    """Three float32 [1] scores and three int64 [1] counts."""
    for t in (precision, recall, f1_score):
        t.set_dims((1,))
        t.set_dtype(DataType.FLOAT32)
    for t in (num_infer_chunks, num_label_chunks, num_correct_chunks):
        t.set_dims((1,))
        t.set_dtype(DataType.INT64)
