"""The codemod on team H's package (tests/migrate/corpus/pkg_habits): an `object` base and
a `typing.Generic[T]` base read as absent; a helper of another module taking ctx whose
reads become parameters spelled like builtins (`min`, `max`) lifted with those parameters
renamed; a kernel keeping a lazily built table on the instance refused as instance state;
kernels made by factories (a class statement renamed in the factory, read as that class
statement and migrated; a `type(...)` call, refused) each with a row under the name they
are bound to; an op whose operator
one module registers and whose int kernel another adds left legacy in both, each row naming
the other module. After `--write`
every module still imports and every op computes what it computed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import HEADER, UNARY, dedent, migrate, run_package_ops, write_copy

PACKAGE = "pkg_habits"

#: (module, kernel class) -> (status, op, the reason, exactly)
EXPECTED = {
    ("vintage.py", "FloorAtZeroKernel"): ("migrated", "hb_floor_at_zero", ""),
    ("vintage.py", "ShiftKernel"): ("migrated", "hb_shift", ""),
    ("vintage.py", "BoundedKernel"): ("migrated", "hb_bounded", ""),
    # on a Generic base of another module, specialised (`ScaledBase[float]`); the base is
    # no kernel of its own
    ("typed_use.py", "QuadrupleKernel"): ("migrated", "hb_quadruple", ""),
    ("lazy.py", "ParityKernel"): (
        "skipped", "hb_parity", "ParityKernel keeps instance state: its __init__ sets "
        "`self._table = None`, and _lookup() sets it again (a cache filled on first use); a "
        "PHI kernel is a plain function, with no instance to keep it between runs (only an "
        "`__init__` storing the kernels it composes, `self.k = OtherKernel()`, is read); "
        "not a write-only counter: pkg_habits/lazy.py reads `._table` (`self._table`); not an "
        "instance constant: ParityKernel._lookup() uses `self._table` as a target: it changes"),
    # the factory renames its class (`Made.__name__ = Made.__qualname__ = name`): read as
    # the class statement it stands for, named as the module binds it
    ("factory.py", "TripleKernel"): ("migrated", "hb_triple", ""),
    # its factory builds it by `type(name, (_Affine,), {"SCALE": scale})`: read as the class
    # statement `class HalveKernel(_Affine): SCALE = 0.5`
    ("factory.py", "HalveKernel"): ("migrated", "hb_halve", ""),
    # the module registers a `type(...)`-made class in a call it cannot read, but the call
    # names it plainly and looks nothing up: it registers no other class, so the others go
    ("factory.py", "NegateKernel"): ("migrated", "hb_negate", ""),
    # an op whose operator is registered in products.py and whose int kernels products_int.py
    # adds: neither module migrates its kernels of it
    ("products_int.py", "IntRowProductKernel"): (
        "skipped", "hb_row_product", "op 'hb_row_product' is not registered (register_operator) "
        "in this module but in pkg_habits/products.py (`register_operator(\"hb_row_product\", "
        "RowProductOp, RowProductMaker)`): an op whose operator and kernels are split over "
        "modules is not migrated (its ops.yaml entry, mapping and InferMeta belong to one "
        "module, and all its kernels would have to migrate together); not migrated"),
    ("products.py", "RowProductKernel"): (
        "skipped", "hb_row_product", "op 'hb_row_product' also has a kernel in "
        "pkg_habits/products_int.py (IntRowProductKernel), which stays legacy: the kernels of "
        "an op split over modules migrate together or not at all"),
}
MIGRATED = {op for status, op, _ in EXPECTED.values() if status == "migrated"}
LEGACY = frozenset(op for status, op, _ in EXPECTED.values() if status != "migrated")
CASES: dict[str, list[dict[str, Any]]] = {op: [{}] for op in sorted(MIGRATED | LEGACY)}
CASES["hb_bounded"] = [{}, {"min": -0.5, "max": 2.5}, {"min": 3e6, "max": 4e6}]
MODULES = [f"{PACKAGE}.{m}" for m in ("vintage", "typed_use", "lazy", "factory", "products",
                                     "products_int")]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): (r["status"], r["op"], r["reason"])
           for r in written["doc"]["kernels"]}
    assert got == EXPECTED
    assert written["code"] == 0 and written["doc"]["written"]
    verdicts = {r["kernel"]: r["verification"] for r in written["doc"]["kernels"]
                if r["status"] == "migrated"}
    assert all(v.startswith("identical") for v in verdicts.values()), verdicts


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert written["after_ops"] == written["before_ops"]
    # the helper clamps each bound to +-1e6 with the builtins min and max
    assert written["before_ops"]["hb_bounded {'min': 3000000.0, 'max': 4000000.0}"] == \
        [[1e6] * 4] * 3


def test_old_style_and_generic_bases_are_gone_with_their_classes(written: dict[str, Any]
                                                                 ) -> None:
    text = (written["pkg"] / "vintage.py").read_text()
    assert "class FloorAtZeroKernel" not in text and "class ShiftKernel" not in text
    # the typed base only the migrated kernel used goes; its constant is inlined
    assert "class _TypedBase" not in text and "x.data + 0.5" in text


def test_a_helper_read_named_like_a_builtin_is_a_renamed_parameter(written: dict[str, Any]
                                                                    ) -> None:
    text = (written["pkg"] / "vintage.py").read_text()
    assert "def _bound_of(*, min_):\n" in text
    assert "    value = min_\n    return float(min(max(value, -1e6), 1e6))\n" in text
    assert "def _bounded_kernel_bound_of(*, max_):\n" in text
    assert "lo = _bound_of(min_=min)\n" in text and "hi = _bounded_kernel_bound_of(max_=max)" \
        in text


def _helper_module(helper: str, call: str) -> str:
    kernel = f'''

{helper}


class UnaryKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = {call}


register_operator("unary", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
'''
    return (HEADER + UNARY).replace('"alpha"', '"type"').replace('"slope"', '"kind"') + kernel


@pytest.mark.parametrize(("helper", "call", "param"), [
    # the rewrite's own read, next to the builtin the helper calls
    ('def pick(ctx):\n    return type(ctx.attr("type"))(2)', "x.data * pick(ctx)", "type_"),
    # a helper local bound to the read: every use of it
    ('def pick(ctx):\n    type = ctx.attr("type")\n    return type * 2', "x.data * pick(ctx)",
     "type_"),
    # a fresh name no name of the helper spells
    ('def pick(ctx):\n    type_ = 1.0\n    return ctx.attr("type") + type_', "x.data + pick(ctx)",
     "type__"),
])
def test_a_builtin_named_read_of_a_ctx_helper_takes_a_fresh_name(helper: str, call: str,
                                                                  param: str) -> None:
    result = migrate(_helper_module(helper, call))
    (record,) = result.records
    assert record.status == "migrated", record.reason
    assert f"def _pick(*, {param}):" in result.new_text
    assert f"_pick({param}=type)" in result.new_text


def test_an_object_the_module_binds_is_no_inert_base() -> None:
    source = HEADER + UNARY + dedent('''
        object = dict


        class UnaryKernel(OpKernel, object):
            def compute(self, ctx):
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''') + '\nregister_operator("unary", UnaryOp, UnaryOpMaker)\n' \
        'register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)\n'
    (record,) = migrate(source).records
    assert record.status == "skipped"
    assert record.reason == "inherits from object, defined outside this module and the tree"
