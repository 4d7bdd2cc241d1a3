"""Team W's shared pieces: a maker and an operator for one-input and two-input maps, the
output context manager every kernel writes through, a floating-point quieter and a template
kernel writing through it. Registers nothing."""

from __future__ import annotations

import contextlib

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class MapMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")
        self.add_attr("scale", AttrType.FLOAT, 2.0, "multiplier")


class PairMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "left")
        self.add_input("Y", "right")
        self.add_output("Out", "result")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


@contextlib.contextmanager
def produce(ctx, slot, *, like=None, dtype=None, keep_lod=False, lod=None):
    """The buffer of output `slot`, allocated on the kernel's place (`like`'s dtype unless
    `dtype` says otherwise); once the block is done, its LoD: `lod`, or `like`'s when
    `keep_lod`."""
    tensor = ctx.output(slot)
    if tensor is None:
        raise ValueError(f"op '{ctx.op_type}': output '{slot}' is not bound")
    if dtype is None:
        if like is None:
            raise TypeError("produce() needs `like` or `dtype`")
        dtype = like.dtype
    buffer = tensor.mutable_data(ctx.place, dtype)
    yield buffer
    if lod is not None:
        tensor.lod = lod
    elif keep_lod and like is not None:
        tensor.lod = like.lod


@contextlib.contextmanager
def quiet_fp(xp):
    """numpy's floating-point warnings off inside the block (takes no ctx)."""
    with xp.errstate(all="ignore"):
        yield


class UnaryTemplate(OpKernel):
    """A template kernel: Out = fn(X), X's LoD kept; subclasses give `fn`."""

    def compute(self, ctx):
        x = ctx.input("X")
        with produce(ctx, "Out", like=x, keep_lod=True) as out:
            out[...] = self.fn(ctx.xp, x.data)
