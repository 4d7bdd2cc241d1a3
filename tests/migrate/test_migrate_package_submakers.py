"""The codemod on a package whose grad makers extend forward makers of another module
(tests/migrate/corpus/pkg_subs): the forward maker a factory builds at module level (a list
display of attribute rows handed to a parameter the factory only iterates), the grad maker
calling `super().make()`, `super(C, self).make()` or `Base.make(self)`. Every proto read
statically equals the one the framework builds; a base whose make() is not readable is
refused statically, naming why (with verify on, its op migrates on the imported proto).
After `--write` every module still imports and every op computes what it computed before."""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import CORPUS, assert_nothing_broken, run_script, verified_rows, write_copy

from migrate.live_protos import LIVE_PROTO
from migrate.module_scan import scan_module
from migrate.proto_reader import read_protos
from migrate.static_facts import StaticProto

PACKAGE = "pkg_subs"
MODULE = CORPUS / PACKAGE / "acts" / "grads.py"

_LIVE = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import pkg_subs.acts.grads
from legacy_fluid.framework.op_registry import OP_INFOS
out = {}
for op in OP_INFOS.op_types():
    info = OP_INFOS.info(op)
    if info.module.startswith("pkg_subs"):
        p = info.proto
        out[op] = [[[v.name, v.duplicable, v.dispensable] for v in p.inputs],
                   [[v.name, v.duplicable, v.dispensable] for v in p.outputs],
                   [[a.name, a.type.name, a.default] for a in p.attrs if not a.generated]]
print(json.dumps(out))
'''

_HIDDEN = "op proto of 's_hidden' is not statically readable: _extra_slots()"


def _shape(proto: StaticProto) -> list[Any]:
    return [[[v.name, v.duplicable, v.dispensable] for v in proto.inputs],
            [[v.name, v.duplicable, v.dispensable] for v in proto.outputs],
            [[a.name, a.type, a.default] for a in proto.attrs]]


def test_every_subclass_proto_read_statically_is_the_live_one() -> None:
    live = run_script(_LIVE, str(CORPUS))
    info = read_protos(scan_module(MODULE.read_text(), MODULE))
    assert set(info.protos) == set(live) == {"s_celu_a", "s_celu_b", "s_celu_c", "s_hidden"}
    read = {op: p for op, p in info.protos.items() if isinstance(p, StaticProto)}
    assert {op: p for op, p in info.protos.items() if op not in read} == {"s_hidden": _HIDDEN}
    assert {op: _shape(p) for op, p in read.items()} == {op: live[op] for op in read}
    # the forward's slots and the factory's attributes come first, the grad's after
    assert live["s_celu_a"][0] == [["X", False, False], ["Out@GRAD", False, True]]
    assert live["s_celu_c"][1] == [["Out", False, False], ["X@GRAD", False, True]]
    assert live["s_celu_b"][2] == [["alpha", "FLOAT", 1.0], ["threshold", "FLOAT", 20.0]]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_the_grad_ops_kernels_migrate_the_unreadable_one_on_its_imported_proto(
        written: dict[str, Any]) -> None:
    """The op whose base make() the static reading refuses (`_HIDDEN`) migrates, verify
    on, on the proto importing the tree gives (`live_protos`)."""
    got = verified_rows(written)
    assert {k: (r["status"], r["op"]) for k, r in got.items()} == {
        "CeluKernel": ("migrated", "s_celu_a"), "HiddenKernel": ("migrated", "s_hidden")}
    assert got["HiddenKernel"]["reason"] == f"migrated; {LIVE_PROTO}", got["HiddenKernel"]
    for row in got.values():
        assert row["verification"].startswith("identical on"), row
    assert_nothing_broken(written, {"s_celu_a", "s_hidden"})
    grads = (written["pkg"] / "acts" / "grads.py").read_text()
    assert "def s_celu_a_kernel(" in grads and "alpha: float" in grads
    assert "class HiddenKernel(OpKernel):" not in grads and "def s_hidden_kernel(" in grads
