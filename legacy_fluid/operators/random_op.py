"""Random initializers a startup program runs: uniform_random, gaussian_random.

Out has `shape` (or the ShapeTensor / ShapeTensorList values) and `dtype` (a fluid VarType
number). A non-zero `seed` gives Paddle's bits; seed 0 draws from fluidphi's process-wide
generator (phi.kernels.funcs.random, docs/random.md).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import (
    OpKernel,
    UnsupportedOpVariantError,
    register_op_kernel,
)
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.operators.kernel_templates import OutOnlyKernel
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import random as random_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
#: Paddle 3.3.1's CPU kernels: the float types, half and complex too
_INIT_CPU = (*_FLOAT, DataType.FLOAT16, DataType.BFLOAT16, DataType.COMPLEX64,
             DataType.COMPLEX128)


def _add_shape_slots(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_input("ShapeTensor", "int32/int64 [rank]: the shape", dispensable=True)
    maker.add_input("ShapeTensorList", "one [1] tensor per dim", dispensable=True,
                    duplicable=True)
    maker.add_output("Out", "the random tensor")
    maker.add_attr("shape", AttrType.LONGS, [], "the shape (when no shape tensor is fed)")


class UniformRandomOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_shape_slots(self)
        self.add_attr("dtype", AttrType.INT, 5, "output type (fluid VarType number)")
        self.add_attr("min", AttrType.FLOAT, -1.0, "lower bound")
        self.add_attr("max", AttrType.FLOAT, 1.0, "upper bound (exclusive)")
        self.add_attr("seed", AttrType.INT, 0, "0: the process-wide generator")
        self.add_attr("diag_num", AttrType.INT, 0, "(unsupported) diagonal init")
        self.add_attr("diag_step", AttrType.INT, 0, "(unsupported) diagonal init")
        self.add_attr("diag_val", AttrType.FLOAT, 1.0, "(unsupported) diagonal init")


class GaussianRandomOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_shape_slots(self)
        self.add_attr("mean", AttrType.FLOAT, 0.0, "mean")
        self.add_attr("std", AttrType.FLOAT, 1.0, "standard deviation")
        self.add_attr("seed", AttrType.INT, 0, "0: the process-wide generator")
        self.add_attr("dtype", AttrType.INT, 5, "output type (fluid VarType number)")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


def requested_shape(ctx: ExecutionContext | InferShapeContext) -> tuple[int, ...]:
    shape_tensor = ctx.input_arrays("ShapeTensor")
    return full_funcs.requested_shape(shape_tensor[0] if shape_tensor else None,
                                      ctx.input_arrays("ShapeTensorList"), ctx.attr("shape"))


class RandomOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", requested_shape(ctx))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


class UniformRandomKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        low = ctx.attr("min")
        high = ctx.attr("max")
        seed = ctx.attr("seed")
        if ctx.attr("diag_num"):
            raise UnsupportedOpVariantError(ctx.op_type, "diag_num (a diagonal init)",
                                            "plain uniform values")
        data = out.mutable_data(ctx.place, out.dtype)
        random_funcs.uniform(ctx.xp, low, high, seed, data)


#: The kernel's dtype is the `dtype` attribute (a VarType number).
_SEEDED = [{"name": f"seeded [3, 4] {dtype}", "dtypes": [dtype],
            "attrs": {"shape": [3, 4], "seed": 7, "dtype": var_type}}
           for dtype, var_type in (("FLOAT32", 5), ("FLOAT64", 6), ("FLOAT16", 4),
                                   ("BFLOAT16", 22), ("COMPLEX64", 23), ("COMPLEX128", 24))]
VERIFY_CASES = {"uniform_random": _SEEDED, "gaussian_random": _SEEDED}

register_operator("uniform_random", RandomOp, UniformRandomOpMaker)
register_operator("gaussian_random", RandomOp, GaussianRandomOpMaker)
for _dtype in _INIT_CPU:
    register_op_kernel("uniform_random", "CPU", UniformRandomKernel, _dtype)
for _dtype in _FLOAT:
    register_op_kernel("uniform_random", "GPU", UniformRandomKernel, _dtype)
register_op_table(OutOnlyKernel, [
    OpKernelRow("gaussian_random", "GaussianRandomKernel", random_funcs.gaussian, _INIT_CPU, _FLOAT,
                attrs=("mean", "std", "seed")),
])
