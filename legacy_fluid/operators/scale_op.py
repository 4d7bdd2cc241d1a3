"""scale: Out = scale * X + bias (or scale * (X + bias)); `ScaleTensor` overrides `scale` and
`BiasTensor` `bias` (1-element tensors of any dtype, read as PHI Scalars)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import scale as scale_funcs


class ScaleOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("ScaleTensor", "1-element tensor overriding attr `scale`", dispensable=True)
        self.add_input("BiasTensor", "1-element tensor overriding attr `bias`", dispensable=True)
        self.add_output("Out", "scaled tensor")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "the scale factor")
        self.add_attr("bias", AttrType.FLOAT, 0.0, "the bias")
        self.add_attr("bias_after_scale", AttrType.BOOLEAN, True,
                      "add bias after scaling (True) or before (False)")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel (CPU)", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel (CPU)", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32",
                      "oneDNN kernel's data type", extra=True)
        self.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN kernel's data type",
                      extra=True)


def _check_scalar_tensor(slot: str, tensor: DenseTensor) -> None:
    """A tensor feeding a Scalar attribute holds one element (of any dtype: read as it is,
    then converted to X's type as Paddle converts a Scalar)."""
    if tensor.numel() != 1:
        raise ValueError(f"op 'scale': input '{slot}' must hold exactly one element (it is "
                         f"read as a Scalar), got dims {list(tensor.dims)}")


class ScaleOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype, once the Scalar tensors are checked (on every path: PHI reads them
        as Scalar attributes, not as kernel inputs)."""
        for slot in ("ScaleTensor", "BiasTensor"):
            if ctx.has_input(slot):
                _check_scalar_tensor(slot, ctx.input(slot))
        return super().get_expected_kernel_type(ctx)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("ScaleTensor", "BiasTensor"):
            return None  # read on the host as they are, never moved or cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ScaleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        scale = ctx.attr("scale")
        bias = ctx.attr("bias")
        bias_after_scale = ctx.attr("bias_after_scale")
        if ctx.has_input("ScaleTensor"):
            scale = ctx.input("ScaleTensor").numpy().reshape(-1)[0]
        if ctx.has_input("BiasTensor"):
            bias = ctx.input("BiasTensor").numpy().reshape(-1)[0]
        data = out.mutable_data(ctx.place, x.dtype)
        scale_funcs.scale(ctx.xp, x.data, scale, bias, bias_after_scale, data)


VERIFY_CASES = [
    {"name": "scale and bias", "attrs": {"scale": 2.5, "bias": 0.5}},
    {"name": "bias before scale", "attrs": {"bias_after_scale": False}},
    {"name": "ScaleTensor overrides scale",
     "inputs": {"ScaleTensor": {"shape": [1], "low": 0.5, "high": 3}},
     "dtypes": ["FLOAT32", "FLOAT64"]},
    {"name": "BiasTensor overrides bias",
     "inputs": {"BiasTensor": {"shape": [1], "low": -2, "high": 2}},
     "dtypes": ["FLOAT32", "FLOAT64"]},
]

register_operator("scale", ScaleOp, ScaleOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
               DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
               DataType.BOOL, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("scale", "CPU", ScaleKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8,
               DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64):
    register_op_kernel("scale", "GPU", ScaleKernel, _dtype)
