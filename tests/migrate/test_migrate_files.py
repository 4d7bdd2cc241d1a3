"""`fluidphi migrate --write` and the file system: each file is one unit that succeeds or
is reported (never a traceback, never a hang), encodings and line endings are kept,
nothing is replaced before every target is checked, a module is written together with
its ops.yaml, and a second --write changes nothing."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from migrate import file_writes, runner
from migrate.cli_entry import run_migrate

CORPUS = Path(__file__).resolve().parent / "corpus"
SOURCE = (CORPUS / "mixins.py").read_text()


def variant(prefix: str) -> str:
    """The corpus' mixins module with its own op names (ops must not clash across files)."""
    return SOURCE.replace('"team_', f'"{prefix}_')


def console() -> Console:
    return Console(record=True, width=200, force_terminal=False)


def run(root: Path, tmp_path: Path, **kwargs: Any) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / "summary.json"
    con = console()
    code = run_migrate([root], json_path=out, console=con, **kwargs)
    return code, json.loads(out.read_text()), con.export_text()


def files_of(doc: dict[str, Any]) -> dict[str, str]:
    """file name -> 'error: ...' / 'skipped: ...' for the files that were not migrated."""
    out = {Path(e["file"]).name: "error: " + e["error"] for e in doc["file_errors"]}
    out.update({Path(e["file"]).name: "skipped: " + e["reason"] for e in doc["files_skipped"]})
    return out


def test_every_file_fault_is_one_reported_unit(tmp_path: Path) -> None:
    root = tmp_path / "ops"
    root.mkdir()
    outside = tmp_path / "elsewhere" / "shared_op.py"
    outside.parent.mkdir()
    outside.write_text(variant("outside"))
    latin = ("# -*- coding: latin-1 -*-\n# café au lait\n" + variant("latin")).encode("latin-1")
    (root / "latin_op.py").write_bytes(latin)
    bom_crlf = "\ufeff" + variant("bom").replace("\n", "\r\n")
    (root / "bom_op.py").write_bytes(bom_crlf.encode("utf-8"))
    (root / "bad_bytes_op.py").write_bytes(b"x = '\xe9'\n")  # latin-1 without a coding line
    (root / "loop_op.py").symlink_to("loop_op.py")
    (root / "link_op.py").symlink_to(outside)
    (root / "dir_op.py").mkdir()
    (root / "dir_op.py" / "inner_op.py").write_text(variant("inner"))
    os.mkfifo(root / "fifo_op.py")
    (root / "frozen_op.py").write_text(variant("frozen"))
    (root / "frozen_op.py").chmod(0o444)

    code, doc, text = run(root, tmp_path, write=True, verify=True)
    assert code == 1  # an unreadable and a read-only file fail the run, nothing else does
    problems = files_of(doc)
    assert problems["bad_bytes_op.py"].startswith("error: ") and \
        "bad_bytes_op.py: is not valid utf-8" in problems["bad_bytes_op.py"]
    assert "symlink that leads nowhere" in problems["loop_op.py"]
    assert problems["link_op.py"].startswith("skipped: ") and "is a symlink to" in \
        problems["link_op.py"]
    assert problems["fifo_op.py"] == f"skipped: {root / 'fifo_op.py'}: is a FIFO; expected a " \
                                     "Python source file. Not read."
    assert "is read-only; not rewritten" in problems["frozen_op.py"]
    assert "Traceback" not in text
    assert "Failed to codemod 3 files." in text  # bad bytes, loop, read-only

    data = (root / "latin_op.py").read_bytes()
    assert "café".encode("latin-1") in data and "def latin_twice_offset_kernel(" in \
        data.decode("latin-1")
    data = (root / "bom_op.py").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"def bom_twice_offset_kernel(" in data
    assert data.count(b"\n") == data.count(b"\r\n")
    assert "def inner_twice_offset_kernel(" in (root / "dir_op.py" / "inner_op.py").read_text()
    assert (root / "link_op.py").is_symlink() and outside.read_text() == variant("outside")
    assert (root / "frozen_op.py").read_text() == variant("frozen")
    yaml_text = (root / "ops.yaml").read_text()
    assert "- op : latin_twice_offset" in yaml_text and "frozen" not in yaml_text
    frozen = [r for r in doc["kernels"] if r["file"].endswith("frozen_op.py")]
    assert frozen and all(r["status"] == "failed" and r["reason"].startswith("not written")
                          for r in frozen)

    snapshot = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and
                not p.is_symlink() and p.name != "fifo_op.py"}
    assert run_migrate([root], write=True, console=console()) == 1  # the same faults remain
    assert {p: p.read_bytes() for p in snapshot} == snapshot


def test_a_failed_write_leaves_the_folder_as_it_was(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "ops"
    root.mkdir()
    (root / "a_op.py").write_text(variant("a"))
    real = file_writes.atomic_write_bytes

    def failing(path: Any, data: Any) -> None:
        if Path(path).name == "a_op.py":  # after ops.yaml was written: the disk is full
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(file_writes, "atomic_write_bytes", failing)
    code, doc, _ = run(root, tmp_path, write=True)
    assert code == 1 and doc["written"] == []
    assert (root / "a_op.py").read_text() == variant("a")
    assert not (root / "ops.yaml").exists()  # rolled back with its module
    assert "No space left on device" in files_of(doc)["a_op.py"]
    monkeypatch.setattr(file_writes, "atomic_write_bytes", real)
    assert run_migrate([root], write=True, console=console()) == 0  # a re-run finishes it
    assert "def a_twice_offset_kernel(" in (root / "a_op.py").read_text()
    assert "- op : a_twice_offset" in (root / "ops.yaml").read_text()


def test_nothing_is_replaced_before_every_target_is_checked(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    root = tmp_path / "ops"
    (root / "locked").mkdir(parents=True)
    (root / "open").mkdir()
    (root / "locked" / "l_op.py").write_text(variant("l"))
    (root / "open" / "o_op.py").write_text(variant("o"))
    (root / "open" / "e_op.py").write_text(variant("e"))
    (root / "locked").chmod(stat.S_IRUSR | stat.S_IXUSR)
    real = runner.check_target

    def edit_then_check(change: Any) -> str:  # someone saves e_op.py while the codemod runs
        if change.path.name == "e_op.py":
            change.path.write_text(change.old + "# an edit\n")
        return real(change)

    monkeypatch.setattr(runner, "check_target", edit_then_check)
    try:
        code, doc, _ = run(root, tmp_path, write=True)
    finally:
        (root / "locked").chmod(0o755)
    assert code == 1
    problems = files_of(doc)
    assert "is not writable" in problems["l_op.py"]
    assert "changed since the codemod read it" in problems["e_op.py"]
    assert (root / "locked" / "l_op.py").read_text() == variant("l")
    assert not (root / "locked" / "ops.yaml").exists()
    assert (root / "open" / "e_op.py").read_text().endswith("# an edit\n")
    assert "def o_twice_offset_kernel(" in (root / "open" / "o_op.py").read_text()
    yaml_text = (root / "open" / "ops.yaml").read_text()
    assert "- op : o_twice_offset" in yaml_text and "e_twice" not in yaml_text


def test_a_long_chain_of_constants_is_evaluated_once_each(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from migrate.static_eval import Evaluator

    chain = "\n".join(f"_C{i} = _C{i - 1} and _C{i - 1}" for i in range(1, 41))
    source = variant("chain").replace(
        "class AffineMaker", f"_C0 = (DataType.FLOAT32,)\n{chain}\n\n\nclass AffineMaker")
    source = source.replace('"CPU", TwiceOffsetKernel, DataType.FLOAT32)',
                            '"CPU", TwiceOffsetKernel, *_C40)')
    (tmp_path / "chain_op.py").write_text(source)
    calls = [0]
    real = Evaluator.eval

    def counting(self: Evaluator, node: Any, env: Any) -> Any:
        calls[0] += 1
        return real(self, node, env)

    monkeypatch.setattr(Evaluator, "eval", counting)
    code, doc, _ = run(tmp_path / "chain_op.py", tmp_path)
    assert code == 0 and calls[0] < 2000  # 2**40 evaluations without the memo
    row = next(r for r in doc["kernels"] if r["kernel"] == "TwiceOffsetKernel")
    assert row["status"] == "migrated" and row["dtypes"] == {"CPU": ["FLOAT32"]}


@pytest.mark.parametrize(("name", "source", "why"), [
    ("huge_op.py", "x = 1\n" * 200_000, "1,200,000 bytes, over the codemod's limit of "
                                         "1,048,576"),
    ("chain_op.py", "x = " + "+".join(["1"] * 10_000) + "\n",  # a segfault in LibCST
     "line 1: 1,001 operators, trailers and keyword operators in one statement"),
    ("trailers_op.py", "x = a" + ".b" * 10_000 + "\n", "over the codemod's limit of 1,000"),
    ("brackets_op.py", "x = " + "[" * 1000 + "]" * 1000 + "\n",
     "101 levels of nested brackets"),
    ("unary_op.py", "x = " + "-" * 10_000 + "1\n", "101 unary operators in a row"),
    ("blocks_op.py", "".join("    " * i + "if x:\n" for i in range(150)) + "    " * 150
     + "pass\n", "line 102: 101 levels of indented blocks"),
    ("work_op.py", ("x = a" + "[0]" * 900 + "\n") * 40, "the sum over statements of their "
                                                       "operator count squared"),
])
def test_a_module_beyond_the_parser_limits_is_skipped_by_name(tmp_path: Path, name: str,
                                                              source: str, why: str) -> None:
    """Each of these killed or stalled LibCST; now a named skip beside a normal module."""
    root = tmp_path / "ops"
    root.mkdir()
    (root / name).write_text(source)
    (root / "fine_op.py").write_text(variant("fine"))
    code, doc, text = run(root, tmp_path)
    assert code == 0 and "Traceback" not in text
    problems = files_of(doc)
    assert problems[name].startswith(f"skipped: {root / name}: ") and why in problems[name]
    assert "fine_op.py" not in problems
    assert any(r["file"].endswith("fine_op.py") and r["status"] == "migrated"
               for r in doc["kernels"])
