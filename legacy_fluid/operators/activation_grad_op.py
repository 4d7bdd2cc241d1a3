"""Backward ops of the activations, unary math ops and softmaxes: X@GRAD from Out@GRAD.

Each grad op reads what Paddle's grad OpDesc carries: the forward's Out (sigmoid, tanh,
exp, sqrt, relu, relu6, hard_sigmoid, softmax, log_softmax) or its X (log, square, abs, swish,
silu, which also gets Out, leaky_relu, softplus, hard_swish, gelu), and the forward
attributes the desc keeps (relu6_grad and swish_grad keep none: threshold 6, beta 1).
The math and its edge values are phi.kernels.funcs.activation_grad (relu's beside relu in
phi.kernels.funcs.activation).
"""

from __future__ import annotations

from collections.abc import Callable

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp, XTypedGradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import OutGradKernel, XGradKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import activation_grad as act_grad
from phi.kernels.funcs.unary_math import abs_out_dtype

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
_FLOAT_COMPLEX = (*_FLOAT, *_COMPLEX)
#: abs_grad, exp_grad, square_grad: Paddle 3.3.1's kernels take integers too
_ALL = (*_FLOAT_COMPLEX, DataType.INT32, DataType.INT64)


class RealCotangentGradOp(XTypedGradOp):
    """abs_grad, angle_grad: runs in X's type and reads an Out@GRAD of X's real type
    (float32 for a complex64 X, X's own for a real X). Paddle 3.3.1's kernels refuse any
    other Out@GRAD type; so does this op, on every path. (On the PHI path the transform's
    own complex-to-real refusal would catch a complex one too, but the legacy kernel reads
    Out@GRAD as it is and would multiply a complex cotangent in; a real one of another
    precision is no complex question at all.)"""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        expected = super().get_expected_kernel_type(ctx)
        want = abs_out_dtype(expected.data_type)
        got = self.indicate_var_data_type(ctx, "Out@GRAD")
        if got is not want:
            raise TypeError(f"op '{self.type}': input 'Out@GRAD' is {got.name.lower()}, "
                            f"expected {want.name.lower()} (the real type of X's "
                            f"{expected.data_type.name.lower()})")
        return expected


def real_cotangent_cases(real_dtypes: tuple[str, ...]) -> list[dict]:
    """Parity / `migrate --verify` cases of a `RealCotangentGradOp`: random X and Out@GRAD
    for a real X, and for a complex X an Out@GRAD of its real type."""
    return [{"name": "real X", "dtypes": list(real_dtypes)},
            *({"name": f"{cplx} X, {real} Out@GRAD", "dtypes": [cplx],
               "inputs": {"Out@GRAD": {"shape": (3, 4), "dtype": real}}}
              for cplx, real in (("complex64", "float32"), ("complex128", "float64")))]


class ReadsOutGradOp(GradOp):
    """X@GRAD takes its meta from the forward's Out (the grad op reads no X)."""

    LIKE = {"X@GRAD": "Out"}


class XGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's input")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")


class UnaryGradKernel(OpKernel):
    """x_grad = FUNC(forward's SOURCE slot, Out@GRAD, *the ATTRS)."""

    SOURCE = "X"
    ATTRS: tuple[str, ...] = ()
    FUNC: Callable[..., None]

    def compute(self, ctx: ExecutionContext) -> None:
        source = ctx.input(self.SOURCE)
        out_grad = ctx.input("Out@GRAD")
        data = ctx.output("X@GRAD").mutable_data(ctx.place, out_grad.dtype)
        attrs = [ctx.attr(name) for name in self.ATTRS]
        type(self).FUNC(ctx.xp, source.data, out_grad.data, *attrs, data)


def register_unary_grad(op: str, func: Callable[..., None], source: str,
                        attrs: tuple[str, ...] = (),
                        dtypes: tuple[DataType, ...] = _FLOAT) -> None:
    """Grad op `op` (reading the forward's `source` slot) with a UnaryGradKernel calling
    `func`, for `dtypes` (default float32 / float64) on CPU and GPU."""
    kernel = type(f"{op.title().replace('_', '')}Kernel", (UnaryGradKernel,),
                  {"SOURCE": source, "ATTRS": attrs, "FUNC": staticmethod(func)})
    register_operator(op, ReadsOutGradOp if source == "Out" else GradOp)
    for dtype in dtypes:
        register_op_kernel(op, "CPU", kernel, dtype)
        register_op_kernel(op, "GPU", kernel, dtype)


class EluGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out, out_grad = ctx.input("X"), ctx.input("Out"), ctx.input("Out@GRAD")
        data = ctx.output("X@GRAD").mutable_data(ctx.place, out_grad.dtype)
        act_grad.elu_grad(ctx.xp, x.data, out.data, out_grad.data, ctx.attr("alpha"), data)


class LeakyReluGradOpMaker(XGradOpMaker):
    def make(self) -> None:
        super().make()
        self.add_attr("alpha", AttrType.FLOAT, 0.02, "the forward's slope for negative x")


class HardSwishGradOpMaker(XGradOpMaker):
    def make(self) -> None:
        super().make()
        self.add_attr("threshold", AttrType.FLOAT, 6.0, "the forward's threshold (6 only)")
        self.add_attr("scale", AttrType.FLOAT, 6.0, "the forward's scale (6 only)")
        self.add_attr("offset", AttrType.FLOAT, 3.0, "the forward's offset (3 only)")


class AbsGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        act_grad.abs_grad(ctx.xp, x.data, out_grad.data, data)


class HardSwishGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        threshold = ctx.attr("threshold")
        scale = ctx.attr("scale")
        offset = ctx.attr("offset")
        act_grad.check_hardswish_constants(threshold, scale, offset)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        act_grad.hardswish_grad(ctx.xp, x.data, out_grad.data, data)


register_operator("sigmoid_grad", ReadsOutGradOp)
register_operator("tanh_grad", ReadsOutGradOp)
register_operator("exp_grad", ReadsOutGradOp)
register_operator("sqrt_grad", ReadsOutGradOp)
register_operator("relu_grad", ReadsOutGradOp)
register_operator("relu6_grad", ReadsOutGradOp)
register_operator("log_grad", GradOp)
register_operator("square_grad", GradOp)
register_operator("abs_grad", RealCotangentGradOp)
register_operator("swish_grad", GradOp)
register_operator("silu_grad", GradOp)
register_operator("leaky_relu_grad", GradOp, LeakyReluGradOpMaker)
register_operator("softplus_grad", GradOp)
register_operator("hard_swish_grad", GradOp, HardSwishGradOpMaker)
register_operator("hard_sigmoid_grad", ReadsOutGradOp)
register_operator("gelu_grad", GradOp)
register_operator("softmax_grad", ReadsOutGradOp)
register_operator("log_softmax_grad", ReadsOutGradOp)
#: (grad op, kernel class, funcs function, dtypes, forward attributes read and passed
#: after Out@GRAD), each dtype on both backends before the next
register_op_table(OutGradKernel, [
    OpKernelRow("sigmoid_grad", "SigmoidGradKernel", act_grad.sigmoid_grad, _FLOAT_COMPLEX),
    OpKernelRow("tanh_grad", "TanhGradKernel", act_grad.tanh_grad, _FLOAT_COMPLEX),
    OpKernelRow("exp_grad", "ExpGradKernel", act_grad.exp_grad, _ALL),
    OpKernelRow("sqrt_grad", "SqrtGradKernel", act_grad.sqrt_grad, _FLOAT_COMPLEX),
    OpKernelRow("relu_grad", "ReluGradKernel", act_funcs.relu_grad, _FLOAT),
    OpKernelRow("relu6_grad", "Relu6GradKernel", act_grad.relu6_grad, _FLOAT),
    OpKernelRow("hard_sigmoid_grad", "HardSigmoidGradKernel", act_grad.hardsigmoid_grad, _FLOAT,
                attrs=("slope", "offset")),
    OpKernelRow("softmax_grad", "SoftmaxGradKernel", act_grad.softmax_grad, _FLOAT,
                attrs=("axis",)),
    OpKernelRow("log_softmax_grad", "LogSoftmaxGradKernel", act_grad.log_softmax_grad, _FLOAT,
                attrs=("axis",)),
], by_dtype=True)
register_op_table(XGradKernel, [
    OpKernelRow("log_grad", "LogGradKernel", act_grad.log_grad, _FLOAT_COMPLEX),
    OpKernelRow("square_grad", "SquareGradKernel", act_grad.square_grad, _ALL),
    OpKernelRow("swish_grad", "SwishGradKernel", act_grad.silu_grad, _FLOAT),
    OpKernelRow("silu_grad", "SiluGradKernel", act_grad.silu_grad, _FLOAT_COMPLEX),
    OpKernelRow("leaky_relu_grad", "LeakyReluGradKernel", act_grad.leaky_relu_grad, _FLOAT,
                attrs=("alpha",)),
    OpKernelRow("softplus_grad", "SoftplusGradKernel", act_grad.softplus_grad, _FLOAT_COMPLEX,
                attrs=("beta", "threshold")),
    OpKernelRow("gelu_grad", "GeluGradKernel", act_grad.gelu_grad, _FLOAT,
                attrs=("approximate",)),
], by_dtype=True)
for _op, _kernel, _dtypes in (("abs_grad", AbsGradKernel, _ALL),
                              ("hard_swish_grad", HardSwishGradKernel, _FLOAT_COMPLEX)):
    for _dtype in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)
register_unary_grad("softsign_grad", act_grad.softsign_grad, "X", dtypes=(*_FLOAT, *_COMPLEX))
register_unary_grad("logsigmoid_grad", act_grad.logsigmoid_grad, "X",
                    dtypes=(*_FLOAT, *_COMPLEX))
register_unary_grad("tanh_shrink_grad", act_grad.tanh_shrink_grad, "X")
register_unary_grad("softshrink_grad", act_grad.softshrink_grad, "X", ("lambda",))
register_unary_grad("hard_shrink_grad", act_grad.hardshrink_grad, "X", ("threshold",))
register_unary_grad("thresholded_relu_grad", act_grad.thresholded_relu_grad, "X",
                    ("threshold",))
register_unary_grad("stanh_grad", act_grad.stanh_grad, "X", ("scale_a", "scale_b"),
                    (*_FLOAT, *_COMPLEX))
register_unary_grad("selu_grad", act_grad.selu_grad, "Out", ("scale", "alpha"))
register_unary_grad("brelu_grad", act_grad.hardtanh_grad, "X", ("t_min", "t_max"))
register_unary_grad("mish_grad", act_grad.mish_grad, "X", ("threshold",))
register_unary_grad("logit_grad", act_grad.logit_grad, "X", ("eps",))
register_unary_grad("celu_grad", act_grad.celu_grad, "X", ("alpha",))
register_operator("elu_grad", GradOp)
for _dtype in _FLOAT:
    register_op_kernel("elu_grad", "CPU", EluGradKernel, _dtype)
    register_op_kernel("elu_grad", "GPU", EluGradKernel, _dtype)

#: Parity / `migrate --verify` inputs: abs_grad of a complex X reads a real Out@GRAD.
VERIFY_CASES = {"abs_grad": real_cotangent_cases(("float32", "float64", "int32", "int64"))}
