"""adamw: Adam with decoupled weight decay (Paddle's adamw op). Slots as adam's; attributes
adam's plus lr_ratio, coeff and with_decay. Without with_decay, or with SkipUpdate set,
it is Adam itself, as in Paddle's kernel. Dense gradients only (lazy_mode, which concerns
SelectedRows gradients, changes nothing there). amsgrad divides by the running maximum
Moment2Max (Moment2MaxOut), as adam's. multi_precision as adam's (Paddle's CPU kernel,
float32/float64 only): Param updates from Param, MasterParam is not read, MasterParamOut is
not written (phi.kernels.funcs.optimizers.CPU_MASTER_COPY). Math: phi.kernels.funcs.adamw.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import AdamKernel, AdamOpMaker, OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import adamw as adamw_funcs
from phi.kernels.funcs import optimizer as opt_funcs
from phi.kernels.funcs.optimizers import master_out


class AdamWOpMaker(AdamOpMaker):
    def make(self) -> None:
        super().make()
        adam_attrs = len(self.proto.attrs)
        self.add_attr("lr_ratio", AttrType.FLOAT, 1.0,
                      "scales the learning rate of the decay (per parameter)")
        self.add_attr("coeff", AttrType.FLOAT, 0.01, "the weight decay coefficient")
        self.add_attr("with_decay", AttrType.BOOLEAN, False,
                      "decay this parameter (false: plain Adam)")
        # Paddle's order: beta1, beta2, epsilon, then these three, then adam's others
        added = self.proto.attrs[adam_attrs:]
        del self.proto.attrs[adam_attrs:]
        self.proto.attrs[3:3] = added


def _scalar(ctx: ExecutionContext, slot: str, attr: str) -> float:
    """A scalar given as an optional tensor input or, without it, an attribute."""
    tensor = ctx.input(slot)
    return float(tensor.numpy().reshape(-1)[0]) if tensor is not None else ctx.attr(attr)


class AdamWKernel(AdamKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        skip = ctx.input("SkipUpdate")
        skipped = skip is not None and bool(skip.numpy().reshape(-1)[0])
        if not ctx.attr("with_decay") or skipped:
            super().compute(ctx)
            return
        m2_max = opt_funcs.amsgrad_max(ctx.op_type, ctx.attr("amsgrad"),
                                       ctx.input("Moment2Max"), ctx.output("Moment2MaxOut"))
        slots = ("Param", "Grad", "LearningRate", "Moment1", "Moment2", "Beta1Pow", "Beta2Pow")
        tensors = [ctx.input(slot) for slot in slots]
        arrays = [t.data for t in tensors]
        outs = [ctx.output(slot).mutable_data(ctx.place, tensors[slots.index(src)].dtype)
                for slot, src in (("ParamOut", "Param"), ("Moment1Out", "Moment1"),
                                  ("Moment2Out", "Moment2"), ("Beta1PowOut", "Beta1Pow"),
                                  ("Beta2PowOut", "Beta2Pow"))]
        max_out = None if m2_max is None else ctx.output("Moment2MaxOut").mutable_data(
            ctx.place, tensors[slots.index("Moment2")].dtype)
        adamw_funcs.adamw_decayed(
            ctx.xp, *arrays, _scalar(ctx, "Beta1Tensor", "beta1"),
            _scalar(ctx, "Beta2Tensor", "beta2"), _scalar(ctx, "EpsilonTensor", "epsilon"),
            ctx.attr("lr_ratio"), ctx.attr("coeff"), *outs,
            update_pows=not ctx.attr("use_global_beta_pow"), moment2_max=m2_max,
            moment2_max_out=max_out)
        master_param_out = master_out(ctx.op_type, ctx.attr("multi_precision"),
                                      ctx.output("MasterParamOut"))
        if master_param_out is not None:
            master_param_out.mutable_data(ctx.place, tensors[0].dtype)[...] = outs[0]


def _verify_case(name: str, attrs: dict) -> dict:
    amsgrad = {"Moment2Max": {"shape": (3, 4), "low": 0, "high": 0.1}} \
        if attrs.get("amsgrad") else {}
    return {"name": name, "inputs": {
        "Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.01]},
        "Moment1": (3, 4), "Moment2": {"shape": (3, 4), "low": 0, "high": 0.1}, **amsgrad,
        "Beta1Pow": {"value": [0.81]}, "Beta2Pow": {"value": [0.998]}}, "attrs": attrs,
        "outputs": ["ParamOut", "Moment1Out", "Moment2Out", *(
            ["Moment2MaxOut"] if amsgrad else []), "Beta1PowOut", "Beta2PowOut"]}


VERIFY_CASES = {"adamw": [
    _verify_case("decay", {"with_decay": True, "coeff": 0.1, "lr_ratio": 0.5}),
    _verify_case("no decay", {"with_decay": False}),
    _verify_case("amsgrad decay", {"with_decay": True, "amsgrad": True}),
]}

register_operator("adamw", OptimizerOp, AdamWOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("adamw", "CPU", AdamWKernel, _dtype)
    register_op_kernel("adamw", "GPU", AdamWKernel, _dtype)
