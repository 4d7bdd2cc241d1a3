"""split (by sections) and split_with_num (equal parts): one body each for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import concat_split as cs_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


def _run(dev_ctx: DeviceContext, x: DenseTensor, sections: list[int], axis: int,
         out: list[DenseTensor]) -> None:
    datas = [None if o is None else dev_ctx.alloc(o, x.dtype) for o in out]
    cs_funcs.split(dev_ctx.xp, x.data, sections, axis, datas)


@register_kernel("split", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("split", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def split_kernel(dev_ctx: DeviceContext, x: DenseTensor, sections: IntArray, axis: Scalar,
                 out: OutTensorList) -> None:
    ax = cs_funcs.normalize_axis(axis.to(int), len(x.dims), "split")
    _run(dev_ctx, x, cs_funcs.split_sections(x.dims[ax], sections.get_data()), ax, out)


@register_kernel("split_with_num", Backend.CPU, DataLayout.ALL_LAYOUT,
                 list(cs_funcs.SPLIT_WITH_NUM_CPU_TYPES))
@register_kernel("split_with_num", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def split_with_num_kernel(dev_ctx: DeviceContext, x: DenseTensor, num: int, axis: Scalar,
                          out: OutTensorList) -> None:
    ax = cs_funcs.normalize_axis(axis.to(int), len(x.dims), "split")
    _run(dev_ctx, x, cs_funcs.split_num_sections(x.dims[ax], num), ax, out)
