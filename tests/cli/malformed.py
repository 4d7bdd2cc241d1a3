"""Models built from the bundled example with one thing broken, for error-path tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from google.protobuf.message import Message
from typer.testing import CliRunner

from fluidphi.cli import app
from legacy_fluid.proto import framework_pb2 as pb

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "mlp"
MARK = "@@MARK@@"
runner = CliRunner()


def example_message() -> Message:
    return pb.ProgramDesc.FromString((EXAMPLE / "model.pdmodel").read_bytes())


def write_model(directory: Path, msg: Message | bytes, *, bad_utf8: bool = False) -> Path:
    """`directory/model` (a prefix) holding `msg` and the example's params. With
    `bad_utf8`, the text MARK in the serialized program becomes invalid UTF-8."""
    directory.mkdir(parents=True, exist_ok=True)
    data = msg if isinstance(msg, bytes) else msg.SerializeToString()
    if bad_utf8:
        assert MARK.encode() in data
        data = data.replace(MARK.encode(), b"\xff\xfe" + MARK.encode()[2:])
    (directory / "model.pdmodel").write_bytes(data)
    shutil.copy(EXAMPLE / "model.pdiparams", directory / "model.pdiparams")
    return directory / "model"


def edited(directory: Path, edit: Callable[[Message], object], **kw: bool) -> Path:
    msg = example_message()
    edit(msg)
    return write_model(directory, msg, **kw)


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def assert_clean_error(res, *needles: str, code: int = 2) -> None:
    """Exit `code`, the message on stderr (one paragraph), no traceback."""
    assert res.exit_code == code, res.output
    assert "Traceback" not in res.output
    assert "error" in res.stderr, res.output
    text = " ".join(res.stderr.split())
    for needle in needles:
        assert needle in text, res.stderr
