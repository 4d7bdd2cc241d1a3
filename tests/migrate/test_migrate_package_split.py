"""The codemod on ops whose operator one module registers and whose kernels are split over
modules (tests/migrate/corpus/pkg_split, issue 23): `mathops/remainder.py` registers the
operators with their int kernels, `compat_kernels.py` adds float kernels. Such an op is not
migrated yet; each of its kernels gets a row, and where a kernel of it could not migrate even
with the operator's proto (a cache on the instance), every kernel of the op names that
blocking kernel with its reason. The write changes nothing and breaks nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_script, write_copy

PACKAGE = "pkg_split"
ELSEWHERE = ("op '{op}' is not registered (register_operator) in this module but in "
             "pkg_split/mathops/remainder.py (`register_operator(\"{op}\", SameAsXOp, "
             "PairMaker)`): an op whose operator and kernels are split over modules is not "
             "migrated")
ALSO = ("op '{op}' also has a kernel in pkg_split/compat_kernels.py ({k}), which stays legacy")
CACHE = ("{k} keeps instance state: its __init__ sets `self.{a} = None`, and compute() sets it "
         "again (a cache filled on first use)")

#: (module, kernel) -> (op, the pieces its reason holds, in order)
EXPECTED: dict[tuple[str, str], tuple[str, list[str]]] = {
    # both kernels would migrate: the split alone keeps them legacy, naming each other
    ("compat_kernels.py", "FloatModKernel"): ("sp_mod", [ELSEWHERE.format(op="sp_mod")]),
    ("remainder.py", "IntModKernel"): ("sp_mod", [ALSO.format(op="sp_mod", k="FloatModKernel")
                                                  + ": the kernels of an op split"]),
    # the float kernel cannot migrate: its row and the int kernel's say why
    ("compat_kernels.py", "FloatRemKernel"): ("sp_rem", [
        ELSEWHERE.format(op="sp_rem"), "; besides, FloatRemKernel itself cannot migrate: "
        + CACHE.format(k="FloatRemKernel", a="_scratch")]),
    ("remainder.py", "IntRemKernel"): ("sp_rem", [
        ALSO.format(op="sp_rem", k="FloatRemKernel") + " (FloatRemKernel itself cannot "
        "migrate: " + CACHE.format(k="FloatRemKernel", a="_scratch"), "): the kernels of an op "
        "split over modules migrate together or not at all"]),
    # the operator's module's kernel cannot migrate: the other module's row names it
    ("remainder.py", "IntQuotKernel"): ("sp_quot", [CACHE.format(k="IntQuotKernel", a="_last")]),
    ("compat_kernels.py", "FloatQuotKernel"): ("sp_quot", [
        ELSEWHERE.format(op="sp_quot"), "; the op's kernel IntQuotKernel in "
        "pkg_split/mathops/remainder.py cannot migrate either: "
        + CACHE.format(k="IntQuotKernel", a="_last")]),
}


#: runs every op of the package (legacy) on an int32 and a float32 pair: its output per dtype
_RUN = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
sys.path.insert(0, sys.argv[1])
importlib.import_module("pkg_split")
out = {}
for op in ("sp_mod", "sp_rem", "sp_quot"):
    for dt in ("int32", "float32"):
        x, y = np.arange(-6, 6).astype(dt).reshape(3, 4), np.full((3, 4), 4).astype(dt)
        got = run_single_op(op, {"X": x, "Y": y}, {}, {"Out": 1}, mode="legacy")[0]["Out"][0]
        out[f"{op} {dt}"] = got.tolist()
print(json.dumps(out))
'''


def _run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN, str(root))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, _run_ops)


def test_every_kernel_of_a_split_op_has_a_row_naming_what_blocks_it(written: dict[str, Any]
                                                                     ) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): r for r in written["doc"]["kernels"]}
    assert set(got) == set(EXPECTED)
    for key, (op, pieces) in EXPECTED.items():
        row = got[key]
        assert (row["status"], row["op"]) == ("skipped", op), row
        assert row["reason"].startswith(pieces[0]), row
        at = 0
        for piece in pieces:  # each piece, in order
            at = row["reason"].find(piece, at)
            assert at >= 0, (piece, row["reason"])
    # "besides" only where the kernel itself is refused
    assert "besides" not in got[("compat_kernels.py", "FloatModKernel")]["reason"]
    assert "(FloatModKernel itself" not in got[("remainder.py", "IntModKernel")]["reason"]
    assert written["code"] == 0


def test_the_write_changes_nothing_and_breaks_nothing(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after == before
    ran = written["before_ops"]
    assert ran["sp_mod int32"][0] == [2, 3, 0, 1] and ran["sp_rem int32"][0] == [-2, -1, 0, -3]
    assert written["after_ops"] == ran
    assert not written["doc"]["written"]
    assert not (written["pkg"] / "ops.yaml").exists()
    assert not (written["pkg"] / "mathops" / "ops.yaml").exists()
