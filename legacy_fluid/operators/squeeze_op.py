"""squeeze / squeeze2: drop size-1 dims (all, or the listed ones); unsqueeze / unsqueeze2:
insert size-1 dims, the axes possibly from tensors. The `2` forms declare XShape.

Out is a copy of X's elements in the new dims; XShape records [0, *X.dims] (no data).
"""

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
from phi.kernels.funcs import squeeze as sq_funcs


def _add_xshape(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_output("XShape", "[0, *X.dims], kept for the gradient; holds no data", extra=True)


class SqueezeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X without the squeezed dims")
        self.add_attr("axes", AttrType.INTS, [],
                      "dims to drop when of size 1; empty: every size-1 dim")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class Squeeze2OpMaker(SqueezeOpMaker):
    def make(self) -> None:
        super().make()
        _add_xshape(self)


class UnsqueezeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("AxesTensor", "1-D int tensor of axes; overrides `axes`", dispensable=True)
        self.add_input("AxesTensorList", "one 1-element tensor per axis; overrides `axes`",
                       duplicable=True, dispensable=True)
        self.add_output("Out", "X with the new size-1 dims")
        self.add_attr("axes", AttrType.INTS, [],
                      "where to insert, applied in order (negative: from the end)")


class Unsqueeze2OpMaker(UnsqueezeOpMaker):
    def make(self) -> None:
        super().make()
        _add_xshape(self)


def _unsqueeze_axes(ctx: InferShapeContext | ExecutionContext) -> list[int]:
    """AxesTensorList > AxesTensor > axes (the PHI mapping's order)."""
    if ctx.input_size("AxesTensorList") > 0 and ctx.has_inputs("AxesTensorList"):
        return [int(v.get_tensor().numpy().reshape(-1)[0])
                for v in ctx.runtime.inputs["AxesTensorList"]]
    if ctx.has_input("AxesTensor"):
        return [int(v) for v in ctx.input_var("AxesTensor").get_tensor().numpy().reshape(-1)]
    return list(ctx.attr("axes"))


class SqueezeOp(OperatorWithKernel):
    """Out's dims from `out_dims`; X's dtype, and its lod when the first dim is kept;
    XShape when the op has it."""

    def out_dims(self, ctx: InferShapeContext, x_dims: tuple[int, ...]) -> tuple[int, ...]:
        return sq_funcs.squeeze_dims(x_dims, ctx.attr("axes"))


class UnsqueezeOp(SqueezeOp):
    def out_dims(self, ctx: InferShapeContext, x_dims: tuple[int, ...]) -> tuple[int, ...]:
        return sq_funcs.unsqueeze_dims(x_dims, _unsqueeze_axes(ctx))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("AxesTensor", "AxesTensorList"):
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SqueezeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        sq_funcs.reshape_copy(x.data, data)


class UnsqueezeKernel(SqueezeKernel):
    """The same copy: infer_shape already gave Out its dims."""


class Squeeze2Kernel(OpKernel):
    """squeeze2: the same copy; XShape keeps the dims infer_shape gave it, [0, *X.dims],
    and no buffer, as Paddle's (and the PHI kernels) leave it."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        sq_funcs.reshape_copy(x.data, data)


class Unsqueeze2Kernel(Squeeze2Kernel):
    """unsqueeze2: the same copy and XShape."""


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)
#: Paddle's CPU unsqueeze kernel has no float16 registration
_UNSQUEEZE_CPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.FLOAT16)

register_operator("squeeze", SqueezeOp)
register_operator("squeeze2", SqueezeOp, Squeeze2OpMaker)
register_operator("unsqueeze", UnsqueezeOp)
register_operator("unsqueeze2", UnsqueezeOp, Unsqueeze2OpMaker)
for _op, _kernel, _cpu_types in (
        ("squeeze", SqueezeKernel, _CPU_TYPES), ("squeeze2", Squeeze2Kernel, _CPU_TYPES),
        ("unsqueeze", UnsqueezeKernel, _UNSQUEEZE_CPU_TYPES),
        ("unsqueeze2", Unsqueeze2Kernel, _UNSQUEEZE_CPU_TYPES)):
    for _dtype in _cpu_types:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
    for _dtype in _GPU_TYPES:
        register_op_kernel(_op, "GPU", _kernel, _dtype)
