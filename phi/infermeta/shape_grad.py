"""InferMeta of the shape ops' gradients and of the forward kernels that record XShape
(squeeze / unsqueeze with xshape): a gradient takes the forward input's dims, read from
XShape ([0, *x.dims]) or, for transpose, from the output gradient's dims permuted back."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def _set_xshape(x: MetaTensor, xshape: MetaTensor) -> None:
    from phi.kernels.funcs.transpose import xshape_dims

    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
        xshape.share_lod(x)


def squeeze_with_xshape_infer_meta(x: MetaTensor, axes, out: MetaTensor,
                                   xshape: MetaTensor) -> None:
    """squeeze_infer_meta, plus xshape = [0, *x.dims] when that output exists."""
    from phi.infermeta.unary import squeeze_infer_meta

    squeeze_infer_meta(x, axes, out)
    _set_xshape(x, xshape)


def unsqueeze_with_xshape_infer_meta(x: MetaTensor, axes, out: MetaTensor,
                                     xshape: MetaTensor) -> None:
    """unsqueeze_infer_meta, plus xshape = [0, *x.dims] when that output exists."""
    from phi.infermeta.unary import unsqueeze_infer_meta

    unsqueeze_infer_meta(x, axes, out)
    _set_xshape(x, xshape)


def kernel_with_xshape_infer_meta(xshape: MetaTensor, out_grad: MetaTensor,
                                  x_grad: MetaTensor) -> None:
    """x_grad: the dims XShape records (all but its leading 0), out_grad's dtype."""
    from phi.kernels.funcs.shape_grad import x_dims_from_xshape

    x_grad.set_dims(x_dims_from_xshape(xshape.dims()))
    x_grad.set_dtype(out_grad.dtype())
    x_grad.set_layout(out_grad.layout())
    x_grad.share_lod(xshape)


def transpose_grad_infer_meta(out_grad: MetaTensor, axis: list[int],
                              x_grad: MetaTensor) -> None:
    """x_grad: out_grad's dims permuted back by the inverse of the forward's axis."""
    from phi.kernels.funcs.shape_grad import transpose_grad_dims

    x_grad.set_dims(transpose_grad_dims(out_grad.dims(), axis))
    x_grad.set_dtype(out_grad.dtype())
    x_grad.set_layout(out_grad.layout())

