"""fetch: put a host copy of X at index col of the executor's fetch list (variable Out).

Out is the FETCH_LIST variable (a Python list); the list grows as needed. The kernel
runs on the CPU whatever the executor's place, and X is read where it lives (no
data transform); an uninitialized X (an XShape: dims, no buffer) fetches, as Paddle's, an
empty [0] float32 tensor with X's LoD (feed_fetch.fetched_tensor).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import CPUPlace, DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import feed_fetch as ff_funcs

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class FetchOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor to fetch")
        self.add_output("Out", "the fetch list")
        self.add_attr("col", AttrType.INT, None, "index of X in the fetch list")


class FetchOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Nothing to infer: the kernel creates the fetch-list entry."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype (float32 when X holds nothing yet), on the CPU."""
        x = ctx.input("X")
        dtype = x.dtype if x is not None and x.initialized() else DataType.FLOAT32
        return OpKernelType(dtype, CPUPlace())

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # X is copied to the host by the kernel itself


class FetchKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        fetch_list = ctx.output_var("Out").get_list()
        col = ctx.attr("col")
        if x is None:
            raise ValueError("fetch: input X holds no tensor")
        fetched = ff_funcs.fetched_tensor(x)
        data = fetched.mutable_data(CPUPlace(), fetched.dtype)
        if x.initialized():
            ff_funcs.fetch(x.data, data)
        ff_funcs.store(fetch_list, col, fetched)


#: `col` has no default in the proto; the single-op harness binds X / Out to the holder.
VERIFY_CASES = [{"name": "one tensor fetched into col 0", "attrs": {"col": 0}}]

register_operator("fetch", FetchOp, FetchOpMaker)
for _dtype in _TYPES:
    register_op_kernel("fetch", "CPU", FetchKernel, _dtype)
    register_op_kernel("fetch", "GPU", FetchKernel, _dtype)
