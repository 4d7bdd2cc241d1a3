"""elementwise_{add,sub,mul,div,max,min,pow,floordiv,mod,fmax,fmin,heaviside}: Out = X (op) Y.

Y's dims line up with X's starting at dimension `axis` (-1: trailing dims, as NumPy);
trailing 1s of Y that overhang X are dropped, then size-1 dims broadcast. When Y has
more dims than X the roles swap. See phi.kernels.funcs.elementwise.

One operator class serves the nine ops (as Paddle's ElementwiseOp), each with Paddle
3.3.1's extra attributes (elementwise_min keeps the x_data_format / y_data_format layout
hints Paddle still lists for it; an older program's attribute the proto no longer declares
is carried along unread). Each op has its own small kernel:

- add: X + Y (integers wrap; bool: or); sub: X - Y; mul: X * Y (bool: and);
- div: X / Y (integers truncate toward zero; bool X / True is X); an integer or bool zero
  divisor is an error, as in Paddle;
- max / min: NaN propagates;
- pow: X ** Y (integers via double pow, truncated);
- floordiv / mod: Python's // and % (floor; the remainder takes Y's sign; float mod keeps
  X's sign on a zero remainder); an integer zero divisor is an error;
- fmax / fmin (Paddle 3.3.1 and 2.x: no `axis`, NumPy broadcasting): a NaN operand is
  skipped, Y wins ties (+-0); integers go through float32 / float64;
- heaviside (no `axis`): Y where X == 0, else 1 for X > 0 and 0 otherwise (NaN X gives 0).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import UnsupportedOpVariantError
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import AxisBinaryKernel, NoAxisBinaryKernel
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import elementwise as ew_funcs

#: Paddle 3.3.1's dtypes (phi.kernels.funcs.elementwise): add / sub / mul / div on the GPU;
#: per op on the CPU (add / div: no half types; sub: no float16; mul: bool, no float16, no
#: int16); max / min and pow (GPU: float16 too); floordiv, mod, and the ops without `axis`
_TYPES = ew_funcs.ADD_DIVIDE_GPU_TYPES
_ADD_CPU_TYPES = ew_funcs.ADD_DIVIDE_CPU_TYPES
_SUB_CPU_TYPES = ew_funcs.SUBTRACT_CPU_TYPES
_MUL_CPU_TYPES = ew_funcs.MULTIPLY_CPU_TYPES
_REAL_CPU_TYPES = ew_funcs.MAX_MIN_CPU_TYPES
_REAL_TYPES = ew_funcs.MAX_MIN_GPU_TYPES
_POW_CPU_TYPES = ew_funcs.POW_CPU_TYPES
_FLOORDIV_TYPES = ew_funcs.FLOOR_DIVIDE_TYPES
_NO_AXIS_TYPES = ew_funcs.NO_AXIS_TYPES
_MOD_TYPES = ew_funcs.REMAINDER_TYPES


#: floordiv / mod: an integer zero divisor is an error, so Y stays away from 0 (the other
#: ops' cases are in migrate/verify_cases.py).
_DIVISOR_CASES = [
    {"name": "positive divisor", "inputs": {"X": {"shape": (3, 4), "low": -9, "high": 9},
                                            "Y": {"shape": (3, 4), "low": 1, "high": 5}}},
    {"name": "negative divisor", "inputs": {"X": {"shape": (3, 4), "low": -9, "high": 9},
                                            "Y": {"shape": (3, 4), "low": -5, "high": -1}}},
    {"name": "broadcast along axis 0", "inputs": {"X": (3, 4), "Y": {"shape": (3,), "low": 1,
                                                                     "high": 5}},
     "attrs": {"axis": 0}},
]
VERIFY_CASES = {
    "elementwise_floordiv": _DIVISOR_CASES,
    "elementwise_mod": _DIVISOR_CASES,
    "elementwise_div": [
        {"name": "nonzero divisor", "inputs": {"X": (3, 4), "Y": {"shape": (3, 4), "low": 1,
                                                                 "high": 5}}},
        {"name": "broadcast along axis 0", "inputs": {"X": (3, 4), "Y": {"shape": (3,),
                                                                         "low": 1, "high": 5}},
         "attrs": {"axis": 0}},
    ],
}


class ElementwiseOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "first operand")
        self.add_input("Y", "second operand, broadcast against X")
        self.add_output("Out", "result, with the broadcast dims and X's dtype")
        self.add_attr("axis", AttrType.INT, -1,
                      "dimension of X where Y's dims start; -1 aligns the trailing dims")
        self.add_extra_attrs()

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN data type", extra=True)
        self.add_int8_attrs()

    def add_int8_attrs(self) -> None:
        """The oneDNN int8 extras every elementwise op carries."""
        self.add_attr("use_quantizer", AttrType.BOOLEAN, False, "deprecated int8 switch",
                      extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)
        self.add_attr("Scale_x", AttrType.FLOAT, 1.0, "int8 scale of X", extra=True)
        self.add_attr("Scale_y", AttrType.FLOAT, 1.0, "int8 scale of Y", extra=True)
        self.add_attr("Scale_out", AttrType.FLOAT, 1.0, "int8 scale of Out", extra=True)


class ElementwiseOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        axis = ctx.attr("axis")
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("X"), ctx.get_input_dim("Y"), axis)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype (promoted to complex when either operand is complex)."""
        dtype = ew_funcs.promote_if_complex(self.indicate_var_data_type(ctx, "X"),
                                            self.indicate_var_data_type(ctx, "Y"))
        if (ctx.op_type == "elementwise_div" and ctx.attr("axis") != -1 and ctx.place.is_cpu
                and dtype in ew_funcs.NO_DIVIDE_RAW_CPU_TYPES):
            raise UnsupportedOpVariantError(
                ctx.op_type, f"`axis` {ctx.attr('axis')} (not -1) on {dtype} operands on the CPU",
                "Paddle 3.3.1 has no CPU kernel for it (its divide_raw takes no int8, uint8 or "
                "int16); give `axis` -1 with Y's dims aligned to X's trailing dims instead")
        return OpKernelType(dtype, ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        """A real operand of a complex kernel is cast to the kernel's complex type (so the
        result is complex, as the casts Paddle's loader inserts make it); else as usual."""
        if expected.data_type.is_complex and not tensor.dtype.is_complex:
            return OpKernelType(tensor.dtype, tensor.place, tensor.layout,
                                expected.library_type)
        return super().get_kernel_type_for_var(slot, tensor, expected)


class NoAxisElementwiseOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("X"), ctx.get_input_dim("Y"), -1)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


for _op in ("elementwise_max", "elementwise_min", "elementwise_pow"):
    register_operator(_op, ElementwiseOp)
for _op in ("elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div"):
    register_operator(_op, ElementwiseOp, ElementwiseOpMaker)
#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes when they differ)
register_op_table(AxisBinaryKernel, [
    OpKernelRow("elementwise_add", "ElementwiseAddKernel", ew_funcs.add, _ADD_CPU_TYPES, _TYPES),
    OpKernelRow("elementwise_div", "ElementwiseDivKernel", ew_funcs.divide, _ADD_CPU_TYPES,
                _TYPES),
    OpKernelRow("elementwise_sub", "ElementwiseSubKernel", ew_funcs.subtract, _SUB_CPU_TYPES,
                _TYPES),
    OpKernelRow("elementwise_mul", "ElementwiseMulKernel", ew_funcs.multiply, _MUL_CPU_TYPES,
                _TYPES),
    OpKernelRow("elementwise_max", "ElementwiseMaxKernel", ew_funcs.maximum, _REAL_CPU_TYPES,
                _REAL_TYPES),
    OpKernelRow("elementwise_min", "ElementwiseMinKernel", ew_funcs.minimum, _REAL_CPU_TYPES,
                _REAL_TYPES),
    OpKernelRow("elementwise_pow", "ElementwisePowKernel", ew_funcs.elementwise_pow,
                _POW_CPU_TYPES, ew_funcs.POW_GPU_TYPES),
])
register_operator("elementwise_floordiv", ElementwiseOp)
register_operator("elementwise_mod", ElementwiseOp)
register_op_table(AxisBinaryKernel, [
    OpKernelRow("elementwise_floordiv", "ElementwiseFloorDivKernel", ew_funcs.floor_divide,
                _FLOORDIV_TYPES),
    OpKernelRow("elementwise_mod", "ElementwiseModKernel", ew_funcs.remainder, _MOD_TYPES),
], by_dtype=True)
for _op in ("elementwise_fmax", "elementwise_fmin", "elementwise_heaviside"):
    register_operator(_op, NoAxisElementwiseOp)
register_op_table(NoAxisBinaryKernel, [
    OpKernelRow("elementwise_fmax", "ElementwiseFmaxKernel", ew_funcs.fmax, _NO_AXIS_TYPES),
    OpKernelRow("elementwise_fmin", "ElementwiseFminKernel", ew_funcs.fmin, _NO_AXIS_TYPES),
    OpKernelRow("elementwise_heaviside", "ElementwiseHeavisideKernel", ew_funcs.heaviside,
                _NO_AXIS_TYPES),
], by_dtype=True)
