"""Matrix functions over batches [..., n, n]: inverse, cholesky, determinant,
slogdeterminant, matrix_power.

inverse -> Output (an error for a matrix with a zero LU pivot); cholesky -> Out (lower, or
upper with `upper`; an error when not positive definite); determinant -> Out [...];
slogdeterminant -> Out [2, ...] (sign, log|det|); matrix_power -> Out = X^n (n < 0 inverts).
Semantics as Paddle's Eigen kernels: phi.kernels.funcs.linalg_matrix.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)


class InverseKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Output")
        data = out.mutable_data(ctx.place, x.dtype)
        mat_funcs.inverse(ctx.xp, x.data, data)


class DeterminantKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        mat_funcs.determinant(ctx.xp, x.data, data)


class SlogDeterminantKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        mat_funcs.slogdeterminant(ctx.xp, x.data, data)


def _well_conditioned(dtype: DataType, rng: np.random.Generator) -> np.ndarray:
    """Random 2 x 3 x 3 matrices + 4 I (invertible; positive definite once symmetrized)."""
    a = rng.uniform(-1, 1, (2, 3, 3)) + 4 * np.eye(3)
    return ((a + np.swapaxes(a, -1, -2)) / 2).astype(dtype.to_numpy())


VERIFY_CASES = {
    op: [{"inputs": {slot: _well_conditioned}, **({"attrs": {"n": -3}} if op == "matrix_power"
                                                  else {})}]
    for op, slot in (("inverse", "Input"), ("cholesky", "X"), ("determinant", "Input"),
                     ("slogdeterminant", "Input"), ("matrix_power", "X"))
}

register_operator("inverse", OperatorWithKernel)
register_operator("cholesky", OperatorWithKernel)
register_operator("determinant", OperatorWithKernel)
register_operator("slogdeterminant", OperatorWithKernel)
register_operator("matrix_power", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (*_FLOAT, *_COMPLEX):
        register_op_kernel("inverse", _backend, InverseKernel, _dtype)
        register_op_kernel("determinant", _backend, DeterminantKernel, _dtype)
        register_op_kernel("slogdeterminant", _backend, SlogDeterminantKernel, _dtype)
register_op_table(SameDtypeKernel, [
    OpKernelRow("cholesky", "CholeskyKernel", mat_funcs.cholesky, _FLOAT, attrs=("upper",)),
    OpKernelRow("matrix_power", "MatrixPowerKernel", mat_funcs.matrix_power, (*_FLOAT, *_COMPLEX),
                attrs=("n",)),
])
