"""Optimizer ops: sgd, adam. They update persistable state in place: a program names the
same variable as Param and ParamOut (Moment1 and Moment1Out, ...), so a kernel reads
every input array before it allocates an output. Math: phi.kernels.funcs.optimizer.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import optimizer as opt_funcs
from phi.kernels.funcs.optimizers import master_out

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


#: the master copy outputs, shaped like the parameter where no MasterParam is given
_PARAM_OF_MASTER = {"MasterParamOut": "Param", "master_param_out": "param"}


class OptimizerOp(OperatorWithKernel):
    """Each `XOut` (`x_out`) output is shaped like input `X` (`x`), or like the input `LIKE`
    names; the kernel type follows Param (`param`)."""

    LIKE: dict[str, str] = {}

    def infer_shape(self, ctx: InferShapeContext) -> None:
        for slot in self.outputs:
            source = self.LIKE.get(slot) or next(
                (slot[:-len(end)] for end in ("_out", "Out") if slot.endswith(end)), None)
            if slot in _PARAM_OF_MASTER and not ctx.has_input(source or ""):
                source = _PARAM_OF_MASTER[slot]  # a master copy output without MasterParam
            if source and ctx.has_output(slot) and ctx.has_input(source):
                ctx.set_outputs_dim(slot, ctx.get_inputs_dim(source))  # list slots too
                ctx.set_outputs_dtype(slot, ctx.get_input_dtype(source))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        param = "Param" if "Param" in self.inputs else "param"
        return OpKernelType(self.indicate_var_data_type(ctx, param), ctx.place)


class SGDOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("LearningRate", "[1]")
        self.add_input("Grad", "its gradient")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class SGDKernel(OpKernel):
    """multi_precision as Paddle's CPU kernel: Param updates from Param, MasterParam is not
    read and MasterParamOut not written (phi.kernels.funcs.optimizers.CPU_MASTER_COPY)."""

    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        lr = ctx.input("LearningRate")
        grad = ctx.input("Grad")
        param_out = ctx.output("ParamOut")
        p, g, rate = param.data, grad.data, lr.data
        data = param_out.mutable_data(ctx.place, param.dtype)
        opt_funcs.sgd(ctx.xp, p, rate, g, data)


class AdamOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        for name, dispensable in (("Param", False), ("Grad", False), ("LearningRate", False),
                                  ("Moment1", False), ("Moment2", False), ("Moment2Max", True),
                                  ("Beta1Pow", False), ("Beta2Pow", False),
                                  ("MasterParam", True), ("SkipUpdate", True),
                                  ("Beta1Tensor", True), ("Beta2Tensor", True),
                                  ("EpsilonTensor", True)):
            self.add_input(name, f"adam's {name}", dispensable=dispensable)
        for name, dispensable in (("ParamOut", False), ("Moment1Out", False),
                                  ("Moment2Out", False), ("Moment2MaxOut", True),
                                  ("Beta1PowOut", False), ("Beta2PowOut", False),
                                  ("MasterParamOut", True)):
            self.add_output(name, f"updated {name[:-3]}", dispensable=dispensable)
        self.add_attr("beta1", AttrType.FLOAT, 0.9, "decay of the first moment")
        self.add_attr("beta2", AttrType.FLOAT, 0.999, "decay of the second moment")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-8, "numerical stability")
        self.add_attr("lazy_mode", AttrType.BOOLEAN, False, "sparse updates only")
        self.add_attr("min_row_size_to_use_multithread", AttrType.LONG, 1000, "(threads)")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")
        self.add_attr("use_global_beta_pow", AttrType.BOOLEAN, False,
                      "beta powers are updated elsewhere")
        self.add_attr("amsgrad", AttrType.BOOLEAN, False, "AMSGrad variant")


class AdamKernel(OpKernel):
    """multi_precision as Paddle's CPU kernel (float32/float64 only): Param updates from
    Param, MasterParam is not read and MasterParamOut not written
    (phi.kernels.funcs.optimizers.CPU_MASTER_COPY)."""

    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        lr = ctx.input("LearningRate")
        moment1 = ctx.input("Moment1")
        moment2 = ctx.input("Moment2")
        moment2_max = ctx.input("Moment2Max")
        beta1_pow = ctx.input("Beta1Pow")
        beta2_pow = ctx.input("Beta2Pow")
        skip = ctx.input("SkipUpdate")
        param_out = ctx.output("ParamOut")
        moment1_out = ctx.output("Moment1Out")
        moment2_out = ctx.output("Moment2Out")
        moment2_max_out = ctx.output("Moment2MaxOut")
        beta1_pow_out = ctx.output("Beta1PowOut")
        beta2_pow_out = ctx.output("Beta2PowOut")
        master_param_out = master_out(ctx.op_type, ctx.attr("multi_precision"),
                                      ctx.output("MasterParamOut"))
        beta1 = ctx.input("Beta1Tensor")
        beta2 = ctx.input("Beta2Tensor")
        epsilon = ctx.input("EpsilonTensor")
        amsgrad = ctx.attr("amsgrad")
        b1 = float(beta1.numpy().reshape(-1)[0]) if beta1 is not None else ctx.attr("beta1")
        b2 = float(beta2.numpy().reshape(-1)[0]) if beta2 is not None else ctx.attr("beta2")
        eps = (float(epsilon.numpy().reshape(-1)[0]) if epsilon is not None
               else ctx.attr("epsilon"))
        m2_max = opt_funcs.amsgrad_max(ctx.op_type, amsgrad, moment2_max, moment2_max_out)
        arrays = [t.data for t in (param, grad, lr, moment1, moment2, beta1_pow, beta2_pow)]
        outs = [t.mutable_data(ctx.place, src.dtype)
                for t, src in ((param_out, param), (moment1_out, moment1),
                               (moment2_out, moment2), (beta1_pow_out, beta1_pow),
                               (beta2_pow_out, beta2_pow))]
        max_out = None if m2_max is None else moment2_max_out.mutable_data(ctx.place,
                                                                          moment2.dtype)
        if skip is not None and bool(skip.numpy().reshape(-1)[0]):
            for out, src in zip(outs, (arrays[0], arrays[3], arrays[4], arrays[5], arrays[6])):
                out[...] = src
            if max_out is not None:
                max_out[...] = m2_max
        else:
            opt_funcs.adam(ctx.xp, *arrays, b1, b2, eps, *outs,
                           update_pows=not ctx.attr("use_global_beta_pow"),
                           moment2_max=m2_max, moment2_max_out=max_out)
        if master_param_out is not None:
            master_param_out.mutable_data(ctx.place, param.dtype)[...] = outs[0]


VERIFY_CASES = {
    "sgd": [{"name": "one step", "inputs": {"Param": (3, 4), "LearningRate": {"value": [0.1]},
                                            "Grad": (3, 4), "MasterParam": None},
             "outputs": ["ParamOut"]}],
    "adam": [
        {"name": "first step", "inputs": {
            "Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.01]},
            "Moment1": {"shape": (3, 4), "low": 0, "high": 0.1},
            "Moment2": {"shape": (3, 4), "low": 0, "high": 0.1},
            "Beta1Pow": {"value": [0.9]}, "Beta2Pow": {"value": [0.999]}},
         "outputs": ["ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut"]},
        {"name": "beta tensors", "inputs": {
            "Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.01]},
            "Moment1": (3, 4), "Moment2": {"shape": (3, 4), "low": 0, "high": 0.1},
            "Beta1Pow": {"value": [0.81]}, "Beta2Pow": {"value": [0.998]},
            "Beta1Tensor": {"value": [0.8]}, "EpsilonTensor": {"value": [1e-6]}},
         "outputs": ["ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut"]},
        {"name": "amsgrad", "attrs": {"amsgrad": True}, "inputs": {
            "Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.01]},
            "Moment1": (3, 4), "Moment2": {"shape": (3, 4), "low": 0, "high": 0.1},
            "Moment2Max": {"shape": (3, 4), "low": 0, "high": 0.1},
            "Beta1Pow": {"value": [0.81]}, "Beta2Pow": {"value": [0.998]}},
         "outputs": ["ParamOut", "Moment1Out", "Moment2Out", "Moment2MaxOut", "Beta1PowOut",
                     "Beta2PowOut"]},
    ],
}

register_operator("sgd", OptimizerOp, SGDOpMaker)
register_operator("adam", OptimizerOp, AdamOpMaker)
for _dtype in (*_FLOAT, DataType.BFLOAT16):
    register_op_kernel("sgd", "CPU", SGDKernel, _dtype)
for _dtype in _FLOAT:
    register_op_kernel("sgd", "GPU", SGDKernel, _dtype)
    register_op_kernel("adam", "CPU", AdamKernel, _dtype)
    register_op_kernel("adam", "GPU", AdamKernel, _dtype)
