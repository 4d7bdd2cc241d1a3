"""split: cut X along `axis` into `num` equal parts or parts of the given `sections`."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, UnsupportedOpVariantError, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import concat_split as cs_funcs


class SplitOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("AxisTensor", "1-element int tensor overriding `axis`", dispensable=True)
        self.add_input("SectionsTensorList", "one 1-element tensor per section size",
                       duplicable=True, dispensable=True)
        self.add_output("Out", "the parts, in order", duplicable=True)
        self.add_attr("sections", AttrType.INTS, [],
                      "part sizes along `axis` (one may be -1: the rest)")
        self.add_attr("num", AttrType.INT, 0, "number of equal parts (used when > 0)")
        self.add_attr("axis", AttrType.INT, 0, "the axis to cut (negative: from the end)")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


def _plan(ctx: InferShapeContext | ExecutionContext, x_dims: tuple[int, ...]
          ) -> tuple[int, list[int]]:
    """(axis, section sizes): num > SectionsTensorList > sections; AxisTensor > axis."""
    if ctx.has_input("AxisTensor"):
        axis = int(ctx.input_var("AxisTensor").get_tensor().numpy().reshape(-1)[0])
    else:
        axis = int(ctx.attr("axis"))
    axis = cs_funcs.normalize_axis(axis, len(x_dims), "split")
    num = int(ctx.attr("num"))
    if num > 0:
        return axis, cs_funcs.split_num_sections(x_dims[axis], num)
    if ctx.input_size("SectionsTensorList") > 0:
        sections = [int(v.get_tensor().numpy().reshape(-1)[0])
                    for v in ctx.runtime.inputs["SectionsTensorList"]]
    else:
        sections = list(ctx.attr("sections"))
    return axis, cs_funcs.split_sections(x_dims[axis], sections)


class SplitOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        dtype = self.indicate_var_data_type(ctx, "X")
        if (ctx.place.is_cpu and int(ctx.attr("num")) > 0
                and dtype not in cs_funcs.SPLIT_WITH_NUM_CPU_TYPES):
            raise UnsupportedOpVariantError(
                "split", f"`num` > 0 on a {dtype} X on the CPU",
                "Paddle 3.3.1 has no CPU kernel for it (its split_with_num takes "
                f"{', '.join(str(t) for t in cs_funcs.SPLIT_WITH_NUM_CPU_TYPES)}); "
                "give `sections` instead")
        return OpKernelType(dtype, ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("AxisTensor", "SectionsTensorList"):
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SplitKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        outs = ctx.multi_output("Out")
        axis, sections = _plan(ctx, x.dims)
        datas = [None if o is None else o.mutable_data(ctx.place, x.dtype) for o in outs]
        cs_funcs.split(ctx.xp, x.data, sections, axis, datas)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

VERIFY_CASES = [
    {"name": "num 2 on axis 1", "inputs": {"X": (3, 4)}, "attrs": {"num": 2, "axis": 1},
     "outputs": {"Out": 2}},
    {"name": "sections with -1", "inputs": {"X": (6, 2)},
     "attrs": {"sections": [1, -1, 2], "axis": 0}, "outputs": {"Out": 3}},
]

register_operator("split", SplitOp, SplitOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("split", "CPU", SplitKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("split", "GPU", SplitKernel, _dtype)
