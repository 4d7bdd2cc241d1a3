"""InferMeta of the CRF decoders (viterbi_decode, crf_decoding)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def viterbi_decode_infer_meta(potentials: MetaTensor, transition_params: MetaTensor,
                              lengths: MetaTensor, include_bos_eos_tag: bool,
                              scores: MetaTensor, path: MetaTensor) -> None:
    """scores [B] in potentials' dtype; path [B, T] int64 until the kernel narrows it to
    [B, max(lengths)] (data dependent, as in Paddle, whose InferMeta leaves path unset)."""
    from phi.kernels.funcs.crf_decode import check_viterbi_shapes

    dims = potentials.dims()
    check_viterbi_shapes(dims, transition_params.dims(), lengths.dims())
    scores.set_dims((dims[0],))
    scores.set_dtype(potentials.dtype())
    path.set_dims((dims[0], dims[1]))
    path.set_dtype(DataType.INT64)


def crf_decoding_infer_meta(emission: MetaTensor, transition: MetaTensor, label: MetaTensor,
                            length: MetaTensor, viterbi_path: MetaTensor) -> None:
    """viterbi_path int64: [B, T] with length (padded), else [total, 1] with emission's lod."""
    from phi.kernels.funcs.crf_decode import check_crf_shapes

    dims = emission.dims()
    padded = bool(length)
    check_crf_shapes(dims, transition.dims(), label.dims() if label else None, padded)
    viterbi_path.set_dims((dims[0], dims[1]) if padded else (dims[0], 1))
    viterbi_path.set_dtype(DataType.INT64)
    viterbi_path.share_lod(emission)
