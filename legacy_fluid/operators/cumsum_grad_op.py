"""cumsum_grad (PHI cumsum_grad): X (its dims only), Out@GRAD -> X@GRAD, the output gradient
summed from the other end along the forward's axis (over the flattened X with `flatten`),
`exclusive` as the forward's; attributes axis / flatten / exclusive / reverse as Paddle
3.3.1's grad OpDesc. Math: phi.kernels.funcs.cumsum."""

from __future__ import annotations

from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.cumsum_op import _CPU_TYPES, _GPU_TYPES
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from phi.kernels.funcs import cumsum as cumsum_funcs

VERIFY_CASES = {"cumsum_grad": [{"name": "flatten reverse",
                                 "inputs": {"X": (2, 3), "Out@GRAD": (6,)},
                                 "attrs": {"flatten": True, "reverse": True}}]}

register_operator("cumsum_grad", GradOp)
register_op_table(FlatGradKernel, [
    OpKernelRow("cumsum_grad", "CumsumGradKernel", cumsum_funcs.cumsum_grad, _CPU_TYPES, _GPU_TYPES,
                attrs=("axis", "flatten", "exclusive", "reverse")),
])
