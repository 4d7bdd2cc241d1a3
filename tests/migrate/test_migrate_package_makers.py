"""The codemod on a package whose makers are built by factories called where a maker is
expected (tests/migrate/corpus/pkg_makers): inline in `register_operator`, handed to a
registration helper's parameter, in a loop over a literal table; the factory's parameters
bound from the call (defaults, keywords, loop variables, module constants, a constant
imported from another module), its class's `make()` looping over constant tuples and
testing `slot in <tuple>`, a chained cosmetic `__name__`/`__qualname__` assignment (in a
maker factory and in a kernel factory computing the name from strings), an operator class
reached as `module.Class`, a maker subclass calling `super().make()` and one extending a
hook its base's make() calls through `super().extra_attrs()`. Every proto read
statically equals the one the framework builds when the package is imported; a factory
reading a module-level list another module appends to is refused, naming it. After
`--write` every module still imports and every op computes what it computed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_nothing_broken,
    console,
    run_package_ops,
    run_script,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate
from migrate.module_scan import scan_module
from migrate.proto_reader import read_protos
from migrate.static_facts import StaticProto

PACKAGE = "pkg_makers"
MODULE = CORPUS / PACKAGE / "ops" / "shaped.py"

#: every op the module registers, as the framework builds its proto: inputs and outputs
#: (name, duplicable, dispensable), attributes (name, type, default), in order
_LIVE = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import pkg_makers.ops.shaped
from legacy_fluid.framework.op_registry import OP_INFOS
out = {}
for op in OP_INFOS.op_types():
    info = OP_INFOS.info(op)
    if info.module.startswith("pkg_makers"):
        p = info.proto
        out[op] = [[[v.name, v.duplicable, v.dispensable] for v in p.inputs],
                   [[v.name, v.duplicable, v.dispensable] for v in p.outputs],
                   [[a.name, a.type.name, a.default] for a in p.attrs if not a.generated]]
print(json.dumps(out))
'''

_LATE = ("op proto of 'm_late' is not statically readable: built by the factory late_maker() "
         "(common/makers.py) (`late_maker(\"late\")`), which reads 'LATE_ATTRS', a "
         "module-level container any module may change before the call")


def _shape(proto: StaticProto) -> list[Any]:
    return [[[v.name, v.duplicable, v.dispensable] for v in proto.inputs],
            [[v.name, v.duplicable, v.dispensable] for v in proto.outputs],
            [[a.name, a.type, a.default] for a in proto.attrs]]


def test_every_proto_read_statically_is_the_one_the_framework_builds() -> None:
    live = run_script(_LIVE, str(CORPUS))
    info = read_protos(scan_module(MODULE.read_text(), MODULE))
    assert set(info.protos) == set(live) and not info.unread_operators
    read = {op: p for op, p in info.protos.items() if isinstance(p, StaticProto)}
    assert {op: p for op, p in info.protos.items() if op not in read} == {"m_late": _LATE}
    assert {op: _shape(p) for op, p in read.items()} == {op: live[op] for op in read}
    # what the structures bind: loop variables, keywords and defaults, imported constants
    assert live["m_pair"][0] == [["X", False, False], ["Y", False, True]]
    assert live["m_stack"][0] == [["Xs", True, False]]
    assert live["m_normalize"][2] == [["dim", "INT", -1], ["mode", "STRING", "l1"]]
    assert live["m_soft_ext"][0][1] == ["Out@GRAD", False, True]
    # a hook the base's make() calls, extended through `super().extra_attrs()`
    assert live["m_scaled_shift"][2] == [["scale", "FLOAT", 2.0], ["shift", "FLOAT", 0.5]]
    # the refused twin: the framework built its proto before the list grew
    assert live["m_late"][2] == []


EXPECTED = {
    "NormalizeKernel": ("migrated", "m_normalize", ""),
    "CubeKernel": ("migrated", "m_cube", "migrated; legacy registration kept"),
    "ExpmKernel": ("migrated", "m_expm", "migrated; legacy registration kept"),
    "SinhKernel": ("migrated", "m_sinh", ""),
    "LateKernel": ("skipped", "m_late", _LATE),
    # its class named from `ufunc.__name__`: a string whatever the ufunc (cosmetic)
    "NegateKernel": ("migrated", "m_negate", ""),
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row_and_computes_as_before(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["op"]) for k, r in got.items()} == {
        k: v[:2] for k, v in EXPECTED.items()}
    for kernel, (_, _, reason) in EXPECTED.items():
        assert got[kernel]["reason"].startswith(reason), got[kernel]
    migrated = {op for status, op, _ in EXPECTED.values() if status == "migrated"}
    for r in got.values():
        if r["status"] == "migrated":
            assert r["verification"].startswith("identical on 2 of 2"), r
    # the loop's helper also records the op: its legacy registration stays, the PHI kernel
    # is written too and computes the same
    kept = {r["op"] for r in got.values() if "registration kept" in r["reason"]}
    assert kept == {"m_cube", "m_expm"}
    assert_nothing_broken(written, migrated - kept)
    before = written["before"]["ran"]
    assert {op: written["after"]["phi_ran"][op] for op in migrated - kept} == {
        op: before[op] for op in migrated - kept}
    phi = run_package_ops(written["pkg"].parent, [f"{PACKAGE}.ops.shaped"],
                          {op: [{}] for op in kept}, "phi")
    assert phi == {f"{op} {{}}": before[op] for op in kept}


def test_the_inline_makers_stay_and_their_attributes_reach_the_kernel(
        written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops" / "shaped.py").read_text()
    assert 'declare("m_normalize", KeepShapeOp, unary_maker("x / |x|", (DIM, _MODE)))' in ops
    assert "def m_normalize_kernel(dev_ctx: DeviceContext, x: DenseTensor, dim: int," in ops
    assert "SinhKernel =" not in ops and "ufunc_kernel" not in ops
    assert 'register_operator("m_late", KeepShapeOp, late_maker("late"))' in ops
    assert "class LateKernel(_ApplyKernel):" in ops
    assert "NegateKernel = self_named_kernel(np.negative)" not in ops
    assert "def m_negate_kernel(" in ops


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
