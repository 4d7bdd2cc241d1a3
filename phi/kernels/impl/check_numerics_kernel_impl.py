"""check_numerics: NaN / inf / zero counts and max / min / mean of a tensor (`fluidphi
migrate` output of legacy_fluid/operators/check_numerics_op.py). Math in
phi.kernels.funcs.debugging.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import debugging
from phi.kernels.funcs.cast import FLOAT8_TYPES

_DTYPES = list(debugging.CHECK_NUMERICS_DTYPES)


@register_kernel("check_numerics", Backend.CPU, DataLayout.ALL_LAYOUT, [*_DTYPES, *FLOAT8_TYPES])
@register_kernel("check_numerics", Backend.GPU, DataLayout.ALL_LAYOUT, _DTYPES)
def check_numerics_kernel(dev_ctx: DeviceContext, tensor: DenseTensor, op_type: str,
                          var_name: str, check_nan_inf_level: int, stack_height_limit: int,
                          output_dir: str, stats: OutTensor, values: OutTensor) -> None:
    debugging.check_numerics(dev_ctx.xp, "check_numerics", tensor.data, op_type, var_name,
                             check_nan_inf_level, output_dir,
                             dev_ctx.alloc(stats, DataType.INT64),
                             dev_ctx.alloc(values, DataType.FLOAT32))
