"""average_accumulates: ModelAverage's running sums of a parameter over a sliding window
(sum_1, sum_2, sum_3 like param; the int64 [1] counters num_accumulates,
old_num_accumulates, num_updates). Math: phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class AverageAccumulatesOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("param", "the parameter")
        self.add_input("in_sum_1", "sum of the latest parameters")
        self.add_input("in_sum_2", "sum moved out of in_sum_1 for precision")
        self.add_input("in_sum_3", "sum of the previous window")
        self.add_input("in_num_accumulates", "parameters in the window, int64 [1]")
        self.add_input("in_old_num_accumulates", "parameters in the previous window")
        self.add_input("in_num_updates", "updates so far, int64 [1]")
        self.add_output("out_sum_1", "updated in_sum_1")
        self.add_output("out_sum_2", "updated in_sum_2")
        self.add_output("out_sum_3", "updated in_sum_3")
        self.add_output("out_num_accumulates", "updated in_num_accumulates")
        self.add_output("out_old_num_accumulates", "updated in_old_num_accumulates")
        self.add_output("out_num_updates", "updated in_num_updates")
        self.add_attr("average_window", AttrType.FLOAT, 0.0, "window as a share of updates")
        self.add_attr("max_average_window", AttrType.LONG, 2 ** 63 - 1, "largest window")
        self.add_attr("min_average_window", AttrType.LONG, 10000, "smallest window")


class AverageAccumulatesOp(OptimizerOp):
    LIKE = {f"out_{name}": f"in_{name}" for name in (
        "sum_1", "sum_2", "sum_3", "num_accumulates", "old_num_accumulates", "num_updates")}


class AverageAccumulatesKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("param")
        in_sum_1 = ctx.input("in_sum_1")
        in_sum_2 = ctx.input("in_sum_2")
        in_sum_3 = ctx.input("in_sum_3")
        in_num_accumulates = ctx.input("in_num_accumulates")
        in_old_num_accumulates = ctx.input("in_old_num_accumulates")
        in_num_updates = ctx.input("in_num_updates")
        out_sum_1 = ctx.output("out_sum_1")
        out_sum_2 = ctx.output("out_sum_2")
        out_sum_3 = ctx.output("out_sum_3")
        out_num_accumulates = ctx.output("out_num_accumulates")
        out_old_num_accumulates = ctx.output("out_old_num_accumulates")
        out_num_updates = ctx.output("out_num_updates")
        average_window = ctx.attr("average_window")
        max_average_window = ctx.attr("max_average_window")
        min_average_window = ctx.attr("min_average_window")
        values = opt_funcs.average_accumulates(
            ctx.xp, param.data, in_sum_1.data, in_sum_2.data, in_sum_3.data,
            in_num_accumulates.data, in_old_num_accumulates.data, in_num_updates.data,
            average_window, max_average_window, min_average_window,
            (out_sum_1 is in_sum_1, out_sum_2 is in_sum_2))
        opt_funcs.write_outputs(values, {
            "out_sum_1": out_sum_1.mutable_data(ctx.place, param.dtype),
            "out_sum_2": out_sum_2.mutable_data(ctx.place, param.dtype),
            "out_sum_3": out_sum_3.mutable_data(ctx.place, param.dtype),
            "out_num_accumulates": out_num_accumulates.mutable_data(ctx.place,
                                                                    DataType.INT64),
            "out_old_num_accumulates": out_old_num_accumulates.mutable_data(ctx.place,
                                                                            DataType.INT64),
            "out_num_updates": out_num_updates.mutable_data(ctx.place, DataType.INT64)})


def _count(value: int) -> dict:
    return {"value": [value], "dtype": "int64"}


VERIFY_CASES = [{"name": "window closes", "attrs": {"min_average_window": 2,
                                                    "average_window": 0.5},
                 "inputs": {"param": (3, 4), "in_sum_1": (3, 4), "in_sum_2": (3, 4),
                            "in_sum_3": (3, 4), "in_num_accumulates": _count(3),
                            "in_old_num_accumulates": _count(2), "in_num_updates": _count(7)},
                 "outputs": ["out_sum_1", "out_sum_2", "out_sum_3", "out_num_accumulates",
                             "out_old_num_accumulates", "out_num_updates"]}]

register_operator("average_accumulates", AverageAccumulatesOp, AverageAccumulatesOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("average_accumulates", "CPU", AverageAccumulatesKernel, _dtype)
    register_op_kernel("average_accumulates", "GPU", AverageAccumulatesKernel, _dtype)
