"""The codemod on a package whose kernels a factory of a sub-package builds
(tests/migrate/corpus/pkg_unary): the factory (`kit/pieces.py`, re-exported by
`kit/__init__`) names its class with calls after the class statement
(`_Made.__module__ = getattr(fn, "__module__", __name__)`) and the class's own method
returns a value, and a loop over a module-level table registers the factory's kernels and a
class-statement kernel. The factory is found through the re-export; its kernels get a
`skipped` row naming the factory and the statement it cannot read; the loop, over a literal
table whose entries are names each bound once, is unrolled, so the class-statement kernel
migrates (its registration dropped, verified identical) while the factory's kernels keep
their legacy registrations."""

from __future__ import annotations

import json
from pathlib import Path

from migrate_helpers import console, copy_package, dedent, migrate

from compat.statuses import KernelStatus
from migrate.cli_entry import run_migrate


def test_every_kernel_of_the_table_has_a_row_naming_why(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path, "pkg_unary")
    out = tmp_path / "rows.json"
    assert run_migrate([pkg], write=True, verify=True, json_path=out, console=console()) == 0
    ops = (pkg / "ops.py").read_text()
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert set(rows) == {"TwiceKernel", "CubeKernel", "HalfKernel"}
    assert rows["TwiceKernel"]["status"] == "migrated"
    assert rows["TwiceKernel"]["verification"].startswith("identical on 2 of 2")
    assert all(Path(r["file"]).name == "ops.py" for r in rows.values())
    for name, fn, doc in (("CubeKernel", "_cube", "X ** 3"), ("HalfKernel", "_halve", "X / 2")):
        assert rows[name]["status"] == "skipped"
        assert rows[name]["reason"] == (
            f"built by the factory elementwise_kernel() (kit/pieces.py) (`{name} = "
            f'elementwise_kernel("{name}", {fn}, "{doc}")`), which the codemod cannot read as '
            'a class: it also runs `_Made.__module__ = getattr(fn, "__module__", __name__)` '
            "after its class statement (only its __name__, __qualname__, __doc__ and "
            "__module__ may be set); not migrated"), rows[name]
        assert f'\nregister_op_kernel("{rows[name]["op"]}", "CPU", {name}, *FLOATS)\n' in ops
    # the base the factory's class derives from is no kernel of its own
    assert "ElementwiseKernel" not in rows
    assert "for _op, _kernel, _device in _TABLE:" not in ops
    assert 'register_op_kernel("uk_twice"' not in ops
    assert '@register_kernel("uk_twice", Backend.CPU' in ops


_UNREAD_LOOP = dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from phi.common import DataType


    def make_kernel(label, fn):
        class _Made(OpKernel):
            def compute(self, ctx):
                x = ctx.input("X")
                ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.apply(x.data)

            def apply(self, v):
                return fn(v)

        _Made.__name__ = label
        _Made.__module__ = getattr(fn, "__module__", __name__)
        return _Made


    class TwiceKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


    def _pairs(*kernels):
        return [(k.__name__.lower(), k) for k in kernels]


    NegKernel = make_kernel("NegKernel", abs)
    for _op, _kernel in _pairs(TwiceKernel, NegKernel):
        register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
''')


def test_a_factory_class_in_an_unread_loop_still_has_its_row() -> None:
    # the class's `apply` returns a value: the factory's only own `return` is `return _Made`
    rows = {r.kernel: r for r in migrate(_UNREAD_LOOP).records}
    assert set(rows) == {"TwiceKernel", "NegKernel"}
    assert {r.status for r in rows.values()} == {KernelStatus.SKIPPED}
    assert rows["TwiceKernel"].reason == (
        "registration not statically readable (_pairs(TwiceKernel, NegKernel))")
    assert rows["NegKernel"].reason.startswith(
        'built by the factory make_kernel() (`NegKernel = make_kernel("NegKernel", abs)`), '
        "which the codemod cannot read as a class: it also runs `_Made.__module__ = ")
