"""A registration naming a kernel class a factory builds at run time (`XKernel = make(...)`,
`type(...)`) is unread, but it names that class plainly: it cannot register another class
of its module, so a class-statement kernel registered readably beside it migrates and goes
(no "may find it by a computed name" hold). Where such a statement also looks a class up by
a computed name, the neighbours' classes are kept as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.migrate.migrate_helpers import dedent, verified_rows, write_sources

_OPS = dedent('''
    import numpy as np

    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
    from legacy_fluid.framework.op_registry import register_operator
    from legacy_fluid.framework.operator import OperatorWithKernel
    from phi.common import DataType


    class _Maker(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "x")
            self.add_output("Out", "out")


    class _Op(OperatorWithKernel):
        def infer_shape(self, ctx):
            ctx.set_output_dim("Out", ctx.get_input_dim("X"))
            ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


    class BnNegKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            np.negative(x.data, out=data)


    def _abs_compute(self, ctx):
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        np.abs(x.data, out=data)


    {built}

    register_operator("bn_neg", _Op, _Maker)
    register_operator("bn_abs", _Op, _Maker)
    register_op_kernel("bn_neg", "CPU", BnNegKernel, DataType.FLOAT32, DataType.FLOAT64)
    {abs_registration}
''')
_FACTORY = dedent('''
    def _make(name, fn):
        return type(name, (OpKernel,), {"compute": fn, "__module__": __name__})


    BnAbsKernel = _make("BnAbsKernel", _abs_compute)
''')
_TYPE_CALL = ('BnAbsKernel = type("BnAbsKernel", (OpKernel,), '
              '{"compute": _abs_compute, "__module__": __name__})')
_PLAIN = 'register_op_kernel("bn_abs", "CPU", BnAbsKernel, DataType.FLOAT32)'
_LOOKUP = ('register_op_kernel("bn_abs", "CPU", globals().get("BnAbsKernel", BnAbsKernel), '
           'DataType.FLOAT32)')


def _write(tmp_path: Path, built: str, registration: str) -> dict:
    source = _OPS.replace("{built}", built).replace("{abs_registration}", registration)
    return write_sources(tmp_path, "pkg_built", {"__init__": "from . import ops  # noqa: F401\n",
                                                  "ops": source})


@pytest.mark.parametrize("built", [_FACTORY, _TYPE_CALL], ids=["factory", "type_call"])
def test_neighbour_of_a_built_kernel_migrates_and_goes(tmp_path: Path, built: str) -> None:
    written = _write(tmp_path, built, _PLAIN)
    rows = verified_rows(written)
    assert rows["BnNegKernel"]["status"] == "migrated"
    assert rows["BnNegKernel"]["reason"] == ""
    assert rows["BnAbsKernel"]["status"] == "skipped"
    assert "at run time" in rows["BnAbsKernel"]["reason"]
    text = (written["pkg"] / "ops.py").read_text()
    assert "class BnNegKernel" not in text and "def bn_neg_kernel" in text
    assert written["after"]["imported"] == written["before"]["imported"]
    assert written["after"]["ran"]["bn_abs"] == written["before"]["ran"]["bn_abs"]


def test_computed_lookup_beside_it_keeps_the_neighbour(tmp_path: Path) -> None:
    written = _write(tmp_path, _FACTORY, _LOOKUP)
    rows = verified_rows(written)
    assert rows["BnNegKernel"]["status"] == "migrated"
    assert "may find it by a computed name" in rows["BnNegKernel"]["reason"]
    assert "class BnNegKernel" in (written["pkg"] / "ops.py").read_text()
