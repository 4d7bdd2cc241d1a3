"""A maker factory and the forward makers it builds, bound at module level."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.var_type import AttrType

__all__ = ["CeluMaker", "HiddenMaker"]


def plain_maker(name, attrs=()):
    class _Plain(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "input")
            self.add_output("Out", "output")
            for attr_name, attr_type, default in attrs:
                self.add_attr(attr_name, attr_type, default, attr_name)

    _Plain.__name__ = _Plain.__qualname__ = name
    return _Plain


CeluMaker = plain_maker("CeluMaker", attrs=[("alpha", AttrType.FLOAT, 1.0),
                                             ("threshold", AttrType.FLOAT, 20.0)])


def _extra_slots():
    return ["Scale"]


class HiddenMaker(OpProtoAndCheckerMaker):
    """The negative twin: its make() loops over what a call returns."""

    def make(self):
        self.add_input("X", "input")
        for slot in _extra_slots():
            self.add_input(slot, slot, dispensable=True)
        self.add_output("Out", "output")
