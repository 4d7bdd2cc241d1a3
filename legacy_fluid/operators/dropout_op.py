"""dropout: in inference scale by (1 - p) ("downgrade_in_infer") or pass through
("upscale_in_train"); in training zero random elements (Mask records the kept ones)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import dropout as dropout_funcs


class DropoutOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("Seed", "1-element int32 seed overriding `seed`", dispensable=True,
                       extra=True)
        self.add_output("Out", "dropped-out tensor")
        self.add_output("Mask", "uint8, 1 where kept (training only)", extra=True)
        self.add_attr("dropout_prob", AttrType.FLOAT, 0.5, "probability of dropping")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")
        self.add_attr("dropout_implementation", AttrType.STRING, "downgrade_in_infer",
                      "downgrade_in_infer or upscale_in_train")
        self.add_attr("fix_seed", AttrType.BOOLEAN, False, "use `seed` for the mask",
                      extra=True)
        self.add_attr("seed", AttrType.INT, 0, "random seed when fix_seed", extra=True)


class DropoutOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")
        if ctx.has_output("Mask"):
            ctx.set_output_dim("Mask", ctx.get_input_dim("X"))
            ctx.set_output_dtype("Mask", DataType.UINT8)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class DropoutKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        seed_tensor = ctx.input("Seed")
        out = ctx.output("Out")
        mask = ctx.output("Mask")
        dropout_prob = ctx.attr("dropout_prob")
        is_test = ctx.attr("is_test")
        dropout_implementation = ctx.attr("dropout_implementation")
        fix_seed = ctx.attr("fix_seed")
        seed = ctx.attr("seed")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        if is_test:
            dropout_funcs.dropout_infer(ctx.xp, xd, float(dropout_prob), dropout_implementation,
                                        data)
            return
        if seed_tensor is not None:
            seed_value: int | None = int(seed_tensor.numpy().reshape(-1)[0])
        else:
            seed_value = int(seed) if fix_seed else None
        mask_data = None if mask is None else mask.mutable_data(ctx.place, DataType.UINT8)
        dropout_funcs.dropout_train(ctx.xp, xd, float(dropout_prob), dropout_implementation,
                                    seed_value, data, mask_data)


register_operator("dropout", DropoutOp, DropoutOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("dropout", "CPU", DropoutKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("dropout", "GPU", DropoutKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "inference, downgrade_in_infer", "inputs": {"X": (3, 8)},
     "attrs": {"dropout_prob": 0.3, "is_test": True}},
    {"name": "inference, upscale_in_train", "inputs": {"X": (3, 8)},
     "attrs": {"dropout_prob": 0.3, "is_test": True,
               "dropout_implementation": "upscale_in_train"}},
    {"name": "training, fixed seed", "inputs": {"X": (3, 8)},
     "attrs": {"dropout_prob": 0.3, "fix_seed": True, "seed": 5}, "outputs": ["Out", "Mask"]},
]
