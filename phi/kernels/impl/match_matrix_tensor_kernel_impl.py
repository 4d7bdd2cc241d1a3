"""match_matrix_tensor (`fluidphi migrate` output of
legacy_fluid/operators/match_matrix_tensor_op.py). Math in phi.kernels.funcs.sequence."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs


@register_kernel("match_matrix_tensor", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("match_matrix_tensor", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def match_matrix_tensor_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                               w: DenseTensor, dim_t: int, out: OutTensor,
                               tmp: OutTensor) -> None:
    seq_funcs.check_match_dims("match_matrix_tensor", x.dims, y.dims, w.dims, dim_t)
    x_off, y_off, out_off = seq_funcs.match_offsets("match_matrix_tensor", x.dims, x.lod,
                                                    y.dims, y.lod, dim_t)
    seq_funcs.match_matrix_tensor(
        dev_ctx.xp, x.data, y.data, w.data, x_off, y_off, out_off,
        dev_ctx.alloc(out, x.dtype, (int(out_off[-1]), 1)),
        dev_ctx.alloc(tmp, x.dtype, (x.dims[0] * dim_t * x.dims[1], 1)))
    out.lod = [out_off.tolist()]
