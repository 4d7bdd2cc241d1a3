"""The codemod on team P's package (tests/migrate/corpus/pkg_pairs): subclasses checking
their inputs, then `super().compute(ctx)` of a template base whose local `out` holds the
output buffer and is handed to a ufunc as `fn(x, y, out=out)`. The keyword `out=` names no
variable of the template, so the local is renamed hygienically (`out_`, every store and read)
and the kernels migrate; so does the twin whose local is really rebound (`out = out + 1`,
renamed at each binding); the twin deleting it (`del out`) is no plain local and stays
legacy naming the name. After `--write` every module still imports and every op computes
what it computed before, on int32 inputs X and Y."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_script, verified_rows, write_copy

PACKAGE = "pkg_pairs"
REFUSED = ("passes ctx to compute(), whose own name 'out' is also the name of a kernel "
           "parameter its reads become, and is no plain local or parameter to rename (global "
           "or nonlocal, deleted, or seen by locals())")
EXPECTED = {
    ("kernels.py", "PairOrKernel"): ("migrated", "pr_or", ""),
    ("kernels.py", "PairXorKernel"): ("migrated", "pr_xor", ""),
    ("kernels.py", "ShiftedAndKernel"): ("migrated", "pr_and1", ""),
    ("kernels.py", "ReleasedAndKernel"): ("skipped", "pr_and2", REFUSED),
}
LEGACY = frozenset({"pr_and2"})

#: runs each op of argv[3] (JSON) after importing argv[2]'s modules from root argv[1], in
#: mode argv[4] (legacy for the ops of argv[5]), on int32 X and Y: Out, or the error's message
_RUN_PAIRS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, modules, ops, mode, legacy = sys.argv[1], *map(json.loads, sys.argv[2:3]), \\
    json.loads(sys.argv[3]), sys.argv[4], json.loads(sys.argv[5])
sys.path.insert(0, root)
for name in modules:
    importlib.import_module(name)
x = np.arange(12, dtype=np.int32).reshape(3, 4)
feeds = {"same": {"X": x, "Y": x[::-1].copy()}, "mixed": {"X": x, "Y": x.astype(np.int64)}}
out = {}
for op in ops:
    for case, feed in feeds.items():
        try:
            got = run_single_op(op, feed, {}, {"Out": 1},
                                mode="legacy" if op in legacy else mode)[0]["Out"][0].tolist()
        except Exception as exc:
            while exc.__cause__ is not None:
                exc = exc.__cause__
            got = f"{type(exc).__name__}: {exc}"
        out[f"{op} {case}"] = got
print(json.dumps(out))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    ops = sorted(op for _, op, _ in EXPECTED.values())
    return run_script(_RUN_PAIRS, str(root), json.dumps([f"{PACKAGE}.kernels"]),
                      json.dumps(ops), mode, json.dumps(sorted(LEGACY)))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert {k: (r["status"], r["op"], r["reason"]) for k, r in rows.items()} == EXPECTED
    assert written["doc"]["written"]


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert written["after_ops"] == written["before_ops"]
    ran = written["before_ops"]
    rows = [list(range(i, i + 4)) for i in (0, 4, 8)]  # X; Y is X's rows reversed
    pairs = [list(zip(a, b)) for a, b in zip(rows, rows[::-1])]
    assert ran["pr_or same"] == [[a | b for a, b in row] for row in pairs]
    assert ran["pr_xor same"] == [[a ^ b for a, b in row] for row in pairs]
    assert ran["pr_and1 same"] == [[(a & b) + 1 for a, b in row] for row in pairs]
    assert ran["pr_and2 same"] == [[a & b for a, b in row] for row in pairs]
    assert all(ran[f"{op} mixed"].startswith("TypeError: ") for op in
               ("pr_or", "pr_xor", "pr_and1", "pr_and2")), ran


def test_the_template_local_is_renamed_at_every_binding_and_read(written: dict[str, Any]
                                                                ) -> None:
    text = (written["pkg"] / "kernels.py").read_text()
    assert "    out_ = dev_ctx.alloc(out, x_.dtype)\n" in text
    assert "fn(x_.data, y_.data, out=out_)\n" in text
    assert "    out_ = out_ + 1\n    dev_ctx.alloc(out, x_.dtype)[...] = out_\n" in text
    for gone in ("class PairOrKernel", "class PairXorKernel", "class ShiftedAndKernel"):
        assert gone not in text
    assert "class ReleasedAndKernel(_ReleasingTemplate):" in text
