"""InferMeta of coalesce_tensor."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import coalesce as coalesce_funcs


def coalesce_tensor_infer_meta(input: list[MetaTensor], dtype: DataType,
                               copy_data: bool, set_constant: bool, persist_output: bool,
                               constant: float, use_align: bool, align_size: int,
                               size_of_dtype: int, concated_shapes: list[int],
                               concated_ranks: list[int], output: list[MetaTensor],
                               fused_output: MetaTensor) -> None:
    """output[i] like input[i] in `dtype`; fused_output: [sum of the pieces' lengths]
    (the CPU's default alignment)."""
    if len(output) != len(input):
        raise ValueError(f"coalesce_tensor: {len(input)} input tensors but {len(output)} "
                         "outputs")
    lengths = coalesce_funcs.piece_lengths(
        [t.numel() for t in input],
        size_of_dtype if size_of_dtype != -1 else dtype.itemsize, use_align, align_size)
    for o, t in zip(output, input):
        o.set_dims(t.dims())
        o.set_dtype(dtype)
    fused_output.set_dims((sum(lengths),))
    fused_output.set_dtype(dtype)
