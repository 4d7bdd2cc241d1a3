"""spectral_norm: Weight divided by its spectral norm, estimated by power iterations from
U and V. Math and shape rules: phi.kernels.funcs.vision_norm."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_norm as norm_funcs


class SpectralNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        weight = ctx.input("Weight")
        u = ctx.input("U")
        v = ctx.input("V")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        power_iters = ctx.attr("power_iters")
        eps = ctx.attr("eps")
        data = out.mutable_data(ctx.place, weight.dtype)
        norm_funcs.spectral_norm(ctx.xp, weight.data, u.data, v.data, dim, power_iters, eps,
                                 data)


register_operator("spectral_norm", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("spectral_norm", "CPU", SpectralNormKernel, _dtype)
    register_op_kernel("spectral_norm", "GPU", SpectralNormKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "dim 1", "attrs": {"dim": 1, "power_iters": 3},
                 "inputs": {"Weight": (3, 4, 2), "U": (4,), "V": (6,)}}]
