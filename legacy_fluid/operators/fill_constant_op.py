"""fill_constant: Out = a tensor of `shape` (or ShapeTensor / ShapeTensorList) filled with
`value` (or a non-empty `str_value`, or ValueTensor), of element type `dtype` (a fluid
VarType number, default 5 = float32).

Precedence, as in Paddle: shape from ShapeTensor, then ShapeTensorList, then `shape`;
value from ValueTensor, then `str_value`, then `value`. `force_cpu` or `place_type` 0
put Out on the CPU; `place_type` 1/2 (CUDA / pinned) mean the GPU when the executor
runs on one.
"""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import CPUPlace, DataType, GPUPlace, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class FillConstantOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_attr("dtype", AttrType.INT, int(VarType.FP32), "element type of Out (VarType)")
        self.add_attr("shape", AttrType.LONGS, [], "dims of Out")
        self.add_input("ValueTensor", "1-element tensor overriding str_value and value",
                       dispensable=True)
        self.add_input("ShapeTensor", "1-D int tensor overriding shape", dispensable=True)
        self.add_input("ShapeTensorList", "1-element int tensors overriding shape",
                       duplicable=True, dispensable=True)
        self.add_attr("value", AttrType.FLOAT, 0.0, "the fill value")
        self.add_attr("str_value", AttrType.STRING, "",
                      "the fill value as text (precise for float64/int64); wins over value")
        self.add_attr("force_cpu", AttrType.BOOLEAN, False, "put Out in CPU memory")
        self.add_attr("place_type", AttrType.INT, -1,
                      "-1: executor's place, 0: CPU, 1: CUDA, 2: CUDA pinned, 3: XPU")
        self.add_output("Out", "the filled tensor")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class FillConstantOp(OperatorWithKernel):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Workaround: compat.phi_args.coerce_attr builds the PHI `value` Scalar with
        # Scalar(attr), which rejects text. Parse a non-empty str_value once, here, into
        # the Scalar Paddle's Scalar(std::string) makes (a float64), so both the mapping
        # (which names "str_value") and the legacy kernel read the same number.
        text = self.attrs.get("str_value")
        if isinstance(text, str) and text:
            self.attrs["str_value"] = Scalar(full_funcs.parse_str_value(text))

    def infer_shape(self, ctx: InferShapeContext) -> None:
        shape_tensor = ctx.input_arrays("ShapeTensor")
        dims = full_funcs.requested_shape(shape_tensor[0] if shape_tensor else None,
                                          ctx.input_arrays("ShapeTensorList"),
                                          ctx.attr("shape"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", VarType(ctx.attr("dtype")).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """dtype from the `dtype` attribute; place from force_cpu / place_type."""
        dtype = VarType(ctx.attr("dtype")).to_phi()
        place = ctx.place
        place_type = ctx.attr("place_type")
        if ctx.attr("force_cpu") or place_type == 0:
            place = CPUPlace()
        elif place_type in (1, 2) and place.is_gpu:
            place = GPUPlace(place.device_id)
        return OpKernelType(dtype, place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("ShapeTensor", "ShapeTensorList"):
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class FillConstantKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        value_tensor = ctx.input("ValueTensor")
        shape_tensor = ctx.input("ShapeTensor")
        shape_tensor_list = ctx.multi_input("ShapeTensorList")
        out = ctx.output("Out")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        shape = ctx.attr("shape")
        value = ctx.attr("value")
        str_value = ctx.attr("str_value")
        dims = full_funcs.requested_shape(
            None if shape_tensor is None else shape_tensor.data,
            [t.data for t in shape_tensor_list if t is not None and t.initialized()], shape)
        fill = full_funcs.requested_value(
            None if value_tensor is None else value_tensor.data, str_value, value)
        out.resize(dims)
        data = out.mutable_data(ctx.place, dtype)
        full_funcs.full(ctx.xp, fill, data)


register_operator("fill_constant", FillConstantOp, FillConstantOpMaker)
for _dtype in _TYPES:
    register_op_kernel("fill_constant", "GPU", FillConstantKernel, _dtype)
for _dtype in (*_TYPES, *FLOAT8_TYPES):
    register_op_kernel("fill_constant", "CPU", FillConstantKernel, _dtype)
