"""More reductions over `dim` (every axis when reduce_all is set or dim is empty):

- reduce_all / reduce_any: whether every / some element is non-zero (bool Out; NaN is
  non-zero; over no elements True / False);
- reduce_amax / reduce_amin: the largest / smallest element (NaN wins); reduce_all with a
  `dim` naming only some axes is refused (Paddle 3.3.1 returns uninitialized memory);
- logsumexp (`axis`, `keepdim`, `reduce_all`): m + log(sum(exp(X - m))), m the max (a
  row of -inf or holding +inf gives NaN, as Paddle's);
- p_norm (`porder`, `axis`, `keepdim`, `asvector`; `epsilon` is unused forward): the
  vector p-norm along `axis` (of all of X with `asvector`); 0 counts non-zeros, +-inf are
  the max / min of |X| (a NaN counts only when it is the last element, as Paddle's Eigen
  fold); a 0-d X is refused (Paddle's kernel reads past its dims).

The fluid reduce ops carry the AxisTensor / AxisTensorList inputs of Paddle's proto;
Paddle 3.3.1's legacy programs ignore them (the `dim` attribute decides), and so does
fluidphi. Math in phi.kernels.funcs.reduce_ext.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.reduce_op import ReduceOp
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import reduce_ext as ext_funcs

_LOGICAL = (DataType.BOOL, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
            DataType.COMPLEX64, DataType.COMPLEX128)
_EXTREMUM = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class ReduceExtOpMaker(OpProtoAndCheckerMaker):
    """The reduce ops Paddle generates from its op yaml: fluid's reduce attributes (`dim`
    as int64s) and the axis tensors (ignored by Paddle's legacy programs)."""

    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("AxisTensor", "1-D int tensor of axes (ignored, as by Paddle)",
                       dispensable=True)
        self.add_input("AxisTensorList", "1-element int tensors of axes (ignored)",
                       dispensable=True, duplicable=True)
        self.add_output("Out", "the reduced tensor")
        self.add_attr("dim", AttrType.LONGS, [0],
                      "axes to reduce (negative: from the end); empty: all")
        self.add_attr("keep_dim", AttrType.BOOLEAN, False, "keep reduced axes as size 1")
        self.add_attr("reduce_all", AttrType.BOOLEAN, False, "reduce over every axis")
        self.add_attr("in_dtype", AttrType.INT, -1, "(unused) input cast, fluid VarType number")
        self.add_attr("out_dtype", AttrType.INT, -1, "(unused) output type")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class LogsumexpOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "log(sum(exp(X))) over the axes")
        self.add_attr("axis", AttrType.INTS, [], "axes to reduce; empty: all")
        self.add_attr("keepdim", AttrType.BOOLEAN, False, "keep reduced axes as size 1")
        self.add_attr("reduce_all", AttrType.BOOLEAN, False, "reduce over every axis")


class ReduceLogicalOp(ReduceOp):
    """reduce_all / reduce_any: a bool Out."""

    def out_dtype(self, x_dtype: DataType) -> DataType:
        return DataType.BOOL


class ReduceExtremumOp(ReduceOp):
    """reduce_amax / reduce_amin: refuse reduce_all with a partial `dim`."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ext_funcs.check_reduce_all(self.type, len(ctx.get_input_dim("X")), ctx.attr("dim"),
                                   ctx.attr("reduce_all"))
        super().infer_shape(ctx)


class LogsumexpOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = reduce_funcs.reduce_dims(ctx.get_input_dim("X"), ctx.attr("axis"),
                                        ctx.attr("keepdim"), ctx.attr("reduce_all"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class PNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ext_funcs.p_norm_dims(ctx.get_input_dim("X"), ctx.attr("axis"),
                                     ctx.attr("keepdim"), ctx.attr("asvector"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _ReduceExtKernel(OpKernel):
    """Out = REDUCE(X) over the axes; each op's kernel sets REDUCE (and BOOL_OUT)."""

    BOOL_OUT = False

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = out.mutable_data(ctx.place, DataType.BOOL if self.BOOL_OUT else x.dtype)
        self.REDUCE(ctx.xp, x.data, axes, data)


class ReduceAllKernel(_ReduceExtKernel):
    REDUCE = staticmethod(ext_funcs.reduce_all)
    BOOL_OUT = True


class ReduceAnyKernel(_ReduceExtKernel):
    REDUCE = staticmethod(ext_funcs.reduce_any)
    BOOL_OUT = True


class ReduceAmaxKernel(_ReduceExtKernel):
    REDUCE = staticmethod(reduce_funcs.reduce_max)


class ReduceAminKernel(_ReduceExtKernel):
    REDUCE = staticmethod(reduce_funcs.reduce_min)


class LogsumexpKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
        data = out.mutable_data(ctx.place, x.dtype)
        ext_funcs.logsumexp(ctx.xp, x.data, axes, data)


class PNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        porder = ctx.attr("porder")
        axis = ctx.attr("axis")
        asvector = ctx.attr("asvector")
        data = out.mutable_data(ctx.place, x.dtype)
        ext_funcs.p_norm(ctx.xp, x.data, porder, axis, asvector, data)


VERIFY_CASES = {
    "reduce_all": [{"name": "dim 1", "inputs": {"X": (3, 4)}, "attrs": {"dim": [1]}}],
    "reduce_amax": [{"name": "reduce_all", "inputs": {"X": (3, 4)},
                     "attrs": {"dim": [], "reduce_all": True}}],
    "logsumexp": [{"name": "axis 1 keepdim", "inputs": {"X": (3, 4)},
                   "attrs": {"axis": [1], "keepdim": True}}],
    "p_norm": [{"name": "p 3 axis 0", "inputs": {"X": (3, 4)},
                "attrs": {"porder": 3.0, "axis": 0}},
               {"name": "inf asvector", "inputs": {"X": (3, 4)},
                "attrs": {"porder": float("inf"), "asvector": True}}],
}

register_operator("reduce_all", ReduceLogicalOp, ReduceExtOpMaker)
register_operator("reduce_any", ReduceLogicalOp, ReduceExtOpMaker)
register_operator("reduce_amax", ReduceExtremumOp, ReduceExtOpMaker)
register_operator("reduce_amin", ReduceExtremumOp, ReduceExtOpMaker)
register_operator("logsumexp", LogsumexpOp, LogsumexpOpMaker)
register_operator("p_norm", PNormOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _LOGICAL:
        register_op_kernel("reduce_all", _backend, ReduceAllKernel, _dtype)
        register_op_kernel("reduce_any", _backend, ReduceAnyKernel, _dtype)
    for _dtype in _EXTREMUM:
        register_op_kernel("reduce_amax", _backend, ReduceAmaxKernel, _dtype)
        register_op_kernel("reduce_amin", _backend, ReduceAminKernel, _dtype)
    for _dtype in _FLOAT:
        register_op_kernel("logsumexp", _backend, LogsumexpKernel, _dtype)
        register_op_kernel("p_norm", _backend, PNormKernel, _dtype)
