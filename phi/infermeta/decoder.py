"""InferMeta of the decoder family: transposed convolution and interpolation."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def conv_transpose_infer_meta(x: MetaTensor, filter: MetaTensor, strides: list[int],
                              paddings: list[int], output_padding: list[int],
                              output_size: list[int], padding_algorithm: str, groups: int,
                              dilations: list[int], data_format: str, out: MetaTensor) -> None:
    """out: the transposed convolution's dims (a 4-D or 5-D x), x's dtype and layout."""
    from phi.kernels.funcs.conv_transpose import conv_transpose_out_dims

    out.set_dims(conv_transpose_out_dims(x.dims(), filter.dims(), strides, paddings,
                                         output_padding, output_size, padding_algorithm,
                                         groups, dilations, data_format))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def interpolate_infer_meta(x: MetaTensor, out_size: MetaTensor, size_tensor: list[MetaTensor],
                           scale_tensor: MetaTensor, data_layout: str, out_d: int, out_h: int,
                           out_w: int, scale: float | list[float], out: MetaTensor) -> None:
    """out: x's dims with the spatial ones resampled (sizes from SizeTensor, OutSize and
    Scale read on the host at run time), x's dtype, layout and lod."""
    from phi.kernels.funcs.interpolate import request

    req = request("interpolate", data_layout, out_d, out_h, out_w, scale,
                  out_size.tensor.data if out_size else None,
                  [t.tensor.data for t in size_tensor if t],
                  scale_tensor.tensor.data if scale_tensor else None)
    out.set_dims(req.plan(x.dims())[0])
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def interp_antialias_infer_meta(x: MetaTensor, out_size: MetaTensor,
                                size_tensor: list[MetaTensor], scale_tensor: MetaTensor,
                                data_format: str, out_d: int, out_h: int, out_w: int,
                                scale: list[float], interp_method: str, align_corners: bool,
                                align_mode: int, output: MetaTensor) -> None:
    """output: x (4-D) with H and W resampled (interpolate_infer_meta's sizes), x's dtype
    and layout."""
    from phi.kernels.funcs.interp_antialias import antialias_request, check_method

    check_method(interp_method)
    if len(x.dims()) != 4:
        raise ValueError(f"interp_antialias: x must be 4-D, got dims {list(x.dims())}")
    req = antialias_request(data_format, out_d, out_h, out_w, scale,
                            out_size.tensor.data if out_size else None,
                            [t.tensor.data for t in size_tensor if t],
                            scale_tensor.tensor.data if scale_tensor else None)
    output.set_dims(req.plan(x.dims())[0])
    output.set_dtype(x.dtype())
    output.set_layout(x.layout())


def conv3d_transpose_infer_meta(x: MetaTensor, filter: MetaTensor, strides: list[int],
                                paddings: list[int], output_padding: list[int],
                                output_size: list[int], padding_algorithm: str, groups: int,
                                dilations: list[int], data_format: str,
                                out: MetaTensor) -> None:
    """out: conv3d_transpose's dims (a 4-D or 5-D x, as conv_transpose_infer_meta), x's
    dtype and layout."""
    from phi.kernels.funcs.conv_transpose import conv_transpose_out_dims

    out.set_dims(conv_transpose_out_dims(x.dims(), filter.dims(), strides, paddings,
                                         output_padding, output_size, padding_algorithm,
                                         groups, dilations, data_format, "conv3d_transpose"))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
