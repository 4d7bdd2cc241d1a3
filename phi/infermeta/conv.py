"""InferMeta of the `conv` op family's ops outside conv2d itself (phi.kernels.funcs.conv):
deformable convolution."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def deformable_conv_infer_meta(x: MetaTensor, offset: MetaTensor, filter: MetaTensor,
                               mask: MetaTensor, strides: list[int], paddings: list[int],
                               dilations: list[int], deformable_groups: int, groups: int,
                               im2col_step: int, out: MetaTensor) -> None:
    from phi.kernels.funcs.conv import deformable_conv_out_dims

    out.set_dims(deformable_conv_out_dims(
        "deformable_conv", x.dims(), offset.dims(), filter.dims(),
        mask.dims() if mask else None, strides, paddings, dilations, groups,
        deformable_groups, im2col_step))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
