"""An `__init__` that only calls its base's (a docstring and `pass` besides) keeps no
state: the kernel is read through the next class's `__init__`, whose instance constant
(`self.scale = 2.0`) is read as its value; one doing more stays refused, named."""

from __future__ import annotations

import pytest
from migrate_helpers import LONE_HEADER, migrate

TEMPLATE = LONE_HEADER + '''

class Base(OpKernel):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.scale


class K(Base):
    def __init__(self):
        {init}


register_operator("k", O, M)
register_op_kernel("k", "CPU", K, DataType.FLOAT32)
'''


@pytest.mark.parametrize("init", [
    "super().__init__()",
    '"""Nothing of its own."""\n        super(K, self).__init__()\n        pass',
    "Base.__init__(self)",
])
def test_a_trivial_init_defers_to_the_next_one(init: str) -> None:
    result = migrate(TEMPLATE.format(init=init))
    rec = result.records[0]
    assert rec.status == "migrated", rec.reason
    assert "reads `self.scale = 2.0` as the constant it is" in rec.reason, rec.reason
    assert "x.data * 2.0" in result.new_text


def test_an_init_doing_more_stays_refused() -> None:
    rec = migrate(TEMPLATE.format(init="super().__init__()\n        self.extra = []")
                  ).records[0]
    assert rec.status == "skipped"
    assert "another class of its MRO defines __init__ too" in rec.reason, rec.reason


#: a plain class setting attributes of its own instances by computed names
FUNCTOR = '''

class Functor(object):
    NAMES = ("alpha",)

    def __init__(self, ctx):
        for name in self.NAMES:
            setattr(self, name, ctx.attr(name))
'''


def test_a_computed_setattr_on_another_classs_self_leaves_the_constant_read() -> None:
    """`setattr(self, name, ...)` in a method of a class outside the kernel's MRO sets
    attributes of that class's instances, never the kernel's `scale`."""
    result = migrate(TEMPLATE.format(init="super().__init__()") + FUNCTOR)
    rec = result.records[0]
    assert rec.status == "migrated", rec.reason
    assert "x.data * 2.0" in result.new_text


def test_a_computed_setattr_on_the_kernels_self_stays_refused() -> None:
    """The same in a method of a class of the kernel's MRO may set its `scale`."""
    setter = "    def set_named(self, name):\n        setattr(self, name, 3.0)\n\n"
    source = TEMPLATE.format(init="super().__init__()").replace(
        "    def compute(self, ctx):", setter + "    def compute(self, ctx):", 1)
    rec = migrate(source).records[0]
    assert rec.status == "skipped"
    assert "calls setattr() with an attribute name it computes" in rec.reason, rec.reason
