"""InferMeta of the beam-search decoding ops (gather_tree, beam_search, beam_search_decode).
Dims checks come from phi.kernels.funcs.beam, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def gather_tree_infer_meta(ids: MetaTensor, parents: MetaTensor, out: MetaTensor) -> None:
    """out: ids' dims and dtype."""
    from phi.kernels.funcs.beam import gather_tree_check_dims

    gather_tree_check_dims(ids.dims(), parents.dims())
    out.set_dims(ids.dims())
    out.set_dtype(ids.dtype())


def beam_search_infer_meta(pre_ids: MetaTensor, pre_scores: MetaTensor, ids: MetaTensor,
                           scores: MetaTensor, level: int, beam_size: int, end_id: int,
                           is_accumulated: bool, selected_ids: MetaTensor,
                           selected_scores: MetaTensor, parent_idx: MetaTensor) -> None:
    """[rows, 1] placeholders (the kernel sizes the outputs): int64 ids, float32 scores,
    int32 parent_idx."""
    rows = tuple(scores.dims()[:1])
    selected_ids.set_dims((*rows, 1))
    selected_ids.set_dtype(DataType.INT64)
    selected_scores.set_dims((*rows, 1))
    selected_scores.set_dtype(DataType.FLOAT32)
    if parent_idx:
        parent_idx.set_dims(rows)
        parent_idx.set_dtype(DataType.INT32)


def beam_search_decode_infer_meta(ids: list[MetaTensor], scores: list[MetaTensor],
                                  beam_size: int, end_id: int, sentence_ids: MetaTensor,
                                  sentence_scores: MetaTensor) -> None:
    """[0] placeholders (the kernel sizes the outputs and sets their LoD): int64 ids, the
    scores' dtype."""
    sentence_ids.set_dims((0,))
    sentence_ids.set_dtype(DataType.INT64)
    sentence_scores.set_dims((0,))
    if scores:
        sentence_scores.set_dtype(scores[0].dtype())
