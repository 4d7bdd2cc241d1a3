"""Which objects' attributes the tree may read reflectively (migrate/attribute_reads.py,
issue 23): a plain class (bases `object` or plain classes, mentioned only by its class
statements, calls, imports under its own name and as a base of plain classes) makes no
kernel instance, so its `self.__dict__["x"]` and `getattr(self, name)` read no kernel's
attribute; anything that may make a kernel of it keeps the read."""

from __future__ import annotations

import libcst as cst
import pytest

from migrate.attribute_reads import plain_classes, tree_reads
from migrate.module_scan import scan_module

VIEW = '''
from legacy_fluid.framework.op_kernel import OpKernel


class View(object):
    def __init__(self, ctx):
        self.__dict__["n"] = ctx

    def get(self, name):
        return getattr(self, name)


class OptimView(View):
    pass


def build(ctx):
    return OptimView(ctx), View(ctx)
'''


def _plain(text: str) -> frozenset[str]:
    return plain_classes([cst.parse_module(text)])


def test_a_class_only_called_and_derived_by_plain_classes_is_plain() -> None:
    assert _plain(VIEW) == {"View", "OptimView"}
    assert _plain(VIEW + "\nfrom x import View\n") == {"View", "OptimView"}


@pytest.mark.parametrize(("extra", "plain"), [
    ("\nclass K(OptimView, OpKernel):\n    pass\n", set()),  # a kernel may be one
    ("\nclass K(View, OpKernel):\n    pass\n", set()),
    ("\nAlias = OptimView\n", set()),  # its base too: derived by a class not plain
    ("\nok = isinstance(1, View)\n", set()),
    ("\nfrom x import View as V\n", set()),
    ("\nK = type('K', (View, OpKernel), {})\n", set()),
    ("\nclass Meta(View, metaclass=type):\n    pass\n", set()),
    ("\nclass D(x.View):\n    pass\n", set()),
])
def test_anything_that_may_make_a_kernel_of_it_is_not(extra: str, plain: set[str]) -> None:
    assert _plain(VIEW + extra) == plain


def _why(text: str) -> str:
    return tree_reads(scan_module(text), "n", set())


def test_reflective_reads_of_a_plain_object_read_no_kernel() -> None:
    assert _why(VIEW) == ""
    why = _why(VIEW + "\nclass K(OptimView, OpKernel):\n    pass\n")
    assert why.startswith("this module spells the name 'n' as a string"), why
    kernel = "\nclass K(View, OpKernel):\n    pass\n"
    view = VIEW.replace("    def get(self, name):\n        return getattr(self, name)\n", "")
    # one literal key of any object's `__dict__` is that attribute alone
    for keyed in ('self.__dict__["m"] = ctx', 'self.m = self.__dict__.get("m", ctx)',
                  'self.m = "m" in self.__dict__'):
        assert _why(view.replace('self.__dict__["n"] = ctx', keyed) + kernel) == "", keyed
    for loose in ('self.__dict__.update(m=ctx)', 'self.m = dict(self.__dict__)',
                  'self.m = self.__dict__.get(ctx)', 'self.m = self.__dict__[ctx]'):
        why = _why(view.replace('self.__dict__["n"] = ctx', loose) + kernel)
        assert why == "this module uses `__dict__`, which may read any attribute", (loose, why)
    why = _why(view.replace('self.__dict__["n"] = ctx', 'self.m = self.__dict__.get("n")')
               + kernel)
    assert why.startswith("this module spells the name 'n' as a string"), why


WRAPPER = '''
class Wrapper:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, item):
        return getattr(self._ctx, item)


WRAPPERS = [Wrapper]
'''


def test_a_getattr_passing_on_its_name_forwards_a_read_made_elsewhere() -> None:
    assert _why(VIEW + WRAPPER) == ""
    why = _why(VIEW + WRAPPER.replace("getattr(self._ctx, item)", "getattr(self._ctx, item + 'x')"))
    assert why == "this module calls getattr() with an attribute name it computes", why
    why = _why(VIEW + WRAPPER.replace("return getattr", "item = 'n'\n        return getattr"))
    assert why.startswith("this module"), why
