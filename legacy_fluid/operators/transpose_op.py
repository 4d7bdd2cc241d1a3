"""transpose / transpose2: permute axes; transpose2 also declares XShape ([0, *X.dims])."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import transpose as tr_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES


class TransposeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X with its axes permuted")
        self.add_attr("axis", AttrType.INTS, None,
                      "the permutation: output axis i is input axis axis[i]")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("data_format", AttrType.STRING, "AnyLayout", "oneDNN layout", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class Transpose2OpMaker(TransposeOpMaker):
    def make(self) -> None:
        super().make()
        self.add_output("XShape", "[0, *X.dims], kept for the gradient; holds no data",
                        extra=True)


class TransposeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        x_dims = ctx.get_input_dim("X")
        ctx.set_output_dim("Out", tr_funcs.transpose_dims(x_dims, ctx.attr("axis")))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        self.infer_outputs_beyond_kernel(ctx)

    def infer_outputs_beyond_kernel(self, ctx: InferShapeContext) -> None:
        """transpose2's XShape: dims [0, *X.dims], X's dtype and LoD (Out gets no LoD), no
        buffer: as Paddle's, the kernels of both forms leave it unwritten."""
        if ctx.has_output("XShape"):
            ctx.set_output_dim("XShape", tr_funcs.xshape_dims(ctx.get_input_dim("X")))
            ctx.set_output_dtype("XShape", ctx.get_input_dtype("X"))
            ctx.share_lod("X", "XShape")


class TransposeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        tr_funcs.transpose(ctx.xp, x.data, axis, data)


#: Paddle 3.3.1's CPU dtypes less uint16 / uint32 / uint64, which no fluid kernel is keyed
#: on (its PHI kernel `transpose` takes them)
_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

VERIFY_CASES = {
    "transpose": [
        {"name": "swap 2-D", "inputs": {"X": (3, 4)}, "attrs": {"axis": [1, 0]}},
        {"name": "permute 3-D", "inputs": {"X": (2, 3, 4)}, "attrs": {"axis": [2, 0, 1]}},
    ],
    "transpose2": [
        {"name": "swap 2-D", "inputs": {"X": (3, 4)}, "attrs": {"axis": [1, 0]}},
        {"name": "permute 3-D", "inputs": {"X": (2, 3, 4)}, "attrs": {"axis": [2, 0, 1]}},
    ],
}

register_operator("transpose", TransposeOp)
register_operator("transpose2", TransposeOp, Transpose2OpMaker)
for _op in ("transpose", "transpose2"):
    for _dtype in (*_CPU_TYPES, *FLOAT8_TYPES):
        register_op_kernel(_op, "CPU", TransposeKernel, _dtype)
    for _dtype in _GPU_TYPES:
        register_op_kernel(_op, "GPU", TransposeKernel, _dtype)
