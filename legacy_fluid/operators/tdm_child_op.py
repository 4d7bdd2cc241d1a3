"""tdm_child: the children of tree nodes X (TreeInfo rows: item id, layer, parent, child
ids) and whether each is a leaf (an item). Child and LeafMask [*X.dims, child_nums] in the
dtype attribute. Math: phi.kernels.funcs.tdm.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import tdm as tdm_funcs
from phi.kernels.funcs.unique import index_dtype


class TdmChildOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class TdmChildKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        tree_info = ctx.input("TreeInfo")
        child = ctx.output("Child")
        leaf_mask = ctx.output("LeafMask")
        child_nums = ctx.attr("child_nums")
        dtype = index_dtype("tdm_child", VarType(ctx.attr("dtype")).to_phi())
        dims = tdm_funcs.tdm_child_dims("tdm_child", x.dims, tree_info.dims, child_nums)
        child.resize(dims)
        leaf_mask.resize(dims)
        tdm_funcs.tdm_child(ctx.xp, x.data, tree_info.data, child_nums,
                            child.mutable_data(ctx.place, dtype),
                            leaf_mask.mutable_data(ctx.place, dtype))


#: X (the kernel's dtype) must hold int32 / int64 node ids: Paddle 3.3.1 registers float32 /
#: float64 kernels too, but they refuse every input (a float X), so no parity row.
UNREACHABLE_KERNELS = {"tdm_child": {
    (device, dtype): "its kernel refuses a float X, as Paddle's does"
    for device in ("cpu", "gpu") for dtype in ("float32", "float64")}}

VERIFY_CASES = [
    {"name": "3-node tree", "attrs": {"child_nums": 2, "dtype": 3},
     "inputs": {"X": {"value": [[1], [0]]},
                "TreeInfo": {"value": [[0, 0, 0, 0, 0], [0, 1, 0, 2, 0], [5, 2, 1, 0, 0]],
                             "dtype": "int64"}},
     "outputs": {"Child": 1, "LeafMask": 1}},
]

register_operator("tdm_child", TdmChildOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("tdm_child", _backend, TdmChildKernel, _dtype)
