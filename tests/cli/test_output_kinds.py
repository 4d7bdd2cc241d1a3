"""Every output option writes only regular files: a FIFO, /dev/null, a folder or a socket
at the path is refused before any work (naming what it is), and by the atomic writer at
write time; a name longer than the file system takes is refused before the run."""

from __future__ import annotations

import functools
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from legacy_fluid.io.atomic_write import NotARegularFileError, atomic_write_bytes
from tests.cli.malformed import EXAMPLE, assert_clean_error, invoke

MODEL, X = EXAMPLE / "model", EXAMPLE / "x.npy"
TRAIN = Path(__file__).resolve().parents[1] / "fixtures" / "train" / "mlp_sgd"
OP_FILE = Path(__file__).resolve().parents[2] / "legacy_fluid" / "operators" / "relu6_op.py"

JSON_VERBS: dict[str, tuple[object, ...]] = {
    "run": ("run", MODEL, "-i", X), "inspect": ("inspect", MODEL), "check": ("check", MODEL),
    "kernels": ("kernels",), "train": ("train", MODEL.with_suffix(".pdmodel"), "--feed", "s"),
    "coverage": ("coverage", "--model", MODEL, "--out", "unused"),
    "bench": ("bench", "--model", MODEL, "--out", "unused")}


def _json_to(verb: str, f: Path) -> tuple[object, ...]:
    return (*JSON_VERBS[verb], f"--json={f}")


#: option -> the command line writing the output file FILE (a folder output: FILE/NAME)
FILE_OPTIONS: dict[str, Callable[[Path], tuple[object, ...]]] = {
    "run --output": lambda f: ("run", MODEL, "-i", X, "--output", f),
    "run --trace-json": lambda f: ("run", MODEL, "-i", X, "--trace-json", f),
    "train --output": lambda f: ("train", TRAIN / "state.pdmodel", "--feed", "s.npz",
                                 "--output", f),
    "train --save": lambda f: ("train", TRAIN / "state.pdmodel", "--feed", "s.npz",
                               "--save", f.with_suffix("")),
    "migrate --json": lambda f: ("migrate", OP_FILE, f"--json={f}"),
    "migrate --report": lambda f: ("migrate", OP_FILE, "--report", f.parent),
    "coverage --out": lambda f: ("coverage", "--model", MODEL, "--format", "json",
                                 "--out", f.parent),
    "bench --out": lambda f: ("bench", "--model", MODEL, "--out", f.parent),
    **{f"{v} --json": functools.partial(_json_to, v) for v in JSON_VERBS},
}
#: the name each option writes in its folder (its file name for file options)
NAMES = {"train --save": "s.pdparams", "migrate --report": "migration.json",
         "coverage --out": "coverage.json", "bench --out": "bench.json",
         "run --output": "o.npz", "train --output": "o.npz"}


@pytest.fixture
def specials(tmp_path: Path) -> Iterator[Callable[[str, str], Path]]:
    """make(kind, name): a FIFO, a socket or a folder named `name` in a fresh folder."""
    socks: list[socket.socket] = []

    def make(kind: str, name: str) -> Path:
        folder = tmp_path / f"{kind}{len(list(tmp_path.iterdir()))}"
        folder.mkdir()
        path = folder / name
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "socket":
            s = socket.socket(socket.AF_UNIX)
            s.bind(str(path))
            socks.append(s)
        else:
            path.mkdir()
        return path

    yield make
    for s in socks:
        s.close()


@pytest.mark.parametrize("option", sorted(FILE_OPTIONS))
@pytest.mark.parametrize("kind,what", [("fifo", "a FIFO"), ("socket", "a socket"),
                                       ("dir", "folder")])
def test_special_files_are_refused_before_work(option: str, kind: str, what: str,
                                               specials) -> None:
    name = NAMES.get(option, "out.json")
    target = specials(kind, name)
    before = sorted(target.parent.iterdir())
    res = invoke(*FILE_OPTIONS[option](target))
    assert_clean_error(res, "cannot be written", str(target), what)
    assert sorted(target.parent.iterdir()) == before  # nothing written, nothing replaced
    kinds = {"fifo": stat.S_ISFIFO, "socket": stat.S_ISSOCK, "dir": stat.S_ISDIR}
    assert kinds[kind](os.lstat(target).st_mode)


@pytest.mark.parametrize("option", ["run --output", "run --trace-json", "train --output",
                                    "migrate --json"])
def test_dev_null_is_never_replaced(option: str) -> None:
    res = invoke(*FILE_OPTIONS[option](Path("/dev/null")))
    assert_clean_error(res, "cannot be written", "/dev/null", "character device")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


@pytest.mark.parametrize("option", sorted(FILE_OPTIONS))
def test_a_name_too_long_is_refused_before_work(option: str, tmp_path: Path) -> None:
    if option in ("migrate --report", "coverage --out", "bench --out"):
        long = tmp_path / ("n" * 300) / "x"  # the output folder's own name is too long
    else:
        long = tmp_path / ("n" * 300 + ".npz")
    res = invoke(*FILE_OPTIONS[option](long))
    assert_clean_error(res, "cannot be written", "more than the")
    assert list(tmp_path.iterdir()) == []


def test_the_atomic_writer_refuses_special_files_itself(specials, tmp_path: Path) -> None:
    for kind in ("fifo", "socket", "dir"):
        target = specials(kind, "t")
        with pytest.raises(NotARegularFileError, match="not a regular file"):
            atomic_write_bytes(target, b"x")
        assert [p.name for p in target.parent.iterdir()] == ["t"]  # no temp file left
    with pytest.raises(NotARegularFileError, match="character device"):
        atomic_write_bytes("/dev/null", b"x")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_a_symlinked_output_is_replaced_not_followed(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(kept)
    res = invoke("run", MODEL, "-i", X, "--trace-json", link)
    assert res.exit_code == 0, res.output
    assert kept.read_text() == "old" and not link.is_symlink() and link.stat().st_size > 3


def test_a_fifo_in_the_place_of_a_report_is_refused_at_write_time(tmp_path: Path) -> None:
    """The check before work passed; the FIFO appeared later (the writer still refuses)."""
    from compat.coverage.cli_entry import run_coverage
    from compat.terminal import SafeConsole

    os.mkfifo(tmp_path / "coverage.json")
    with pytest.raises(NotARegularFileError, match="FIFO"):
        run_coverage([str(MODEL)], ["json"], tmp_path, SafeConsole(file=open(os.devnull, "w")))


@pytest.mark.parametrize("option", ["migrate --report", "coverage --out", "bench --out"])
def test_a_device_or_fifo_as_the_output_folder_is_named(option: str, tmp_path: Path) -> None:
    res = invoke(*FILE_OPTIONS[option](Path("/dev/null/x")))
    assert_clean_error(res, "cannot be written", "/dev/null", "character device",
                       "give a folder")
    os.mkfifo(tmp_path / "pipe")
    res = invoke(*FILE_OPTIONS[option](tmp_path / "pipe" / "x"))
    assert_clean_error(res, "cannot be written", "FIFO", "give a folder")
