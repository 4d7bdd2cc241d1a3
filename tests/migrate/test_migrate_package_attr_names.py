"""A helper reading an attribute by a class-constant name: `def factor_of(self, ctx):
return ctx.attr(self.FACTOR_ATTR)` of a mixin, `FACTOR_ATTR = "scale"` a string class
constant, called as `self.factor_of(ctx)` in compute. The constant, as the kernel class
sees it through its MRO, is folded to its literal and the helper lifted per kernel: a
subclass overriding it (`FACTOR_ATTR = "gain"`) reads its own attribute. A constant set
as an attribute anywhere in the modules of the MRO (`Kernel.FACTOR_ATTR = ...` after the
class, `self.FACTOR_ATTR = name` in a base of another module) is not folded: that
kernel stays legacy with the reason; a really computed name is quoted as written. Slot
and attribute names the module's constants spell (`ctx.input(X_SLOT)`, `ctx.output(OUT_BASE
+ sh.OUT_TAIL)`, `ctx.attr(sh.GAIN_ATTR)`) are those strings; a name compute() binds itself
is no module constant.

The package is written under tmp_path; after `--write` every module imports and each
migrated op, run through its PHI kernel, gives what its legacy kernel gave.
"""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, dedent, verified_rows, write_sources

PACKAGE = "pkg_attr_names"

SOURCES = {
    "__init__": "",
    "shared": dedent('''
    from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
    from legacy_fluid.framework.operator import OperatorWithKernel
    from legacy_fluid.framework.var_type import AttrType


    class TwoAttrMaker(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "")
            self.add_output("Out", "")
            self.add_attr("scale", AttrType.FLOAT, 2.0, "")
            self.add_attr("gain", AttrType.FLOAT, 3.0, "")


    class SameOp(OperatorWithKernel):
        def infer_shape(self, ctx):
            ctx.share_dim("X", "Out")
            ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


    OUT_TAIL = "ut"
    GAIN_ATTR = "gain"


    class AttrNameMixin:
        FACTOR_ATTR = "scale"

        def factor_of(self, ctx):
            return ctx.attr(self.FACTOR_ATTR)
'''),
    "kernels": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .shared import AttrNameMixin, SameOp, TwoAttrMaker


    class ScaleKernel(AttrNameMixin, OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data * self.factor_of(ctx)


    class GainKernel(ScaleKernel):
        FACTOR_ATTR = "gain"  # the subclass's own attribute name


    register_operator("an_scale", SameOp, TwoAttrMaker)
    register_operator("an_gain", SameOp, TwoAttrMaker)
    register_op_kernel("an_scale", "CPU", ScaleKernel, DataType.FLOAT32)
    register_op_kernel("an_gain", "CPU", GainKernel, DataType.FLOAT32)
'''),
    "reassigned": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .shared import AttrNameMixin, SameOp, TwoAttrMaker


    class RenamedKernel(AttrNameMixin, OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data + self.factor_of(ctx)


    RenamedKernel.FACTOR_ATTR = "gain"  # set after the class: not a constant
    register_operator("an_renamed", SameOp, TwoAttrMaker)
    register_op_kernel("an_renamed", "CPU", RenamedKernel, DataType.FLOAT32)
'''),
    "switchable": dedent('''
    from .shared import AttrNameMixin


    class SwitchableMixin(AttrNameMixin):
        def switch_to(self, name):
            self.FACTOR_ATTR = name  # an instance may read another attribute
'''),
    "switched": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .shared import SameOp, TwoAttrMaker
    from .switchable import SwitchableMixin


    class SwitchedKernel(SwitchableMixin, OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data - self.factor_of(ctx)


    register_operator("an_switched", SameOp, TwoAttrMaker)
    register_op_kernel("an_switched", "CPU", SwitchedKernel, DataType.FLOAT32)
'''),
    "moduled": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from . import shared as sh
    from .shared import SameOp, TwoAttrMaker

    X_SLOT = "X"
    OUT_BASE = "O"


    class NamedSlotsKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input(X_SLOT)
            out = ctx.output(OUT_BASE + sh.OUT_TAIL).mutable_data(ctx.place, x.dtype)
            out[...] = x.data * ctx.attr(sh.GAIN_ATTR)


    class ShadowedSlotKernel(OpKernel):
        def compute(self, ctx):
            X_SLOT = "X" if ctx.has_input("X") else "Y"  # its own name, not the module's
            x = ctx.input(X_SLOT)
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data


    register_operator("an_named_slots", SameOp, TwoAttrMaker)
    register_operator("an_shadowed_slot", SameOp, TwoAttrMaker)
    register_op_kernel("an_named_slots", "CPU", NamedSlotsKernel, DataType.FLOAT32)
    register_op_kernel("an_shadowed_slot", "CPU", ShadowedSlotKernel, DataType.FLOAT32)
'''),
    "computed": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .shared import SameOp, TwoAttrMaker


    class ComputedKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            key = "ga" + "in"
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data * ctx.attr(key)


    register_operator("an_computed", SameOp, TwoAttrMaker)
    register_op_kernel("an_computed", "CPU", ComputedKernel, DataType.FLOAT32)
'''),
}

_NOT_CONSTANT = ("passes ctx to factor_of(): reads class attribute self.FACTOR_ATTR = "
                 "\"scale\", which is not an immutable constant ('FACTOR_ATTR' is also "
                 "assigned outside its class body); only numbers, strings, tuples and "
                 "frozensets of those, and lists, dicts and sets of those nothing changes or "
                 "hands out, are inlined")

#: kernel class -> (status, the reason, exactly)
EXPECTED = {
    "ScaleKernel": ("migrated", ""),
    "GainKernel": ("migrated", ""),
    "RenamedKernel": ("skipped", _NOT_CONSTANT),
    "SwitchedKernel": ("skipped", _NOT_CONSTANT),
    "ComputedKernel": ("skipped", "reads attribute by a computed name (ctx.attr(key))"),
    "NamedSlotsKernel": ("migrated", ""),
    "ShadowedSlotKernel": ("skipped", "reads input by a computed name (ctx.input(X_SLOT))"),
}
MIGRATED_OPS = ("an_gain", "an_scale", "an_named_slots")
LEGACY_OPS = ("an_computed", "an_renamed", "an_switched", "an_shadowed_slot")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_sources(tmp_path_factory.mktemp("attr_names"), PACKAGE, SOURCES)


def test_a_class_constant_attribute_name_is_folded_per_kernel(written: dict[str, Any]
                                                              ) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    kernels = (written["pkg"] / "kernels.py").read_text()
    # one lifted helper per kernel, each reading the attribute its class's constant names
    assert "def _factor_of(*, scale):\n    return scale\n" in kernels
    assert "def _gain_kernel_factor_of(*, gain):\n    return gain\n" in kernels
    assert "    out[...] = x.data * _gain_kernel_factor_of(gain=gain)\n" in kernels
    # slot and attribute names the module's constants spell (its own, `sh.GAIN_ATTR`, a
    # sum of both), read as those strings
    moduled = (written["pkg"] / "moduled.py").read_text()
    assert "def an_named_slots_kernel(dev_ctx: DeviceContext, x: DenseTensor, gain: float," \
        in moduled and "    out[...] = x.data * gain\n" in moduled, moduled
    assert 'KernelSignature("an_named_slots", ["X"], ["gain"], ["Out"])' in moduled
    for kept in ("shared", "switchable", "reassigned", "switched", "computed"):
        assert (written["pkg"] / f"{kept}.py").read_text() == SOURCES[kept]


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert_nothing_broken(written, MIGRATED_OPS)
    assert set(before["ran"]) == {*MIGRATED_OPS, *LEGACY_OPS}
    assert set(after["phi_ran"]) == set(MIGRATED_OPS)
    for op in MIGRATED_OPS:
        assert isinstance(before["ran"][op], list), before["ran"][op]
        assert after["phi_ran"][op] == before["ran"][op]
    # x = -2 times the attribute each kernel's constant names (scale 2.0, gain 3.0)
    assert before["ran"]["an_scale"][0][0] == pytest.approx(-4.0)
    assert before["ran"]["an_gain"][0][0] == pytest.approx(-6.0)
    assert before["ran"]["an_renamed"][0][0] == pytest.approx(1.0)  # -2 + gain
