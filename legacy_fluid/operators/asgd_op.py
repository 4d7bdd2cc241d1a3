"""asgd: averaged SGD over the last n gradients: d keeps their sum, y the one this slot
replaces; the [1] count n is read, not advanced. multi_precision is inert (Paddle's CPU
kernel: master_param_out is not written). Math: phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class AsgdOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("param", "the parameter")
        self.add_input("grad", "its gradient")
        self.add_input("learning_rate", "[1]")
        self.add_input("d", "sum of the stored gradients")
        self.add_input("y", "the stored gradient this step replaces")
        self.add_input("n", "number of stored gradients, [1]")
        self.add_input("master_param", "float32 copy for multi_precision", dispensable=True)
        self.add_output("param_out", "the updated parameter (param's variable)")
        self.add_output("d_out", "the updated sum")
        self.add_output("y_out", "the stored gradient (grad)")
        self.add_output("master_param_out", "the updated master copy", dispensable=True)
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class AsgdKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("param")
        grad = ctx.input("grad")
        learning_rate = ctx.input("learning_rate")
        d = ctx.input("d")
        y = ctx.input("y")
        n = ctx.input("n")
        param_out = ctx.output("param_out")
        d_out = ctx.output("d_out")
        y_out = ctx.output("y_out")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("master_param_out"))
        values = opt_funcs.asgd(ctx.xp, param.data, grad.data, learning_rate.data, d.data,
                                y.data, n.data)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "d_out": d_out.mutable_data(ctx.place, param.dtype),
            "y_out": y_out.mutable_data(ctx.place, param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "one step", "inputs": {
    "param": (3, 4), "grad": (3, 4), "learning_rate": {"value": [0.1]}, "d": (3, 4),
    "y": (3, 4), "n": {"value": [3.0]}, "master_param": None},
    "outputs": ["param_out", "d_out", "y_out"]}]

register_operator("asgd", OptimizerOp, AsgdOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("asgd", "CPU", AsgdKernel, _dtype)
    register_op_kernel("asgd", "GPU", AsgdKernel, _dtype)
