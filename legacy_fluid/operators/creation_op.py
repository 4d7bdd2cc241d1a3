"""Creation ops (`dtype` attributes are fluid VarType numbers):

- eye: ones on the main diagonal of a num_rows x num_columns matrix (-1 columns: square);
- linspace / logspace: Num values from Start to Stop (powers of Base for logspace), the
  three (four) inputs 1-element tensors read on the host; the length is Num's value;
- tril_indices / triu_indices: [2, n] coordinates of a triangle of a rows x cols matrix;
- one_hot_v2 (PHI one_hot): X's int ids as one-hot rows of `depth` (depth_tensor wins);
- size (PHI numel): the element count of Input, a 0-D int64.

Math in phi.kernels.funcs.creation.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.common import host_ints

_EYE_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_SPACE_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64)
_INDEX_TYPES = (DataType.INT32, DataType.INT64)
_SIZE_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
               DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
               DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_SIZE_GPU_TYPES = tuple(t for t in _SIZE_TYPES if t is not DataType.BFLOAT16)


class EyeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_output("Out", "the identity-like matrix")
        self.add_attr("num_rows", AttrType.LONG, None, "rows")
        self.add_attr("num_columns", AttrType.LONG, -1, "columns (-1: num_rows)")
        self.add_attr("dtype", AttrType.INT, int(VarType.FP32), "element type (VarType)")


class TrilIndicesOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_output("out", "[2, n] (row, column) pairs")
        self.add_attr("rows", AttrType.INT, 0, "matrix rows")
        self.add_attr("cols", AttrType.INT, 0, "matrix columns")
        self.add_attr("offset", AttrType.INT, 0, "the boundary diagonal (> 0: above the main)")
        self.add_attr("dtype", AttrType.INT, int(VarType.INT64), "int32 or int64 (VarType)")


class TriuIndicesOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_output("out", "[2, n] (row, column) pairs")
        self.add_attr("row", AttrType.INT, 0, "matrix rows")
        self.add_attr("col", AttrType.INT, 0, "matrix columns")
        self.add_attr("offset", AttrType.INT, 0, "the boundary diagonal (> 0: above the main)")
        self.add_attr("dtype", AttrType.INT, int(VarType.INT64), "int32 or int64 (VarType)")


class OneHotV2OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "int ids in [0, depth)")
        self.add_input("depth_tensor", "1-element int depth overriding `depth`",
                       dispensable=True)
        self.add_output("Out", "X's dims and depth")
        self.add_attr("depth", AttrType.INT, -1, "the number of classes")
        self.add_attr("dtype", AttrType.INT, int(VarType.FP32), "element type of Out (VarType)")
        self.add_attr("allow_out_of_range", AttrType.BOOLEAN, False,
                      "ignored: Paddle raises on ids outside [0, depth) all the same")


class _DtypeAttrOp(OperatorWithKernel):
    """The `dtype` attribute picks the kernel; inputs (bounds) are read on the host."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(ctx.attr("dtype")).to_phi(), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None


class SpaceOp(_DtypeAttrOp):
    """linspace / logspace: Out's length is Num's value."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        num = ctx.input_var("Num").get_tensor().data
        ctx.set_output_dim("Out", (creation_funcs.space_count(self.type, num),))
        ctx.set_output_dtype("Out", VarType(ctx.attr("dtype")).to_phi())


class OneHotV2Op(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's int type picks the kernel; Out's type is the `dtype` attribute."""
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "depth_tensor":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SizeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # only its dims are read


class EyeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        num_rows = ctx.attr("num_rows")
        num_columns = ctx.attr("num_columns")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        out.resize(creation_funcs.eye_dims(num_rows, num_columns))
        data = out.mutable_data(ctx.place, dtype)
        creation_funcs.eye(ctx.xp, data)


class LinspaceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        start = ctx.input("Start")
        stop = ctx.input("Stop")
        num = ctx.input("Num")
        out = ctx.output("Out")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        out.resize((creation_funcs.space_count("linspace", num.data),))
        data = out.mutable_data(ctx.place, dtype)
        creation_funcs.linspace(ctx.xp, start.data, stop.data, data)


class LogspaceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        start = ctx.input("Start")
        stop = ctx.input("Stop")
        num = ctx.input("Num")
        base = ctx.input("Base")
        out = ctx.output("Out")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        out.resize((creation_funcs.space_count("logspace", num.data),))
        data = out.mutable_data(ctx.place, dtype)
        creation_funcs.logspace(ctx.xp, start.data, stop.data, base.data, data)


class TrilIndicesKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("out")
        rows = ctx.attr("rows")
        cols = ctx.attr("cols")
        offset = ctx.attr("offset")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        pairs = creation_funcs.triangle_indices("tril_indices", rows, cols, offset)
        out.resize(pairs.shape)
        data = out.mutable_data(ctx.place, dtype)
        data[...] = ctx.xp.asarray(pairs)


class TriuIndicesKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("out")
        row = ctx.attr("row")
        col = ctx.attr("col")
        offset = ctx.attr("offset")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        pairs = creation_funcs.triangle_indices("triu_indices", row, col, offset)
        out.resize(pairs.shape)
        data = out.mutable_data(ctx.place, dtype)
        data[...] = ctx.xp.asarray(pairs)


class OneHotV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        depth = ctx.attr("depth")
        if ctx.has_input("depth_tensor"):
            depth = int(host_ints(ctx.input("depth_tensor").data)[0])
        out.resize(creation_funcs.one_hot_dims(x.dims, depth))
        data = out.mutable_data(ctx.place, dtype)
        creation_funcs.one_hot(ctx.xp, x.data, depth, data)


class SizeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.INT64)
        creation_funcs.numel(input.data, data)


def _one(value: float, dtype: str = "float32") -> dict:
    return {"value": [value], "dtype": dtype}


def _per_dtype(name: str, inputs: dict, dtypes: tuple[DataType, ...]) -> list[dict]:
    """One case per kernel dtype: a program carries the `dtype` attribute (a VarType
    number) that picks it; float bounds are cast to it, as Paddle does."""
    return [{"name": f"{name} {dtype.name.lower()}", "dtypes": [dtype.name.lower()],
             "inputs": inputs, "attrs": {"dtype": int(VarType.from_phi(dtype))}}
            for dtype in dtypes]


VERIFY_CASES = {
    "eye": [{"name": "3x4", "attrs": {"num_rows": 3, "num_columns": 4}}],
    "linspace": _per_dtype("7 values", {"Start": _one(-3.5), "Stop": _one(7.9),
                                        "Num": _one(7, "int32")}, _SPACE_TYPES),
    "logspace": _per_dtype("base 2.5", {"Start": _one(-1.0), "Stop": _one(3.2),
                                        "Num": _one(5, "int32"), "Base": _one(2.5)},
                           _SPACE_TYPES),
    "tril_indices": [{"name": "4x3", "attrs": {"rows": 4, "cols": 3, "offset": -1}}],
    "triu_indices": [{"name": "4x3", "attrs": {"row": 4, "col": 3, "offset": 1}}],
    "one_hot_v2": [{"name": "depth 4", "attrs": {"depth": 4},
                    "inputs": {"X": {"value": [[1], [3]], "dtype": "int64"}}}],
}

register_operator("eye", _DtypeAttrOp, EyeOpMaker)
register_operator("linspace", SpaceOp)
register_operator("logspace", SpaceOp)
register_operator("tril_indices", _DtypeAttrOp, TrilIndicesOpMaker)
register_operator("triu_indices", _DtypeAttrOp, TriuIndicesOpMaker)
register_operator("one_hot_v2", OneHotV2Op, OneHotV2OpMaker)
register_operator("size", SizeOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _EYE_TYPES:
        register_op_kernel("eye", _backend, EyeKernel, _dtype)
    for _dtype in _SPACE_TYPES:
        register_op_kernel("linspace", _backend, LinspaceKernel, _dtype)
        register_op_kernel("logspace", _backend, LogspaceKernel, _dtype)
    for _dtype in _INDEX_TYPES:
        register_op_kernel("tril_indices", _backend, TrilIndicesKernel, _dtype)
        register_op_kernel("triu_indices", _backend, TriuIndicesKernel, _dtype)
        register_op_kernel("one_hot_v2", _backend, OneHotV2Kernel, _dtype)
for _dtype in _SIZE_TYPES:
    register_op_kernel("size", "CPU", SizeKernel, _dtype)
for _dtype in _SIZE_GPU_TYPES:
    register_op_kernel("size", "GPU", SizeKernel, _dtype)
