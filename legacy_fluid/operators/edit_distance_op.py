"""edit_distance: Levenshtein distance of each hypothesis to its reference (int64 token
sequences by LoD or by HypsLength / RefsLength); math in phi.kernels.funcs.metric."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import metric as metric_funcs


class EditDistanceOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """float32, the distances' type (the tokens are int64)."""
        return OpKernelType(DataType.FLOAT32, ctx.place)


class EditDistanceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        hyps = ctx.input("Hyps")
        refs = ctx.input("Refs")
        hyps_length = ctx.input("HypsLength") if ctx.has_input("HypsLength") else None
        refs_length = ctx.input("RefsLength") if ctx.has_input("RefsLength") else None
        sequence_num = ctx.output("SequenceNum")
        out = ctx.output("Out")
        normalized = ctx.attr("normalized")
        spans = metric_funcs.edit_distance_offsets(
            hyps.dims, refs.dims, hyps.lod, refs.lod,
            None if hyps_length is None else hyps_length.data,
            None if refs_length is None else refs_length.data)
        out.resize((len(spans[1]), 1))
        metric_funcs.edit_distance(ctx.xp, hyps.data, refs.data, spans, normalized,
                                   sequence_num.mutable_data(ctx.place, DataType.INT64),
                                   out.mutable_data(ctx.place, DataType.FLOAT32))


register_operator("edit_distance", EditDistanceOp)
register_op_kernel("edit_distance", "CPU", EditDistanceKernel, DataType.FLOAT32)
register_op_kernel("edit_distance", "GPU", EditDistanceKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "padded", "dtypes": ["float32"], "inputs": {
    "Hyps": {"shape": (3, 5), "dtype": "int64", "low": 0, "high": 4},
    "Refs": {"shape": (3, 4), "dtype": "int64", "low": 0, "high": 4},
    "HypsLength": {"value": [5, 0, 3], "dtype": "int64"},
    "RefsLength": {"value": [4, 2, 0], "dtype": "int64"}}}]
