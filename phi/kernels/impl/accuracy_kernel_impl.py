"""accuracy: one body for every backend (math in phi.kernels.funcs.accuracy)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import accuracy as acc_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("accuracy", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("accuracy", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def accuracy_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                    label: DenseTensor, accuracy: OutTensor, correct: OutTensor,
                    total: OutTensor) -> None:
    acc_funcs.accuracy(dev_ctx.xp, indices.data, label.data,
                       dev_ctx.alloc(accuracy, DataType.FLOAT32),
                       dev_ctx.alloc(correct, DataType.INT32),
                       dev_ctx.alloc(total, DataType.INT32))
