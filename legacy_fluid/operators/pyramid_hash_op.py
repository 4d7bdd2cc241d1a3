"""pyramid_hash: hashed n-gram embeddings of LoD token sequences (inference). X [N, 1] int32
tokens with a 1-level LoD, W [space_len + rand_len, 1] the table (float32, or int8 left
unscaled); WhiteList / BlackList feed bloom filters (not supported: use_filter with a list
length is refused, as is is_training, whose dropout draws glibc rand_r). Out [rows,
num_emb] with the rows per sequence as LoD, DropPos, X_Temp_Out (X as float32).
pyramid_hash_grad: X, W, DropPos, X_Temp_Out, Out@GRAD -> X@GRAD (left unwritten, as
Paddle leaves it): an SGD step on W in place (W -= lr * Out@GRAD's rows at the hashed
positions), float32 only as Paddle registers it; on the GPU too (the host computes, W is
written on its device: a CPU fallback would step a transferred copy). Math:
phi.kernels.funcs.pyramid_hash.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import pyramid_hash as ph_funcs


class PyramidHashOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "token ids [N, 1] int32 with a 1-level LoD")
        self.add_input("W", "the hashed table [space_len + rand_len, 1]")
        self.add_input("WhiteList", "the white list bloom filter")
        self.add_input("BlackList", "the black list bloom filter")
        self.add_output("Out", "one row of num_emb per n-gram, with a LoD")
        self.add_output("DropPos", "1 per n-gram kept, with a LoD")
        self.add_output("X_Temp_Out", "X as float32 (Paddle: intermediate)")
        self.add_attr("num_emb", AttrType.INT, 0, "the row width")
        self.add_attr("space_len", AttrType.INT, 0, "the hash space")
        self.add_attr("pyramid_layer", AttrType.INT, 2, "the longest n-gram")
        self.add_attr("rand_len", AttrType.INT, 0, "values per hash")
        self.add_attr("drop_out_percent", AttrType.FLOAT, 0.0, "the inference scale")
        self.add_attr("is_training", AttrType.INT, 0, "draw a dropout (not supported)")
        self.add_attr("use_filter", AttrType.BOOLEAN, True, "use the bloom filters")
        self.add_attr("white_list_len", AttrType.INT, 0, "the white list's length")
        self.add_attr("black_list_len", AttrType.INT, 0, "the black list's length")
        self.add_attr("seed", AttrType.INT, 0, "the dropout seed")
        self.add_attr("lr", AttrType.FLOAT, 0.0, "the grad op's learning rate")
        self.add_attr("distribute_update_vars", AttrType.STRING, "", "distributed training")


class PyramidHashOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "W"), ctx.place)


class PyramidHashKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        w = ctx.input("W")
        out = ctx.output("Out")
        drop_pos = ctx.output("DropPos")
        x_temp_out = ctx.output("X_Temp_Out")
        num_emb = ctx.attr("num_emb")
        space_len = ctx.attr("space_len")
        pyramid_layer = ctx.attr("pyramid_layer")
        rand_len = ctx.attr("rand_len")
        drop_out_percent = ctx.attr("drop_out_percent")
        ph_funcs.check_attrs(num_emb, space_len, rand_len, ctx.attr("is_training"),
                             ctx.attr("use_filter"), ctx.attr("white_list_len"),
                             ctx.attr("black_list_len"))
        rows, lod, drops, drop_lod = ph_funcs.pyramid_hash(
            x.data, x.lod, w.data, num_emb, space_len, pyramid_layer, rand_len,
            drop_out_percent)
        for tensor, values, tensor_lod in ((out, rows, lod), (drop_pos, drops, drop_lod),
                                           (x_temp_out, x.data.astype("float32"), [])):
            tensor.resize(values.shape)
            data = tensor.mutable_data(ctx.place, DataType.from_numpy(values.dtype))
            data[...] = ctx.xp.asarray(values)
            tensor.lod = tensor_lod


class PyramidHashGradOp(GradOp):
    """X@GRAD: X's meta; the kernel's dtype: W's (as Paddle's)."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "W"), ctx.place)


class PyramidHashGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        w = ctx.input("W")
        drop_pos = ctx.input("DropPos")
        x_temp_out = ctx.input("X_Temp_Out")
        out_grad = ctx.input("Out@GRAD")
        num_emb = ctx.attr("num_emb")
        space_len = ctx.attr("space_len")
        pyramid_layer = ctx.attr("pyramid_layer")
        rand_len = ctx.attr("rand_len")
        lr = ctx.attr("lr")
        ph_funcs.pyramid_hash_grad(ctx.xp, x_temp_out.data, x.lod, drop_pos.data, drop_pos.lod,
                                   out_grad.data, w.data, num_emb, space_len, pyramid_layer,
                                   rand_len, lr)


_GRAD_INPUTS = {"X": {"value": [[3], [7], [1], [4], [9]], "dtype": "int32",
                      "lod": [[0, 4, 5]]},
                "W": {"shape": (14, 1)}, "X_Temp_Out": {"value": [[3], [7], [1], [4], [9]]},
                "DropPos": {"value": [[1]] * 5 + [[0]] * 5, "dtype": "int32",
                            "lod": [[0, 5, 5]]},
                "Out@GRAD": (6, 4)}
VERIFY_CASES = [  # W in the dtype under test
    {"name": "bigrams and trigrams", "attrs": {"num_emb": 4, "space_len": 12, "rand_len": 2,
                                               "pyramid_layer": 3, "drop_out_percent": 0.5},
     "inputs": {"X": {"value": [[3], [7], [1], [4], [9]], "dtype": "int32",
                      "lod": [[0, 4, 5]]},
                "W": {"shape": (14, 1)}, "WhiteList": (1, 1), "BlackList": (1, 1)},
     "outputs": {"Out": 1, "DropPos": 1, "X_Temp_Out": 1}},
]
VERIFY_CASES = {"pyramid_hash": VERIFY_CASES, "pyramid_hash_grad": [
    {"name": "bigrams and trigrams", "inputs": _GRAD_INPUTS, "dtypes": ["float32"],
     "attrs": {"num_emb": 4, "space_len": 12, "rand_len": 2, "pyramid_layer": 3, "lr": 0.5}}]}

register_operator("pyramid_hash", PyramidHashOp, PyramidHashOpMaker)
register_operator("pyramid_hash_grad", PyramidHashGradOp)
for _dtype in (DataType.FLOAT32, DataType.INT8):
    register_op_kernel("pyramid_hash", "CPU", PyramidHashKernel, _dtype)
for _backend in ("CPU", "GPU"):  # the GPU kernel too: a CPU fallback would step a copy of W
    register_op_kernel("pyramid_hash_grad", _backend, PyramidHashGradKernel, DataType.FLOAT32)
