"""reshape / reshape2: Out = X's elements in the dims asked for.

The shape comes from ShapeTensor (a list of 1-element int tensors) when given, else
from the 1-D int tensor Shape, else from the `shape` attribute. A 0 keeps X's dim at
that index and one -1 is inferred from the element count.

reshape2 also has XShape, which records X's dims as [0, *X.dims] (for the grad op) and
holds no data. One operator class serves both ops.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import reshape as reshape_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class ReshapeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("Shape", "1-D int tensor: the new shape (wins over `shape`)",
                       dispensable=True)
        self.add_input("ShapeTensor", "1-element int tensors: the new shape (wins over all)",
                       duplicable=True, dispensable=True)
        self.add_output("Out", "X reshaped")
        self.add_attr("shape", AttrType.INTS, [], "new shape; 0 keeps a dim, -1 is inferred")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_quantizer", AttrType.BOOLEAN, False, "deprecated int8 switch",
                      extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class Reshape2OpMaker(ReshapeOpMaker):
    def make(self) -> None:
        super().make()
        self.add_output("XShape", "[0, *X.dims]: dims only, no data")


class ReshapeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "ShapeTensor":
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


def _out_dims(x: DenseTensor, shape_tensor: DenseTensor | None,
              shape_tensor_list: list[DenseTensor], shape: list[int]) -> tuple[int, ...]:
    """Out's dims: ShapeTensor > Shape > shape (fed, initialized tensors only)."""
    requested = reshape_funcs.requested_shape(
        [t.data for t in shape_tensor_list if t is not None and t.initialized()],
        shape_tensor.data if shape_tensor is not None and shape_tensor.initialized()
        else None, shape)
    return reshape_funcs.infer_reshape_dims(requested, x.dims)


class ReshapeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        shape_tensor = ctx.input("Shape")
        shape_tensor_list = ctx.multi_input("ShapeTensor")
        out = ctx.output("Out")
        shape = ctx.attr("shape")
        out.resize(_out_dims(x, shape_tensor, shape_tensor_list, shape))
        data = out.mutable_data(ctx.place, x.dtype)
        reshape_funcs.reshape(ctx.xp, x.data, data)


class Reshape2Kernel(OpKernel):
    """reshape's Out, then XShape's dims ([0, *X.dims], no buffer, as Paddle's)."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        shape_tensor = ctx.input("Shape")
        shape_tensor_list = ctx.multi_input("ShapeTensor")
        out = ctx.output("Out")
        xshape = ctx.output("XShape") if ctx.has_output("XShape") else None
        shape = ctx.attr("shape")
        out.resize(_out_dims(x, shape_tensor, shape_tensor_list, shape))
        data = out.mutable_data(ctx.place, x.dtype)
        reshape_funcs.reshape(ctx.xp, x.data, data)
        if xshape is not None:
            xshape.resize(reshape_funcs.xshape_dims(x.dims))


VERIFY_CASES = {
    "reshape": [
        {"name": "0 copies a dim, -1 infers", "inputs": {"X": (2, 3, 4)},
         "attrs": {"shape": [0, -1]}},
        {"name": "flat", "inputs": {"X": (3, 4)}, "attrs": {"shape": [12]}},
    ],
    "reshape2": [
        {"name": "0 copies a dim, -1 infers", "inputs": {"X": (2, 3, 4)},
         "attrs": {"shape": [0, -1]}},
        {"name": "Shape tensor wins over attr", "inputs": {
            "X": (3, 4), "Shape": {"value": [4, 3], "dtype": "int32"}},
         "attrs": {"shape": [12]}},
    ],
}

register_operator("reshape", ReshapeOp, ReshapeOpMaker)
register_operator("reshape2", ReshapeOp, Reshape2OpMaker)
for _dtype in _TYPES:
    register_op_kernel("reshape", "CPU", ReshapeKernel, _dtype)
    register_op_kernel("reshape", "GPU", ReshapeKernel, _dtype)
    register_op_kernel("reshape2", "CPU", Reshape2Kernel, _dtype)
    register_op_kernel("reshape2", "GPU", Reshape2Kernel, _dtype)
for _dtype in FLOAT8_TYPES:  # Paddle's PHI reshape kernel takes every dtype
    register_op_kernel("reshape", "CPU", ReshapeKernel, _dtype)
    register_op_kernel("reshape2", "CPU", Reshape2Kernel, _dtype)
