"""InferMeta of histogram (bins; int64 or float32) and bincount (length -1: the data
decides it; int64 or the weights' float type)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def histogram_infer_meta(input: MetaTensor, weight: MetaTensor, bins: int, min: float,
                         max: float, density: bool, out: MetaTensor) -> None:
    from phi.kernels.funcs.histogram import check_histogram, histogram_dtype

    check_histogram(bins, min, max)
    out.set_dims((int(bins),))
    out.set_dtype(histogram_dtype(bool(weight), density))


def bincount_infer_meta(x: MetaTensor, weights: MetaTensor, minlength, out: MetaTensor) -> None:
    from phi.kernels.funcs.histogram import bincount_dtype

    out.set_dims((-1,))
    out.set_dtype(bincount_dtype(weights.dtype() if weights else None))
