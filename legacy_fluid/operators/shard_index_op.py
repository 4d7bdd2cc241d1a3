"""shard_index: ids X in [0, index_num) made local to shard `shard_id` of `nshards` shards
of ceil(index_num / nshards) ids (X - shard_id * size), ids of other shards ignore_value;
math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs

register_operator("shard_index", OperatorWithKernel)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "shard 1 of 2", "attrs": {"index_num": 20, "nshards": 2, "shard_id": 1},
                 "inputs": {"X": {"shape": (5, 1), "low": 0, "high": 20}}}]
register_op_table(SameDtypeKernel, [
    OpKernelRow("shard_index", "ShardIndexKernel", manip_funcs.shard_index,
                (DataType.INT32, DataType.INT64),
                attrs=("index_num", "nshards", "shard_id", "ignore_value")),
], by_dtype=True)
