"""Grads of reduce_sum, reduce_mean, reduce_max, reduce_min and reduce_prod (PHI sum_grad,
mean_grad, max_grad, min_grad, prod_grad), reduce_amax / reduce_amin (amax_grad /
amin_grad; also the forward's ignored AxisTensor / AxisTensorList, `dim` as int64s) and
logsumexp (logsumexp_grad: X, Out, Out@GRAD; axis / keepdim / reduce_all). Slots as Paddle's
grad OpDescs: X (and Out for max / min / prod), Out@GRAD -> X@GRAD; attributes the
forward's. Math: phi.kernels.funcs.reduce_grad (reduce_mean's beside reduce_mean in
phi.kernels.funcs.reduce).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import reduce_grad as reduce_grad_funcs


def _forward_attrs(maker: OpProtoAndCheckerMaker, dtypes: bool = True,
                   dim_type: AttrType = AttrType.INTS) -> None:
    """The attributes of the forward reduce op, which the grad OpDesc carries (`dtypes`: with
    in_dtype / out_dtype; `dim_type`: the forward's type of `dim`)."""
    maker.add_attr("dim", dim_type, [0], "the forward's axes")
    maker.add_attr("keep_dim", AttrType.BOOLEAN, False, "the forward's keep_dim")
    maker.add_attr("reduce_all", AttrType.BOOLEAN, False, "the forward's reduce_all")
    if dtypes:
        maker.add_attr("in_dtype", AttrType.INT, -1, "the forward's in_dtype")
        maker.add_attr("out_dtype", AttrType.INT, -1, "the forward's out_dtype")


class ReduceSumGradOpMaker(OpProtoAndCheckerMaker):
    """sum: X for its dims only."""

    DTYPES = True

    def make(self) -> None:
        self.add_input("X", "the forward input (its dims)")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        _forward_attrs(self, self.DTYPES)


class ReduceMeanGradOpMaker(ReduceSumGradOpMaker):
    """mean: as sum, without the dtype attributes (PHI mean_grad takes none)."""

    DTYPES = False


class ReduceWithOutGradOpMaker(OpProtoAndCheckerMaker):
    """max / min / prod: the forward's Out too."""

    def make(self) -> None:
        self.add_input("X", "the forward input")
        self.add_input("Out", "the forward's result")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        _forward_attrs(self)


class ReduceExtremumGradOpMaker(OpProtoAndCheckerMaker):
    """reduce_amax / reduce_amin: X, the forward's axis tensors (ignored, as the forward
    ignores them), Out; `dim` as int64s."""

    def make(self) -> None:
        self.add_input("X", "the forward input")
        self.add_input("AxisTensor", "the forward's axis tensor (ignored)", dispensable=True)
        self.add_input("AxisTensorList", "the forward's axis tensors (ignored)",
                       dispensable=True, duplicable=True)
        self.add_input("Out", "the forward's result")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        _forward_attrs(self, dim_type=AttrType.LONGS)


class ReduceSumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = x_grad.mutable_data(ctx.place, x.dtype)
        reduce_grad_funcs.reduce_sum_grad(ctx.xp, tuple(x.dims), out_grad.data, axes, data)


class ReduceMeanGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        reduce_funcs.reduce_mean_grad(ctx.xp, x.data, out_grad.data, axes, data)


class _ReduceWithOutGradKernel(OpKernel):
    """X@GRAD from X, Out and Out@GRAD; each op's kernel sets GRAD."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = x_grad.mutable_data(ctx.place, x.dtype)
        self.GRAD(ctx.xp, x.data, out.data, out_grad.data, axes, data)


class ReduceExtremeGradKernel(_ReduceWithOutGradKernel):
    GRAD = staticmethod(reduce_grad_funcs.reduce_extreme_grad)


class ReduceProdGradKernel(_ReduceWithOutGradKernel):
    GRAD = staticmethod(reduce_grad_funcs.reduce_prod_grad)


class LogsumexpGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
        data = x_grad.mutable_data(ctx.place, x.dtype)
        reduce_grad_funcs.logsumexp_grad(ctx.xp, x.data, out.data, out_grad.data, axes, data)


_X_DIMS_ONLY = ("reduce_sum_grad", "reduce_mean_grad")
VERIFY_CASES = {
    op: [{"name": "axis 1", "inputs": {"X": (3, 4), **({} if op in _X_DIMS_ONLY else
                                                       {"Out": (3,)}), "Out@GRAD": (3,)},
          "attrs": {"dim": [1]}}]
    for op in (*_X_DIMS_ONLY, "reduce_max_grad", "reduce_min_grad", "reduce_prod_grad",
               "reduce_amax_grad", "reduce_amin_grad")
}
VERIFY_CASES["logsumexp_grad"] = [{"name": "axis 1", "inputs": {"X": (3, 4), "Out": (3,),
                                                               "Out@GRAD": (3,)},
                                   "attrs": {"axis": [1]}}]

register_operator("reduce_sum_grad", GradOp, ReduceSumGradOpMaker)
register_operator("reduce_mean_grad", GradOp, ReduceMeanGradOpMaker)
register_operator("reduce_max_grad", GradOp, ReduceWithOutGradOpMaker)
register_operator("reduce_min_grad", GradOp, ReduceWithOutGradOpMaker)
register_operator("reduce_prod_grad", GradOp, ReduceWithOutGradOpMaker)
register_operator("reduce_amax_grad", GradOp, ReduceExtremumGradOpMaker)
register_operator("reduce_amin_grad", GradOp, ReduceExtremumGradOpMaker)
register_operator("logsumexp_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("logsumexp_grad", _place, LogsumexpGradKernel, _dtype)
for _dtype in (DataType.COMPLEX64, DataType.COMPLEX128, DataType.BOOL):
    for _place in ("CPU", "GPU"):
        register_op_kernel("reduce_sum_grad", _place, ReduceSumGradKernel, _dtype)
        register_op_kernel("reduce_mean_grad", _place, ReduceMeanGradKernel, _dtype)
for _dtype in (DataType.INT16, DataType.FLOAT16, DataType.BFLOAT16):
    for _place in ("CPU", "GPU"):
        register_op_kernel("reduce_sum_grad", _place, ReduceSumGradKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("reduce_sum_grad", _place, ReduceSumGradKernel, _dtype)
        register_op_kernel("reduce_mean_grad", _place, ReduceMeanGradKernel, _dtype)
        register_op_kernel("reduce_max_grad", _place, ReduceExtremeGradKernel, _dtype)
        register_op_kernel("reduce_min_grad", _place, ReduceExtremeGradKernel, _dtype)
        register_op_kernel("reduce_prod_grad", _place, ReduceProdGradKernel, _dtype)
        register_op_kernel("reduce_amax_grad", _place, ReduceExtremeGradKernel, _dtype)
        register_op_kernel("reduce_amin_grad", _place, ReduceExtremeGradKernel, _dtype)
for _dtype in (DataType.COMPLEX64, DataType.COMPLEX128):
    for _place in ("CPU", "GPU"):
        register_op_kernel("reduce_prod_grad", _place, ReduceProdGradKernel, _dtype)
