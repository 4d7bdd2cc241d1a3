"""Grads of the rearranging layers (phi.kernels.funcs.vision_shuffle): each forward is a
permutation of X's elements (temporal_shift: a permutation that drops some and fills
zeros), so X@GRAD is Out@GRAD sent back through the inverse permutation: pixel_shuffle's
grad is pixel_unshuffle by the same factor and the other way round; channel_shuffle's by
`groups` is channel_shuffle by C / groups (shuffle_channel's too: Paddle 3.3.1's
shuffle_channel_grad shuffles by `group` again, right only where that is its own inverse);
temporal_shift's shifts the same channels the other way, zeros where the forward dropped
values. Shape rules: the inverse op's, on Out@GRAD's dims.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs import vision_shuffle as shuffle

# -- pixel_shuffle / pixel_unshuffle ---------------------------------------------------------


def pixel_shuffle_grad_dims(out_grad_dims: Sequence[int], upscale_factor: int,
                            data_format: str) -> tuple[int, ...]:
    return shuffle.pixel_unshuffle_dims(out_grad_dims, upscale_factor, data_format)


def pixel_shuffle_grad(xp: Any, out_grad: Any, upscale_factor: int, data_format: str,
                       x_grad: Any) -> None:
    shuffle.pixel_unshuffle(xp, out_grad, upscale_factor, data_format, x_grad)


def pixel_unshuffle_grad_dims(out_grad_dims: Sequence[int], downscale_factor: int,
                              data_format: str) -> tuple[int, ...]:
    return shuffle.pixel_shuffle_dims(out_grad_dims, downscale_factor, data_format)


def pixel_unshuffle_grad(xp: Any, out_grad: Any, downscale_factor: int, data_format: str,
                         x_grad: Any) -> None:
    shuffle.pixel_shuffle(xp, out_grad, downscale_factor, data_format, x_grad)


# -- channel_shuffle / shuffle_channel -------------------------------------------------------

def channel_shuffle_grad_dims(out_grad_dims: Sequence[int], groups: int,
                              data_format: str) -> tuple[int, ...]:
    return shuffle.channel_shuffle_dims(out_grad_dims, groups, data_format)


def channel_shuffle_grad(xp: Any, out_grad: Any, groups: int, data_format: str,
                         x_grad: Any) -> None:
    """x_grad channel i*(C/g) + k = out_grad channel k*g + i: channel_shuffle by C / g."""
    channel_axis = 1 if data_format == "NCHW" else 3
    c = int(channel_shuffle_grad_dims(out_grad.shape, groups, data_format)[channel_axis])
    shuffle.channel_shuffle(xp, out_grad, c // int(groups), data_format, x_grad)


# -- temporal_shift --------------------------------------------------------------------------

def temporal_shift_grad_dims(out_grad_dims: Sequence[int], seg_num: int, shift_ratio: float,
                             data_format: str) -> tuple[int, ...]:
    return shuffle.temporal_shift_dims(out_grad_dims, seg_num, shift_ratio, data_format)


def temporal_shift_grad(xp: Any, out_grad: Any, seg_num: int, shift_ratio: float,
                        data_format: str, x_grad: Any) -> None:
    """The first c1 channels went one segment later: their gradient comes one segment
    earlier (the last segment's values were dropped: zero); channels [c1, c2) the other
    way round; the rest pass through."""
    t = int(seg_num)
    temporal_shift_grad_dims(out_grad.shape, seg_num, shift_ratio, data_format)
    n, c = (out_grad.shape[0], out_grad.shape[1 if data_format == "NCHW" else 3])
    c1, c2 = shuffle.shifted_channels(int(c), shift_ratio)
    channel_axis = 2 if data_format == "NCHW" else 4
    src = out_grad.reshape(int(n) // t, t, *out_grad.shape[1:])
    dst = x_grad.reshape(src.shape)

    def chans(lo: int, hi: int) -> tuple[slice, ...]:
        return (slice(None),) * channel_axis + (slice(lo, hi),)

    dst[...] = src
    later, earlier = chans(0, c1), chans(c1, c2)
    dst[later][:, :-1] = src[later][:, 1:]
    dst[later][:, -1:] = 0
    dst[earlier][:, 1:] = src[earlier][:, :-1]
    dst[earlier][:, :1] = 0
