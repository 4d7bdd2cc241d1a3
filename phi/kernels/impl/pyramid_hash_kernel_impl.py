"""pyramid_hash (`fluidphi migrate` output of legacy_fluid/operators/pyramid_hash_op.py;
inference only: WhiteList / BlackList, seed, lr and distribute_update_vars serve the
refused filters, training and the grad op, so they are extra slots in phi/op_compat.yaml).
Out's size is data-dependent: the kernel sizes it and sets its LoD. pyramid_hash_grad: an
SGD step on W in place, on W's device (x_grad left unwritten, as Paddle's). Math in
phi.kernels.funcs.pyramid_hash."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pyramid_hash as ph_funcs


@register_kernel("pyramid_hash", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.INT8])
def pyramid_hash_kernel(dev_ctx: DeviceContext, x: DenseTensor, w: DenseTensor, num_emb: int,
                        space_len: int, pyramid_layer: int, rand_len: int, drop_out_percent: float,
                        is_training: int, use_filter: bool, white_list_len: int,
                        black_list_len: int, out: OutTensor, drop_pos: OutTensor,
                        x_temp_out: OutTensor) -> None:
    ph_funcs.check_attrs(num_emb, space_len, rand_len, is_training,
                         use_filter, white_list_len,
                         black_list_len)
    rows, lod, drops, drop_lod = ph_funcs.pyramid_hash(
        x.data, x.lod, w.data, num_emb, space_len, pyramid_layer, rand_len,
        drop_out_percent)
    for tensor, values, tensor_lod in ((out, rows, lod), (drop_pos, drops, drop_lod),
                                       (x_temp_out, x.data.astype("float32"), [])):
        tensor.resize(values.shape)
        data = dev_ctx.alloc(tensor, DataType.from_numpy(values.dtype))
        data[...] = dev_ctx.xp.asarray(values)
        tensor.lod = tensor_lod


@register_kernel("pyramid_hash_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("pyramid_hash_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def pyramid_hash_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, w: DenseTensor,
                             drop_pos: DenseTensor, x_temp_out: DenseTensor,
                             out_grad: DenseTensor, num_emb: int, space_len: int,
                             pyramid_layer: int, rand_len: int, lr: float,
                             x_grad: OptionalOutTensor) -> None:
    ph_funcs.pyramid_hash_grad(dev_ctx.xp, x_temp_out.data, x.lod, drop_pos.data, drop_pos.lod,
                               out_grad.data, w.data, num_emb, space_len, pyramid_layer,
                               rand_len, lr)
