"""tdm_sampler: per node id of X, per tree layer, the positive node of its Travel path and
neg_samples_num_list[layer] negatives drawn from the layer's nodes (Layer between
layer_offset[layer] and layer_offset[layer + 1]); Out, Labels (1: positive) and Mask (0:
padding) [N, samples] in the dtype attribute. Paddle's draws are reproduced for a non-zero
seed (docs/random.md). Math: phi.kernels.funcs.tdm.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import tdm as tdm_funcs
from phi.kernels.funcs.unique import index_dtype


class TdmSamplerOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class TdmSamplerKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        travel = ctx.input("Travel")
        layer = ctx.input("Layer")
        out = ctx.output("Out")
        labels = ctx.output("Labels")
        mask = ctx.output("Mask")
        output_positive = ctx.attr("output_positive")
        neg_samples_num_list = ctx.attr("neg_samples_num_list")
        layer_offset = ctx.attr("layer_offset")
        seed = ctx.attr("seed")
        dtype = index_dtype("tdm_sampler", VarType(ctx.attr("dtype")).to_phi())
        dims = tdm_funcs.tdm_sampler_dims("tdm_sampler", x.dims, neg_samples_num_list,
                                          layer_offset, output_positive)
        for tensor in (out, labels, mask):
            if tensor is not None:
                tensor.resize(dims)
        tdm_funcs.tdm_sampler(
            ctx.xp, x.data, travel.data, layer.data, output_positive, neg_samples_num_list,
            layer_offset, seed, out.mutable_data(ctx.place, dtype),
            None if labels is None else labels.mutable_data(ctx.place, dtype),
            mask.mutable_data(ctx.place, dtype))


#: X (the kernel's dtype) must hold int32 / int64 node ids: Paddle 3.3.1 registers float32 /
#: float64 kernels too, but they refuse every input (a float X), so no parity row.
UNREACHABLE_KERNELS = {"tdm_sampler": {
    (device, dtype): "its kernel refuses a float X, as Paddle's does"
    for device in ("cpu", "gpu") for dtype in ("float32", "float64")}}

VERIFY_CASES = [
    {"name": "two layers", "attrs": {"neg_samples_num_list": [1, 2], "layer_offset": [0, 2, 6],
                                     "seed": 3},
     "inputs": {"X": {"value": [[0], [3]]},
                "Travel": {"value": [[1, 3], [1, 4], [2, 5], [2, 6]], "dtype": "int32"},
                "Layer": {"value": [[1], [2], [3], [4], [5], [6]], "dtype": "int32"}},
     "outputs": {"Out": 1, "Labels": 1, "Mask": 1}},
]

register_operator("tdm_sampler", TdmSamplerOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("tdm_sampler", _backend, TdmSamplerKernel, _dtype)
