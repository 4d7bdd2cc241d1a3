"""`--json` on every verb, the same way: alone, stdout holds the JSON and nothing else
(tables off, other lines on stderr); `--json=FILE` writes the same document to FILE."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.malformed import EXAMPLE, invoke

MODEL, X = EXAMPLE / "model", EXAMPLE / "x.npy"
TRAIN = Path(__file__).resolve().parents[1] / "fixtures" / "train" / "mlp_sgd"
OP_FILE = Path(__file__).resolve().parents[2] / "legacy_fluid" / "operators" / "relu6_op.py"


def _train_args(tmp_path: Path) -> tuple[object, ...]:
    import numpy as np

    meta = json.loads((TRAIN / "meta.json").read_text())
    with np.load(TRAIN / "steps.npz") as steps:
        np.savez(tmp_path / "s0.npz", **{f: steps[f"0/{f}"] for f in meta["feeds"]})
    return ("train", TRAIN / "state.pdmodel", "--params", TRAIN / "state.pdparams",
            "--feed", tmp_path / "s0.npz", "--fetch", meta["fetches"][0])


#: verb -> (command line, a key its JSON holds)
VERBS = {
    "run": (lambda t: ("run", MODEL, "-i", X, "--trace", "--plan"), "outputs"),
    "inspect": (lambda t: ("inspect", MODEL), "op_types"),
    "check": (lambda t: ("check", MODEL), "problems"),
    "kernels": (lambda t: ("kernels", "relu"), "phi"),
    "train": (_train_args, "fetches"),
    "migrate": (lambda t: ("migrate", OP_FILE), "kernels"),
    "coverage": (lambda t: ("coverage", "--model", MODEL, "--format", "md", "--out", t / "r"),
                 "ops"),
    "crop": (lambda t: ("crop", MODEL, "--out", t / "crop.json"), "kernels"),
}


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_json_alone_is_all_of_stdout_and_json_file_holds_the_same(verb: str,
                                                                   tmp_path: Path) -> None:
    args, key = VERBS[verb]
    res = invoke(*args(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)  # nothing but the JSON on stdout
    assert key in doc
    target = tmp_path / "out" / "doc.json"
    res = invoke(*args(tmp_path), f"--json={target}")
    assert res.exit_code == 0, res.output
    written = json.loads(target.read_text())
    volatile = {"seconds", "timestamp", "generated", "sources"}
    assert {k for k in written if k not in volatile} == {k for k in doc if k not in volatile}
    assert written[key] == doc[key] or verb in ("run", "train")  # run/train: fresh numbers


def test_json_with_an_empty_file_name_is_a_usage_error() -> None:
    res = invoke("inspect", MODEL, "--json=")
    assert res.exit_code == 2 and "--json=" in res.stderr and "Traceback" not in res.output


def test_migrate_json_followed_by_a_file_name_says_how_to_write_a_file(tmp_path: Path
                                                                        ) -> None:
    res = invoke("migrate", OP_FILE, "--json", tmp_path / "summary.json")
    assert res.exit_code == 2 and "--json=FILE" in res.stderr


def test_reports_go_where_out_says_and_never_to_reports_by_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "reports").mkdir()  # as in the repository: committed reports live here
    res = invoke("coverage", "--model", MODEL, "--format", "json")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "fluidphi-reports" / "coverage.json").is_file()
    assert list((tmp_path / "reports").iterdir()) == []
    for verb in ("coverage", "bench"):
        help_text = " ".join(invoke(verb, "--help").stdout.split())
        assert "fluidphi-reports" in help_text and "--out reports" in help_text
