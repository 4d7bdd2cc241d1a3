"""InferMeta of correlation; dims rules in phi.kernels.funcs.correlation."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def correlation_infer_meta(input1: MetaTensor, input2: MetaTensor, pad_size: int,
                           kernel_size: int, max_displacement: int, stride1: int,
                           stride2: int, corr_type_multiply: int, out: MetaTensor) -> None:
    """out: [N, displacements, OH, OW], input1's dtype."""
    from phi.kernels.funcs.correlation import correlation_dims

    out.set_dims(correlation_dims(input1.dims(), input2.dims(), pad_size, kernel_size,
                                  max_displacement, stride1, stride2))
    out.set_dtype(input1.dtype())
