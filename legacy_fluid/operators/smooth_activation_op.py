"""Smooth activations: Out = f(X), X's dims, dtype and lod.

- softplus: X where beta * X > threshold, else log(1 + exp(beta * X)) / beta;
- silu: X * sigmoid(X); logsigmoid: log(sigmoid(X));
- mish: X * tanh(softplus(X)), softplus(X) = X above `threshold`;
- elu: alpha * (exp(X) - 1) where X < 0, else X;
- celu: alpha * (exp(X / alpha) - 1) where X < 0, else X.

Formulas, NaN and signed-zero behaviour follow Paddle's CPU functors (see
phi.kernels.funcs.activation). Every op is plain (its proto from phi/ops.yaml, its extra
attributes, Paddle 3.3.1's per op, from phi/op_compat.yaml) and uses `activation_op`'s
operator class.
"""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.activation_op import ActivationOp
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)


register_operator("softplus", ActivationOp)
register_operator("silu", ActivationOp)
register_operator("mish", ActivationOp)
register_operator("elu", ActivationOp)
register_operator("celu", ActivationOp)
register_operator("logsigmoid", ActivationOp)
#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes, attributes read and
#: passed after X), each dtype on both backends before the next (complex: CPU only)
register_op_table(SameDtypeKernel, [
    OpKernelRow("softplus", "SoftplusKernel", act_funcs.softplus, (*_FLOAT, *_COMPLEX), _FLOAT,
                attrs=("beta", "threshold")),
    OpKernelRow("silu", "SiluKernel", act_funcs.silu, (*_FLOAT, *_COMPLEX), _FLOAT),
    OpKernelRow("mish", "MishKernel", act_funcs.mish, _FLOAT, attrs=("threshold",)),
    OpKernelRow("elu", "EluKernel", act_funcs.elu, _FLOAT, attrs=("alpha",)),
    OpKernelRow("celu", "CeluKernel", act_funcs.celu, _FLOAT, attrs=("alpha",)),
    OpKernelRow("logsigmoid", "LogsigmoidKernel", act_funcs.logsigmoid, (*_FLOAT, *_COMPLEX),
                _FLOAT),
], by_dtype=True)
