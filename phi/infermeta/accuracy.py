"""InferMeta of accuracy: 0-D float32 Accuracy, int32 Correct and Total."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def accuracy_infer_meta(x: MetaTensor, indices: MetaTensor, label: MetaTensor,
                        accuracy: MetaTensor, correct: MetaTensor, total: MetaTensor) -> None:
    from phi.kernels.funcs.accuracy import accuracy_dims

    dims = accuracy_dims(indices.dims(), label.dims())
    for meta, dtype in ((accuracy, DataType.FLOAT32), (correct, DataType.INT32),
                        (total, DataType.INT32)):
        meta.set_dims(dims)
        meta.set_dtype(dtype)
