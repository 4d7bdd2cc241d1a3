"""The codemod on a package whose makers are built by factories calling `type()`
(tests/migrate/corpus/pkg_typemakers): a nested `make` closing over the factory's
parameters (lists of slots, a table of attributes, an optional input), bound in another
module than the factory's, imported by a sibling op module, called inline in
`register_operator`, a namespace naming a module-level function, and a nested `make`
calling its base maker's `make(self)` by name. Every proto read
statically equals the one the framework builds when the package is imported; the twins (a
namespace setting more than `make`, a `make` reading a module list another module appends
to) are refused statically, named; with verify on, the first migrates on the proto
importing the tree gives (`live_protos`), the second stays refused (another import order
may build another proto). After `--write` every module still imports and every op computes
what it computed before. Factories Python itself cannot run as a class statement would
(`super()` in the nested `make`) and other unsafe variants are refused, named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_nothing_broken,
    console,
    run_script,
    write_copy,
)

from migrate.cli_entry import run_migrate
from migrate.module_scan import scan_module
from migrate.proto_reader import read_protos
from migrate.static_facts import StaticProto
from migrate.type_factories import class_form

PACKAGE = "pkg_typemakers"
OPS = CORPUS / PACKAGE / "ops"

_LIVE = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import pkg_typemakers.ops.binary, pkg_typemakers.ops.more
from legacy_fluid.framework.op_registry import OP_INFOS
out = {}
for op in OP_INFOS.op_types():
    info = OP_INFOS.info(op)
    if info.module.startswith("pkg_typemakers"):
        p = info.proto
        out[op] = [[[v.name, v.duplicable, v.dispensable] for v in p.inputs],
                   [[v.name, v.duplicable, v.dispensable] for v in p.outputs],
                   [[a.name, a.type.name, a.default] for a in p.attrs if not a.generated]]
print(json.dumps(out))
'''

_LATE = ("op proto of 't_late' is not statically readable: built by the factory late_maker() "
         "(common/makers.py) (`late_maker(\"LateMaker\")`), which reads 'LATE_SLOTS', a "
         "module-level container any module may change before the call")


def _shape(proto: StaticProto) -> list[Any]:
    return [[[v.name, v.duplicable, v.dispensable] for v in proto.inputs],
            [[v.name, v.duplicable, v.dispensable] for v in proto.outputs],
            [[a.name, a.type, a.default] for a in proto.attrs]]


def test_every_proto_read_statically_is_the_one_the_framework_builds() -> None:
    live = run_script(_LIVE, str(CORPUS))
    protos: dict[str, Any] = {}
    for name in ("binary.py", "more.py"):
        info = read_protos(scan_module((OPS / name).read_text(), OPS / name))
        assert not info.unread_operators
        protos |= info.protos
    assert set(protos) == set(live)
    read = {op: p for op, p in protos.items() if isinstance(p, StaticProto)}
    assert {op: p for op, p in protos.items() if op not in read} == {
        "t_late": _LATE}
    assert {op: _shape(p) for op, p in read.items()} == {op: live[op] for op in read}
    # what the closure binds: the slot lists, the optional input, the attribute table
    assert live["t_lerp"][0] == [["X", False, False], ["Y", False, False], ["W", False, True]]
    assert live["t_lerp"][2] == [["weight", "FLOAT", 0.5]]
    assert live["t_scale"][2] == [["scale", "FLOAT", 2.0]]
    # the base's make() called by name, then the nested one's own attribute
    assert live["t_shift"][:1] == [[["X", False, False]]]
    assert live["t_offset"][2] == [["offset", "FLOAT", 1.0]]
    # the refused twin: the framework built its proto before the list grew
    assert live["t_late"][2] == []


_F = {"CPU": ["FLOAT32", "FLOAT64"]}
_CUBE = ('built at run time by `makers.elementwise_kernel("CubeKernel", lambda v: v * v * v, '
         'OpKernel)`, a function building the class by type(); the codemod rewrites class '
         "statements only")
EXPECTED = {
    "binary.py": {
        "AddKernel": ("migrated", "t_add", "", _F),
        "LerpKernel": ("migrated", "t_lerp", "", _F),
    },
    "more.py": {
        "SubKernel": ("migrated", "t_sub", "", _F),
        "MulKernel": ("migrated", "t_mul", "", _F),
        "ScaleKernel": ("migrated", "t_scale", "", _F),
        "ShiftKernel": ("migrated", "t_shift", "", _F),
        "OffsetKernel": ("migrated", "t_offset", "", _F),
        # its maker's type() namespace also sets a class constant from the factory's
        # parameter (`"TAG": tag`): read as the class statement's `TAG = tag`
        "NegKernel": ("migrated", "t_neg", "", _F),
        "LateKernel": ("skipped", "t_late", _LATE, {}),
        "CubeKernel": ("skipped", "?", _CUBE, {}),
    },
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row_and_computes_as_before(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    migrated = {op for rows in EXPECTED.values() for status, op, _, _ in rows.values()
                if status == "migrated"}
    assert_nothing_broken(written, migrated)
    # the probe feeds X alone: the one-input op computes as before on its PHI kernel (the
    # two-input ones are compared by --verify, every row above identical)
    for op in ("t_scale", "t_shift", "t_offset"):
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op]
        assert isinstance(written["before"]["ran"][op], list)


def test_the_makers_and_their_factory_stay(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    binary, more = (pkg / "ops" / "binary.py").read_text(), (pkg / "ops" / "more.py").read_text()
    assert '\nBinaryMaker = simple_maker("BinaryMaker", ["X", "Y"], ["Out"])\n' in binary
    assert 'register_operator("t_lerp", BroadcastOp, LerpMaker)' in binary
    assert "class AddKernel" not in binary and "def t_add_kernel(" in binary
    assert "from .binary import BinaryMaker" in more
    assert 'simple_maker("MulMaker", ("X", "Y"), ("Out",)))' in more
    assert "class NegKernel(OpKernel):" not in more and "def t_neg_kernel(" in more
    assert "class LateKernel(OpKernel):" in more
    assert 'TaggedMaker = tagged_maker("TaggedMaker", "neg")' in more
    assert (pkg / "common" / "makers.py").read_text() == (
        CORPUS / PACKAGE / "common" / "makers.py").read_text()


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


_BASE = '''
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker

def _module_make(self):
    self.add_input(slot, "X")

def factory(name, slot="X"):
    BODY
'''


def _form(body: str) -> str:
    import libcst as cst

    text = _BASE.replace("BODY", body.strip().replace("\n", "\n    "))
    module = cst.parse_module(text)
    fn = next(s for s in module.body
              if isinstance(s, cst.FunctionDef) and s.name.value == "factory")
    return module.code_for_node(class_form(fn, module, None))


def test_a_type_factory_reads_as_the_class_statement_python_builds() -> None:
    written = _form('''
def make(self):
    self.add_input(slot, "X")
return type(name, (OpProtoAndCheckerMaker,), {"make": make, "__doc__": "doc"})
''')
    assert "class _TypeBuilt(OpProtoAndCheckerMaker):\n" in written
    assert '"doc"\n' in written and "    def make(self):\n" in written
    assert written.rstrip().endswith(
        "_TypeBuilt.__name__ = _TypeBuilt.__qualname__ = name\n    return _TypeBuilt")


@pytest.mark.parametrize(("body", "why"), [
    ('def make(self):\n    super().make()\nreturn type(name, (OpProtoAndCheckerMaker,), '
     '{"make": make})', "its 'make' calls `super()`, which Python cannot resolve in a "
     "function defined outside a class statement"),
    ('def make(self):\n    self.__slots_seen = 1\nreturn type(name, (OpProtoAndCheckerMaker,), '
     '{"make": make})', "its 'make' names `__slots_seen`, which a class body would read "
     "otherwise"),
    ('def make(self):\n    pass\nmake2 = make\nreturn type(name, (OpProtoAndCheckerMaker,), '
     '{"make": make})', "its 'make' is bound or read elsewhere in the factory"),
    ('return type(name, (OpProtoAndCheckerMaker,), {"make": _module_make})',
     "its module function '_module_make' reads 'slot', which the factory binds too"),
    ('return type(name, (OpProtoAndCheckerMaker,), {**extra, "make": _module_make})',
     "its type() namespace holds `**extra`"),
    ('return type(name, (*bases,), {"make": _module_make})', "are spread at run time"),
    ('type = make_type\nreturn type(name, (OpProtoAndCheckerMaker,), {"make": _module_make})',
     "it binds the name `type` itself"),
])
def test_a_type_factory_that_may_build_another_class_is_refused(body: str, why: str) -> None:
    from migrate.static_refs import UnresolvableError

    with pytest.raises(UnresolvableError) as caught:
        _form(body)
    assert why in str(caught.value)
