"""Ctx helpers the kernels share. `_TRACE` switches the team's allocation trace on when
someone edits it; each trace line spells the op, the slot and a shape in an f-string."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

_TRACE = False


class TraceMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("tag", AttrType.STRING, "t{0}", "a label the kernels format")


class TraceOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def alloc_like(ctx, slot, like="X"):
    data = ctx.input(like)
    if _TRACE:
        print(f"[team] {ctx.op_type}: alloc {slot} {data.shape}")
    return ctx.output(slot).mutable_data(ctx.place, data.dtype)


def checked_tag(ctx, name="tag"):
    tag = ctx.attr(name)
    if not tag:
        raise ValueError(f'{ctx.op_type}: attribute "{name}" is empty')
    return tag
