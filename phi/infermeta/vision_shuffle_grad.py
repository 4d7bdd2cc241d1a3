"""InferMeta of the rearranging layers' gradients: x_grad takes the dims the inverse
rearrangement gives out_grad's (phi.kernels.funcs.vision_shuffle_grad), out_grad's dtype
and layout."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_like


def pixel_shuffle_grad_infer_meta(out_grad: MetaTensor, upscale_factor: int,
                                  data_format: str, x_grad: MetaTensor) -> None:
    """x_grad: [N, C * r^2, H / r, W / r] of out_grad's [N, C, H, W] (NHWC alike)."""
    from phi.kernels.funcs.vision_shuffle_grad import pixel_shuffle_grad_dims

    set_like(x_grad, out_grad,
             pixel_shuffle_grad_dims(out_grad.dims(), upscale_factor, data_format))


def pixel_unshuffle_grad_infer_meta(out_grad: MetaTensor, downscale_factor: int,
                                    data_format: str, x_grad: MetaTensor) -> None:
    """x_grad: [N, C / r^2, H * r, W * r] of out_grad's [N, C, H, W] (NHWC alike)."""
    from phi.kernels.funcs.vision_shuffle_grad import pixel_unshuffle_grad_dims

    set_like(x_grad, out_grad,
             pixel_unshuffle_grad_dims(out_grad.dims(), downscale_factor, data_format))


def channel_shuffle_grad_infer_meta(out_grad: MetaTensor, groups: int, data_format: str,
                                    x_grad: MetaTensor) -> None:
    """x_grad like out_grad (groups must divide the channels)."""
    from phi.kernels.funcs.vision_shuffle_grad import channel_shuffle_grad_dims

    set_like(x_grad, out_grad,
             channel_shuffle_grad_dims(out_grad.dims(), groups, data_format))


def temporal_shift_grad_infer_meta(out_grad: MetaTensor, seg_num: int, shift_ratio: float,
                                   data_format: str, x_grad: MetaTensor) -> None:
    """x_grad like out_grad (seg_num must divide the batch, shift_ratio in (0, 0.5))."""
    from phi.kernels.funcs.vision_shuffle_grad import temporal_shift_grad_dims

    set_like(x_grad, out_grad, temporal_shift_grad_dims(out_grad.dims(), seg_num,
                                                        shift_ratio, data_format))


def shuffle_channel_grad_infer_meta(out_grad: MetaTensor, group: int,
                                    x_grad: MetaTensor) -> None:
    """x_grad like out_grad (NCHW; group must divide the channels)."""
    from phi.kernels.funcs.vision_shuffle_grad import channel_shuffle_grad_dims

    set_like(x_grad, out_grad, channel_shuffle_grad_dims(out_grad.dims(), group, "NCHW"))
