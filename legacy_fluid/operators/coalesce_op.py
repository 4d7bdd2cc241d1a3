"""coalesce_tensor: the inputs laid out in one flat FusedOutput buffer (copied, or filled
with `constant`), Output i its piece i; as Paddle's startup programs of paddle.nn.LSTM /
GRU / SimpleRNN fuse an RNN layer's weights. Layout and fill in
phi.kernels.funcs.coalesce; fluidphi's Outputs are copies of the buffer's pieces, not
aliases (compat.training.rnn_flat_buffers links an RNN layer's buffer to its weights)."""

from __future__ import annotations

import math

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.kernels.funcs import coalesce as coalesce_funcs


class CoalesceTensorOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the tensors to lay out in one buffer", duplicable=True)
        self.add_output("Output", "piece i of the buffer, in Input i's shape",
                        duplicable=True)
        self.add_output("FusedOutput", "the flat buffer")
        self.add_attr("dtype", AttrType.INT, 0, "the tensors' type (fluid VarType number)")
        self.add_attr("copy_data", AttrType.BOOLEAN, False, "copy the inputs into the buffer")
        self.add_attr("set_constant", AttrType.BOOLEAN, False, "fill the buffer with constant")
        self.add_attr("persist_output", AttrType.BOOLEAN, False,
                      "(unsupported alone) keep the outputs' old values")
        self.add_attr("constant", AttrType.FLOAT, 0.0, "the value set_constant fills in")
        self.add_attr("use_align", AttrType.BOOLEAN, True, "pad each piece to the alignment")
        self.add_attr("align_size", AttrType.INT, -1,
                      "alignment in bytes; <= 0: the device's minimum chunk")
        self.add_attr("user_defined_size_of_dtype", AttrType.INT, -1,
                      "bytes per element for the alignment; -1: the dtype's")
        self.add_attr("concated_shapes", AttrType.LONGS, [],
                      "the inputs' dims, joined (read for uninitialized inputs only)")
        self.add_attr("concated_ranks", AttrType.LONGS, [], "each input's rank")


def _attr_dtype(ctx: ExecutionContext | InferShapeContext) -> DataType:
    return VarType(int(ctx.attr("dtype"))).to_phi()


class CoalesceTensorOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        if ctx.output_size("Output") != ctx.input_size("Input"):
            raise ValueError(f"coalesce_tensor: {ctx.input_size('Input')} Input tensors but "
                             f"{ctx.output_size('Output')} Output variables")
        dims = ctx.get_inputs_dim("Input")
        dtype = _attr_dtype(ctx)
        size = int(ctx.attr("user_defined_size_of_dtype"))
        numels = [math.prod(d) for d in dims]
        lengths = coalesce_funcs.piece_lengths(
            numels, size if size != -1 else dtype.itemsize, ctx.attr("use_align"),
            ctx.attr("align_size"))
        ctx.set_outputs_dim("Output", dims)
        ctx.set_outputs_dtype("Output", dtype)
        ctx.set_output_dim("FusedOutput", (sum(lengths),))
        ctx.set_output_dtype("FusedOutput", dtype)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(_attr_dtype(ctx), ctx.place)


class CoalesceTensorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        inputs = ctx.multi_input("Input")
        outputs = ctx.multi_output("Output")
        fused_output = ctx.output("FusedOutput")
        dtype = VarType(int(ctx.attr("dtype"))).to_phi()
        copy_data = ctx.attr("copy_data")
        set_constant = ctx.attr("set_constant")
        constant = ctx.attr("constant")
        use_align = ctx.attr("use_align")
        align_size = ctx.attr("align_size")
        size_of_dtype = ctx.attr("user_defined_size_of_dtype")
        lengths = coalesce_funcs.checked_lengths(
            "coalesce_tensor", [t.numel() for t in inputs], [t.dtype for t in inputs], dtype,
            copy_data, set_constant, use_align, align_size, size_of_dtype, ctx.place.is_gpu)
        fused = fused_output.resize((sum(lengths),)).mutable_data(ctx.place, dtype)
        coalesce_funcs.fill_fused(ctx.xp, [t.data for t in inputs], lengths, copy_data,
                                  constant, fused)
        coalesce_funcs.split_fused(
            fused, lengths, [o.resize(t.dims).mutable_data(ctx.place, dtype)
                             for o, t in zip(outputs, inputs)])


#: dtype is a fluid VarType number (FP32 = 5, FP64 = 6, INT32 = 2)
VERIFY_CASES = {"coalesce_tensor": [
    {"name": "copy_data float32", "dtypes": ["FLOAT32"],
     "attrs": {"dtype": 5, "copy_data": True, "use_align": False},
     "inputs": {"Input": [(3, 4), (5,)]}, "outputs": {"Output": 2, "FusedOutput": 1}},
    {"name": "copy_data int32", "dtypes": ["INT32"],
     "attrs": {"dtype": 2, "copy_data": True, "use_align": False},
     "inputs": {"Input": [(3, 4), (5,)]}, "outputs": {"Output": 2, "FusedOutput": 1}},
    {"name": "set_constant aligned float64", "dtypes": ["FLOAT64"],
     "attrs": {"dtype": 6, "set_constant": True, "constant": 1.5, "align_size": 32},
     "inputs": {"Input": [(3,), (2, 2)]}, "outputs": {"Output": 2, "FusedOutput": 1}},
]}

register_operator("coalesce_tensor", CoalesceTensorOp, CoalesceTensorOpMaker)
for _dtype in (DataType.INT32, DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("coalesce_tensor", "CPU", CoalesceTensorKernel, _dtype)
    register_op_kernel("coalesce_tensor", "GPU", CoalesceTensorKernel, _dtype)
