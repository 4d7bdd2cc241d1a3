"""Issue 23: two `fluidphi migrate --write` runs on one tree at once (separate processes)
exclude each other, and a run's writes are all or nothing across its folders."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from migrate import file_writes
from migrate.cli_entry import run_migrate
from migrate.tree_lock import tree_lock

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SOURCE = (HERE / "corpus" / "mixins.py").read_text()


def variant(prefix: str) -> str:
    return SOURCE.replace('"team_', f'"{prefix}_')


def writer(root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1",
           "COLUMNS": "200"}
    return subprocess.Popen([sys.executable, "-m", "fluidphi", "migrate", str(root),
                             "--write", "--no-verify"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=root)


def consistent(root: Path) -> None:
    """The module migrated and its ops.yaml holding its entries, once each."""
    module, yaml_text = (root / "m_op.py").read_text(), (root / "ops.yaml").read_text()
    assert "def m_twice_offset_kernel(" in module and "class TwiceOffsetKernel" not in module
    assert yaml_text.count("- op : m_twice_offset\n") == 1
    assert yaml_text.count("- op : m_thrice_offset\n") == 1


def test_a_writer_waits_while_another_holds_the_tree(tmp_path: Path) -> None:
    (tmp_path / "m_op.py").write_text(variant("m"))
    with tree_lock([tmp_path]):
        proc = writer(tmp_path)
        time.sleep(4)
        assert proc.poll() is None  # still waiting
        assert (tmp_path / "m_op.py").read_text() == variant("m")
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, out
    assert "waiting for another `fluidphi migrate --write`" in out
    consistent(tmp_path)


@pytest.mark.parametrize("attempt", range(3))
def test_two_writers_at_once_leave_one_consistent_result(tmp_path: Path, attempt: int) -> None:
    (tmp_path / "m_op.py").write_text(variant("m"))
    procs = [writer(tmp_path), writer(tmp_path)]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    wrote = sorted(" ".join(o.split()).count("wrote 2 files") for o in outs)
    assert wrote == [0, 1], outs  # one wrote the module and its ops.yaml, the other nothing
    consistent(tmp_path)


def test_a_failed_write_leaves_every_folder_as_it_was(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / f"{name}_op.py").write_text(variant(name))
    real = file_writes.atomic_write_bytes

    def failing(path: object, data: bytes) -> None:
        if Path(str(path)).name == "b_op.py":  # the last file of the run: the disk is full
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(file_writes, "atomic_write_bytes", failing)
    con = Console(record=True, width=200)
    assert run_migrate([tmp_path], write=True, verify=False, console=con) == 1
    assert (tmp_path / "a" / "a_op.py").read_text() == variant("a")
    assert not (tmp_path / "a" / "ops.yaml").exists()
    assert not (tmp_path / "b" / "ops.yaml").exists()
    assert "nothing this run would write was written" in " ".join(con.export_text().split())
