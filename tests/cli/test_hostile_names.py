"""Names from model files and paths from the command line reach the terminal literally:
rich markup in them is shown as written, control characters are shown escaped, and
no verb's output or error path lets a raw control character through."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from phi.common import DataType
from tests.cli.malformed import EXAMPLE, invoke
from tests.ops.op_helpers import saved_model

FEED = "in[/x]\x1b[31m"
#: fetched variables: markup, an escape sequence, a carriage return, a bidi override,
#: np.savez's own parameter names, a slash
NAMES = ["[/x]", "[bold red]b", "\x1b[31mred", "c\rr", "bidi\u202eevil", "file",
         "allow_pickle", "a/b"]
#: what each must look like on the terminal
SHOWN = ["[/x]", "[bold red]b", "\\x1b[31mred", "c\\rr", "bidi\\u202eevil", "file",
         "allow_pickle", "a/b"]
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def hostile_model(folder: Path, names: list[str] = NAMES) -> Path:
    ops = [("scale", {"X": [FEED]}, {"Out": [n]}, {"scale": float(i + 1)})
           for i, n in enumerate(names)]
    saved_model(folder, {FEED: (DataType.FLOAT32, [2])}, ops, names)
    np.save(folder / "x.npy", np.array([1.0, 2.0], np.float32))
    return folder / "model"


def assert_literal(res, *needles: str, code: int = 0) -> str:
    """Exit `code`; no raw control character in stdout or stderr; each needle shown."""
    text = res.stdout + res.stderr
    assert res.exit_code == code, text
    assert "Traceback" not in text
    assert not RAW_CONTROL.search(text), repr(RAW_CONTROL.search(text))
    flat = "".join(text.split())  # tables fold long names over lines
    for needle in needles:
        assert "".join(needle.split()) in flat, (needle, text)
    return text


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hostile_model(tmp_path_factory.mktemp("hostile"))


def test_run_tables_trace_and_plan_show_names_literally(model: Path) -> None:
    res = invoke("run", model, "-i", model.parent / "x.npy", "--trace", "--plan")
    assert_literal(res, *SHOWN, "in[/x]\\x1b[31m")


def test_inspect_and_check_show_names_literally(model: Path) -> None:
    assert_literal(invoke("inspect", model), *SHOWN, "in[/x]\\x1b[31m")
    assert_literal(invoke("check", model), "[/x]", "\\x1b[31mred", "in[/x]\\x1b[31m")


def test_output_npz_round_trips_any_name(model: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.npz"
    assert_literal(invoke("run", model, "-i", model.parent / "x.npy", "--output", out))
    with np.load(out) as npz:
        assert sorted(npz.files) == sorted(NAMES)
        for i, name in enumerate(NAMES):
            np.testing.assert_array_equal(npz[name], np.float32([1, 2]) * (i + 1))


def test_npz_writer_keeps_0d_shapes_and_refuses_nul(tmp_path: Path) -> None:
    from compat.npz_out import NpzNameError, write_npz

    arrays = {"file": np.float32(3.5), "allow_pickle": np.arange(3), "x.npy": np.ones((0, 2))}
    with open(tmp_path / "a.npz", "wb") as f:
        write_npz(f, arrays)
    with np.load(tmp_path / "a.npz") as npz:
        assert npz["file"].shape == () and npz["file"] == np.float32(3.5)
        assert npz["x.npy"].shape == (0, 2) and list(npz["allow_pickle"]) == [0, 1, 2]
    with pytest.raises(NpzNameError, match="NUL"), open(tmp_path / "b.npz", "wb") as f:
        write_npz(f, {"n\x00ul": np.ones(1)})


def test_nul_in_a_fetch_name_is_refused_before_the_run(tmp_path: Path) -> None:
    model = hostile_model(tmp_path / "m", ["ok", "n\x00ul"])
    res = invoke("run", model, "-i", model.parent / "x.npy", "--output", tmp_path / "o.npz")
    assert_literal(res, "n\\x00ul", "NUL", code=2)
    assert not (tmp_path / "o.npz").exists()
    assert_literal(invoke("inspect", model), "n\\x00ul")  # shown escaped, not cut


def test_error_messages_keep_brackets_and_escape_controls(tmp_path: Path) -> None:
    missing = tmp_path / "run[gpu]" / "x\x1b[2J.npy"
    res = invoke("run", EXAMPLE / "model", "-i", missing)
    assert_literal(res, "run[gpu]", "x\\x1b[2J.npy", code=2)
    res = invoke("kernels", "[/x]\x1b[31m")
    assert_literal(res, "[/x]\\x1b[31m", code=2)
    res = invoke("inspect", tmp_path / "[bold]nope\r")
    assert_literal(res, "[bold]nope\\r", code=2)


def test_gpu_hint_keeps_the_extra_in_brackets() -> None:
    from phi.backends.gpu.gpu_context import INSTALL_HINT
    from tests.conftest import HAS_CUDA

    if HAS_CUDA:
        pytest.skip("a CUDA device exists here")
    res = invoke("run", EXAMPLE / "model", "-i", EXAMPLE / "x.npy", "--place", "gpu")
    assert "'.[gpu]'" in INSTALL_HINT
    assert_literal(res, code=2)
    if "install" in res.stderr:
        assert "'.[gpu]'" in res.stderr


def test_tool_verbs_show_paths_literally(tmp_path: Path) -> None:
    odd = tmp_path / "m[/x]\x1b[31m" / "model"
    assert_literal(invoke("coverage", "--model", odd, "--out", tmp_path / "r"),
                   "m[/x]\\x1b[31m", code=2)
    assert_literal(invoke("migrate", tmp_path / "[red]op\r.py"), "[red]op\\r.py", code=2)
    broken = tmp_path / "[b]op\x1b[31m.py"
    broken.write_text("def broken(:\n")
    assert_literal(invoke("migrate", broken), "[b]op\\x1b[31m.py", code=1)
    res = invoke("train", odd, "--feed", tmp_path / "s[/x].npz")
    assert_literal(res, "[/x]", code=2)


def test_train_shows_a_hostile_fetch_name_literally(tmp_path: Path) -> None:
    from tests.cli.test_json_everywhere import _train_args

    args = list(_train_args(tmp_path))[:-1]  # without the fetch name
    res = invoke(*args, "[/x]\x1b[31m")
    assert_literal(res, "[/x]\\x1b[31m", code=2)


def test_every_terminal_helper_prints_hostile_text_literally() -> None:
    import io

    from compat.terminal import (
        SafeConsole,
        data_table,
        print_error,
        print_warning,
        shown_row,
        styled,
    )

    out = io.StringIO()
    con = SafeConsole(file=out, width=80, force_terminal=False)
    hostile = ":smile: [/x] [bold red]b \x1b[31mred c\rr n\x00ul"
    print_error(con, hostile)
    print_warning(con, hostile)
    con.print(hostile)
    con.print(styled(hostile, "green"))
    table = data_table(hostile, "name")
    shown_row(table, hostile)
    con.print(table)
    text = out.getvalue()
    assert not RAW_CONTROL.search(text), repr(text)
    literal = ":smile: [/x] [bold red]b \\x1b[31mred c\\rr n\\x00ul"
    assert "".join(text.split()).count("".join(literal.split())) == 6, text
