"""The legacy ops whose own infer_shape was dropped for their InferMeta (issue 22) still get
the output metas their own rule gave.

`tests/fixtures/infer_shape_records.json` holds, per op type, the dims, dtype (name) and
LoD of every output the op's own `infer_shape` set on one case per input shape group
(input ranks and LoD levels) of its verify cases and of its cases exported from Paddle,
recorded by `python tools/infer_shape_audit.py --record` before the rule was removed, for
the ops the audit found `same` on every case. Each op now declares no infer_shape, so
the framework shapes it by its PHI kernel's InferMeta through the argument mapping
(`compat.infer_shape_by_meta`): on the same cases, that must give the recorded metas.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from compat.registration_index import ensure_all_registered
from legacy_fluid.framework.op_registry import OP_INFOS

ROOT = Path(__file__).resolve().parents[2]
RECORDS = json.loads((ROOT / "tests/fixtures/infer_shape_records.json").read_text())


@pytest.fixture(scope="module")
def audit() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "infer_shape_audit", ROOT / "tools/infer_shape_audit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    ensure_all_registered()
    return module


def test_the_recorded_ops_declare_no_infer_shape(audit: ModuleType) -> None:
    declaring = {op: audit.declaring_class(OP_INFOS.info(op).op_class) for op in RECORDS}
    assert {op: cls for op, cls in declaring.items() if cls is not None} == {}
    assert len(RECORDS) > 100 and all(RECORDS.values())


def test_every_recorded_op_has_its_recorded_cases(audit: ModuleType) -> None:
    """The cases the records were made on still exist (else the next test checks less)."""
    gone = {op: sorted(set(cases) - {name for name, _ in audit.all_calls(op)})
            for op, cases in RECORDS.items()}
    assert {op: names for op, names in gone.items() if names} == {}


def test_the_infer_meta_path_gives_the_recorded_metas(audit: ModuleType) -> None:
    found = [line for op, cases in sorted(RECORDS.items())
             for line in audit.by_meta_differences(op, cases)]
    assert found == []


def test_a_changed_record_is_caught(audit: ModuleType) -> None:
    """The comparison can fail: a recorded dim changed is reported for that case."""
    op, cases = "where", RECORDS["where"]
    name = next(iter(cases))
    wrong = json.loads(json.dumps(cases[name]))
    out = next(iter(wrong))
    wrong[out][0][0] += 1
    found = audit.by_meta_differences(op, {name: wrong})
    assert len(found) == 1 and found[0].startswith(f"{op}, {name}: recorded ")
