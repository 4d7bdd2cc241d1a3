"""sparse_momentum: momentum on a 2-D parameter whose gradient covers the rows (axis 0) or
columns (axis 1) listed in Index (int32 or int64; an Axis tensor overrides `axis`). With
multi_precision the update runs on MasterParam and writes MasterParamOut and ParamOut;
without it MasterParamOut is not written (Paddle's CPU kernel). Math:
phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class SparseMomentumOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter [rows, cols]")
        self.add_input("Grad", "the gradient of the indexed rows [n, cols] or columns "
                       "[rows, n]")
        self.add_input("Velocity", "the velocity (Param's dims)")
        self.add_input("Index", "the rows or columns Grad covers, [n] or [n, 1]")
        self.add_input("LearningRate", "[1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_input("Axis", "overrides `axis`, [1]", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("VelocityOut", "the updated velocity (Velocity's variable)")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("mu", AttrType.FLOAT, None, "momentum factor (required)")
        self.add_attr("axis", AttrType.INT, 0, "0: Index lists rows, 1: columns")
        self.add_attr("use_nesterov", AttrType.BOOLEAN, False, "Nesterov momentum")
        self.add_attr("regularization_method", AttrType.STRING, "",
                      "'l2_decay' adds regularization_coeff * Param to the gradient")
        self.add_attr("regularization_coeff", AttrType.FLOAT, 0.0, "L2 decay coefficient")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "update the master copy")
        self.add_attr("rescale_grad", AttrType.FLOAT, 1.0, "gradient scale")


class SparseMomentumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        velocity = ctx.input("Velocity")
        index = ctx.input("Index")
        lr = ctx.input("LearningRate")
        master_param = ctx.input("MasterParam")
        param_out = ctx.output("ParamOut")
        velocity_out = ctx.output("VelocityOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        mu = ctx.attr("mu")
        axis = ctx.attr("axis")
        if ctx.has_input("Axis"):
            axis = int(ctx.input("Axis").numpy().reshape(-1)[0])
        use_nesterov = ctx.attr("use_nesterov")
        regularization_method = ctx.attr("regularization_method")
        regularization_coeff = ctx.attr("regularization_coeff")
        multi_precision = ctx.attr("multi_precision")
        rescale_grad = ctx.attr("rescale_grad")
        values = opt_funcs.sparse_momentum(
            ctx.xp, param.data, grad.data, velocity.data, index.data, lr.data,
            None if master_param is None else master_param.data, mu, axis, use_nesterov,
            regularization_method, regularization_coeff, multi_precision, rescale_grad)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "velocity_out": velocity_out.mutable_data(ctx.place, velocity.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, velocity.dtype)})


VERIFY_CASES = [{"name": "rows", "attrs": {"mu": 0.9}, "inputs": {
    "Param": (4, 3), "Grad": (2, 3), "Velocity": (4, 3),
    "Index": {"value": [3, 1], "dtype": "int64"}, "LearningRate": {"value": [0.1]},
    "MasterParam": None, "Axis": None}, "outputs": ["ParamOut", "VelocityOut"]},
    {"name": "Axis tensor", "attrs": {"mu": 0.5, "use_nesterov": True}, "inputs": {
        "Param": (4, 3), "Grad": (4, 2), "Velocity": (4, 3),
        "Index": {"value": [2, 2], "dtype": "int32"}, "LearningRate": {"value": [0.1]},
        "MasterParam": None, "Axis": {"value": [1], "dtype": "int32"}},
     "outputs": ["ParamOut", "VelocityOut"]}]

register_operator("sparse_momentum", OptimizerOp, SparseMomentumOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("sparse_momentum", "CPU", SparseMomentumKernel, _dtype)
    register_op_kernel("sparse_momentum", "GPU", SparseMomentumKernel, _dtype)
