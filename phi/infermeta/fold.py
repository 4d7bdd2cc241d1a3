"""InferMeta of the fold family (unfold, fold)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import fold as fold_funcs


def unfold_infer_meta(x: MetaTensor, kernel_sizes: list[int], strides: list[int],
                      paddings: list[int], dilations: list[int], y: MetaTensor) -> None:
    """y: [N, C*kh*kw, blocks]; x's dtype."""
    y.set_dims(fold_funcs.unfold_dims(x.dims(), kernel_sizes, strides, paddings, dilations))
    y.set_dtype(x.dtype())


def fold_infer_meta(x: MetaTensor, output_sizes: list[int], kernel_sizes: list[int],
                    strides: list[int], paddings: list[int], dilations: list[int],
                    y: MetaTensor) -> None:
    """y: [N, C, H, W] (x's block count checked); x's dtype."""
    fold_funcs.fold_blocks(x.dims(), output_sizes, kernel_sizes, strides, paddings, dilations)
    y.set_dims(fold_funcs.fold_dims(x.dims(), output_sizes, kernel_sizes))
    y.set_dtype(x.dtype())
