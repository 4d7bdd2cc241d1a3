"""`fluidphi train`: one step per --feed file, fetched values per step, state written back."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from fluidphi.cli import app
from legacy_fluid.io.state_pickle import load_state

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "train" / "mlp_sgd"
runner = CliRunner()


def _step_files(tmp_path: Path, meta: dict) -> list[str]:
    files = []
    with np.load(FOLDER / "steps.npz") as steps:
        for i in range(meta["steps"]):
            path = tmp_path / f"step{i}.npz"
            np.savez(path, **{f: steps[f"{i}/{f}"] for f in meta["feeds"]})
            files += ["--feed", str(path)]
    return files


def test_train_writes_per_step_fetches_and_final_state(tmp_path: Path) -> None:
    meta = json.loads((FOLDER / "meta.json").read_text())
    loss = meta["fetches"][0]
    res = runner.invoke(app, ["train", str(FOLDER / "state.pdmodel"),
                              "--params", str(FOLDER / "state.pdparams"),
                              *_step_files(tmp_path, meta), "--fetch", loss,
                              "--output", str(tmp_path / "out.npz"),
                              "--save", str(tmp_path / "saved" / "state")])
    assert res.exit_code == 0, res.output
    with np.load(tmp_path / "out.npz") as out, np.load(FOLDER / "expected.npz") as expected:
        losses = out[loss]
        assert losses.shape[0] == meta["steps"]
        ref = np.stack([expected[f"{i}/{loss}"] for i in range(meta["steps"])])
        np.testing.assert_allclose(losses.reshape(ref.shape), ref, rtol=1e-5, atol=1e-6)
        for name in meta["persistables"]:
            np.testing.assert_allclose(out[f"param:{name}"], expected[f"param:{name}"],
                                       rtol=1e-5, atol=1e-6)
    saved = load_state(tmp_path / "saved" / "state.pdparams")
    assert set(saved) <= set(meta["persistables"]) and saved


def test_train_mistakes_are_clear(tmp_path: Path) -> None:
    meta = json.loads((FOLDER / "meta.json").read_text())
    res = runner.invoke(app, ["train", str(FOLDER / "state.pdmodel"),
                              "--params", str(FOLDER / "state.pdparams")])
    assert res.exit_code == 2 and "at least one --feed" in res.output
    np.savez(tmp_path / "bad.npz", x=np.zeros((2, 8), np.float32))
    res = runner.invoke(app, ["train", str(FOLDER / "state.pdmodel"),
                              "--params", str(FOLDER / "state.pdparams"),
                              "--feed", str(tmp_path / "bad.npz")])
    assert res.exit_code == 2 and "feed 'y' was not given" in res.output
    assert "Traceback" not in res.output
    assert meta["feeds"] == ["x", "y"]


class _Touches:
    """A pickle that would create a file if unpickling ran its code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        import os
        return (os.system, (f"touch {self.marker}",))


def test_a_malicious_state_file_is_refused_and_never_run(tmp_path: Path) -> None:
    import pickle
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.pdparams"
    evil.write_bytes(pickle.dumps({"linear_0.w_0": _Touches(marker)}))
    objects = tmp_path / "objects.pdparams"
    objects.write_bytes(pickle.dumps({"linear_0.w_0": np.array([1, "a"], dtype=object)}))
    np.savez(tmp_path / "step.npz", x=np.zeros((2, 8), np.float32), y=np.zeros((2, 1), np.int64))
    for state, why in ((evil, "refers to posix.system"), (objects, "array of Python objects")):
        res = runner.invoke(app, ["train", str(FOLDER / "state.pdmodel"), "--params", str(state),
                                  "--feed", str(tmp_path / "step.npz")])
        assert res.exit_code == 2, res.output
        assert str(state) in res.output and why in res.output and "Traceback" not in res.output
    assert not marker.exists()


SEQ = FOLDER.parent / "seq_conv_pool_sgd"


def test_train_feeds_sequences_with_lod(tmp_path: Path) -> None:
    """`--lod STEP:NAME=OFFSETS`: the LoD token ids of each step (the sequence_conv /
    sequence_pool fixture) train as Paddle did; a LoD for a step that is not given, or a
    step without its LoD, is refused by name."""
    meta = json.loads((SEQ / "meta.json").read_text())
    loss = meta["fetches"][0]
    feeds = []
    with np.load(SEQ / "steps.npz") as steps:
        for i in range(meta["steps"]):
            np.savez(tmp_path / f"step{i}.npz", **{f: steps[f"{i}/{f}"] for f in meta["feeds"]})
            feeds += ["--feed", str(tmp_path / f"step{i}.npz")]
    lods = [f"--lod={i}:ids=" + ",".join(map(str, meta["lods"][f"{i}/ids"][0]))
            for i in range(meta["steps"])]
    base = ["train", str(SEQ / "state.pdmodel"), "--params", str(SEQ / "state.pdparams"),
            *feeds, "--fetch", loss]
    res = runner.invoke(app, [*base, *lods, "--output", str(tmp_path / "out.npz")])
    assert res.exit_code == 0, res.output
    with np.load(tmp_path / "out.npz") as out, np.load(SEQ / "expected.npz") as expected:
        ref = np.stack([expected[f"{i}/{loss}"] for i in range(meta["steps"])])
        np.testing.assert_allclose(out[loss].reshape(ref.shape), ref, rtol=1e-5, atol=1e-6)
    res = runner.invoke(app, [*base, *lods, f"--lod={meta['steps']}:ids=0,1"])
    assert res.exit_code == 2 and f"STEP the index of a --feed (0 to {meta['steps'] - 1})" \
        in res.output
    res = runner.invoke(app, [*base, *lods[1:]])
    assert res.exit_code != 0 and "sequence_conv" in res.output and "LoD" in res.output
    assert "Traceback" not in res.output
