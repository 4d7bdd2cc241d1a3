"""fused_elementwise_chain: Out = a chain of element ops of X (one or more tensors), one
compiled loop instead of an op and an intermediate tensor per element op.

Only the plan pass `compat.passes.elementwise_chain` makes it, and only for a run that
prefers the compiled library (`--library numba`): the op has the compiled (NUMBA)
kernel alone, and is registered with it (`register`), so a run without the library never
sees the op. Its `chain` attribute is `phi.jit.elementwise_chain.Chain`'s JSON.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import OP_INFOS, register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.jit.elementwise_chain import Chain

OP_TYPE = "fused_elementwise_chain"
#: The dtypes its first input may have (the kernel key's dtype).
DTYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)

#: The NumPy dtype of each kernel dtype (shape inference runs every run: a lookup).
NUMPY = {t: t.to_numpy() for t in DTYPES}

_chains: dict[str, Chain] = {}


def chain_of(text: str) -> Chain:
    """The parsed `chain` attribute (parsed once per distinct text)."""
    chain = _chains.get(text)
    if chain is None:
        chain = _chains[text] = Chain.from_json(text)
    return chain


class FusedElementwiseChainOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the chain's inputs", duplicable=True)
        self.add_output("Out", "the chain's last value")
        self.add_attr("chain", AttrType.STRING, "",
                      "the element ops (phi/jit/elementwise_chain.py Chain, JSON)")


class FusedElementwiseChainOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        from phi.jit.chain_kernel import launch

        chain = chain_of(ctx.attr("chain"))
        tensors = [v.get_tensor() for v in ctx.runtime.inputs["X"]]
        found = launch(chain, [t.dims for t in tensors],
                       [NUMPY[t.dtype] if t.dtype in NUMPY else t.dtype.to_numpy()
                        for t in tensors])
        ctx.set_output_dim("Out", found.out_shape)
        ctx.set_output_dtype("Out", DataType.from_numpy(found.out_dtype))
        ctx.share_lod("X", "Out")  # the first input is the one down the X operands

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The first input's dtype (a chain may cast: its inputs need not agree)."""
        first = ctx.multi_input("X")[0]
        if first is None:
            raise ValueError(f"op '{OP_TYPE}': its first input holds no tensor")
        return OpKernelType(first.dtype, ctx.place)


class FusedElementwiseChainKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        from phi.jit.chain_kernel import launch

        chain = chain_of(ctx.attr("chain"))
        arrays = [t.data for t in ctx.multi_input("X")]  # type: ignore[union-attr]
        out = ctx.output("Out")
        assert out is not None
        found = launch(chain, [a.shape for a in arrays], [a.dtype for a in arrays])
        data = out.mutable_data(ctx.place, DataType.from_numpy(found.out_dtype))
        if data.flags.c_contiguous:
            found(arrays, data)
            return
        scratch = np.empty(data.shape, found.out_dtype)
        found(arrays, scratch)
        data[...] = scratch


def register() -> None:
    """Register the op and its compiled kernel (once; the pass calls this before it
    makes the op)."""
    if OP_INFOS.has(OP_TYPE):
        return
    register_operator(OP_TYPE, FusedElementwiseChainOp, FusedElementwiseChainOpMaker)
    register_op_kernel(OP_TYPE, "CPU", FusedElementwiseChainKernel, *DTYPES,
                       library=LibraryType.NUMBA)
