"""Grads of deformable_conv (Input, Offset, Filter and Mask) and deformable_conv_v1 (Input,
Offset, Filter; forward cases in conv.py): groups, deformable_groups, strides, paddings,
dilations, 1x1 kernels, samples beyond the image border (outside (-1, H) x (-1, W): no
gradient), im2col_step 1; float32 throughout, float64 for one case of each op.

Not exported, where Paddle 3.3.1's CPU grad is not the derivative (fluidphi's gradients do
not depend on im2col_step; tests/api/grad_fd/conv_grad.py checks them):
- an im2col_step above the batch (the attribute's default, 64, for any batch below it):
  Paddle's grad loops over batch / im2col_step = 0 blocks and leaves every gradient 0 (its
  forward clamps the step to the batch);
- an im2col_step above 1 that divides the batch (2 for a batch of 4): every gradient,
  Filter@GRAD included, differs from central differences of Paddle's own forward (checked
  on its program when this module was written), which fluidphi's match.

Nor samples exactly on a grid line or border (an integer Offset): the bilinear
interpolation's slope jumps there, and which side's slope a kernel takes is its choice.
"""

from typing import Any

from .conv import _dcn
from .spec import GradCase, In

_BORDER = (-1.5, 2.5, -2.5, 0.5, -0.5, 2.25, -1.75, 3.5, -3.5, 4.25, -4.25, 0.25)


def _grad(op: str, tag: str, x: tuple, w: tuple, dtype: str = "float32",
          **fields: Any) -> GradCase:
    wrt = ("Input", "Offset", "Filter") + (("Mask",) if op == "deformable_conv" else ())
    fields["attrs"] = {"im2col_step": 1, **fields.get("attrs", {})}
    return GradCase(_dcn(op, tag, x, w, dtype=dtype, **fields), wrt)


def _family(op: str) -> list[GradCase]:
    return [
        *(_grad(op, "groups_dg", (2, 4, 5, 6), (6, 2, 3, 3), dtype=dt,
                attrs={"groups": 2, "deformable_groups": 2, "paddings": [1, 1]})
          for dt in ("float32", "float64")),
        _grad(op, "strides_dilations", (1, 2, 7, 8), (3, 2, 2, 3),
              attrs={"strides": [2, 1], "dilations": [2, 2], "paddings": [1, 2]}),
        _grad(op, "dg4_kernel1", (2, 4, 3, 3), (4, 4, 1, 1), attrs={"deformable_groups": 4}),
        _grad(op, "beyond_border", (1, 2, 4, 4), (2, 2, 2, 2),
              offset=In((1, 8, 3, 3), "float32", -6.0, 6.0, special=_BORDER)),
    ]


GRAD_CASES = [*_family("deformable_conv"), *_family("deformable_conv_v1")]
