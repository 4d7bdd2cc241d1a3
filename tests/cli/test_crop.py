"""`fluidphi crop` writes what a model needs; `run --kernels`, `load_model(kernels=)` and
`Config.set_kernels_file` hold a run to it and refuse anything outside it by name."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.kernel_crop import FORMAT, CropError, read_crop
from compat.predictor import load_model, run_model
from tests.cli.malformed import assert_clean_error, invoke

MLP = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp"


@pytest.fixture(scope="module")
def crop_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("crop") / "mlp.json"
    res = invoke("crop", MLP / "model", "--out", out, "--inputs", MLP / "inputs_b4.npz")
    assert res.exit_code == 0, res.output
    return out


def _feeds() -> dict[str, np.ndarray]:
    return dict(np.load(MLP / "inputs_b4.npz"))


def test_the_crop_lists_every_op_type_and_the_kernels_a_run_chose(crop_file: Path) -> None:
    data = json.loads(crop_file.read_text())
    assert data["format"] == FORMAT
    model = load_model(MLP / "model")
    assert set(model.program.op_types()) <= set(data["ops"])
    trace = run_model(model, _feeds()).trace
    assert {(t.type, t.kernel, t.key) for t in trace} == {
        (k["op"], k["kernel"], k["key"]) for k in data["kernels"]}


def test_a_run_held_to_its_crop_gives_the_plain_outputs(crop_file: Path) -> None:
    plain = run_model(load_model(MLP / "model"), _feeds()).outputs
    cropped = run_model(load_model(MLP / "model", kernels=crop_file), _feeds()).outputs
    assert plain.keys() == cropped.keys()
    assert all(np.array_equal(plain[k], cropped[k]) for k in plain)


def test_an_op_type_outside_the_crop_is_refused_at_load(crop_file: Path, tmp_path: Path
                                                        ) -> None:
    data = json.loads(crop_file.read_text())
    data["ops"].remove("softmax")
    edited = tmp_path / "no_softmax.json"
    edited.write_text(json.dumps(data))
    with pytest.raises(CropError, match=r"op type\(s\) 'softmax' not in the crop file"):
        load_model(MLP / "model", kernels=edited)


def test_a_kernel_key_outside_the_crop_is_refused_naming_op_and_key(crop_file: Path,
                                                                    tmp_path: Path) -> None:
    data = json.loads(crop_file.read_text())
    for entry in data["kernels"]:
        if entry["op"] == "softmax":
            entry["key"] = entry["key"].replace("float32", "float64")
    edited = tmp_path / "softmax_f64.json"
    edited.write_text(json.dumps(data))
    res = invoke("run", MLP / "model", "--input", MLP / "inputs_b4.npz", "--kernels", edited)
    assert_clean_error(res, "op 'softmax': kernel 'softmax' (CPU, ALL_LAYOUT, float32) is "
                       "not in the crop file", code=1)
    # --no-passes runs ops the crop (made with passes) has no kernels for
    res = invoke("run", MLP / "model", "--input", MLP / "inputs_b4.npz", "--kernels", crop_file,
                 "--no-passes")
    assert_clean_error(res, "is not in the crop file", code=1)


def test_the_inference_config_takes_a_crop_file(crop_file: Path, tmp_path: Path) -> None:
    from fluidphi.inference import Config, create_predictor

    config = Config(str(MLP / "model.pdmodel"), str(MLP / "model.pdiparams"))
    config.set_kernels_file(crop_file)
    assert Config(config).kernels_file() == str(crop_file)
    assert create_predictor(config).get_input_names()
    data = json.loads(crop_file.read_text())
    data["ops"] = [o for o in data["ops"] if o != "fc"]
    data["kernels"] = [k for k in data["kernels"] if k["op"] != "fc"]
    edited = tmp_path / "no_fc.json"
    edited.write_text(json.dumps(data))
    config.set_kernels_file(edited)
    predictor = create_predictor(config)  # fc is made by a pass: refused when run
    for name in predictor.get_input_names():
        predictor.get_input_handle(name).copy_from_cpu(_feeds()[name])
    with pytest.raises(Exception, match=r"op 'fc': kernel 'fc' .* is not in the crop file"):
        predictor.run()


def test_a_malformed_crop_file_is_refused_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": FORMAT, "ops": ["relu"], "kernels": [{"op": 1}]}))
    with pytest.raises(CropError, match=r"bad.json: kernels\[0\]: expected a string 'op'"):
        read_crop(bad)
    bad.write_text("{}")
    with pytest.raises(CropError, match=r"bad\.json: expected a JSON object with \"format\""):
        read_crop(bad)


MODELS = MLP.parent
FIXTURES = sorted(p.name for p in MODELS.iterdir() if (p / "model.pdmodel").exists())


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_model_runs_held_to_its_own_crop(name: str) -> None:
    """Sub-block ops (while, conditional_block) are in the crop too: their choices are
    recorded where kernels are chosen, not read from the top-level trace."""
    from compat.crop_builder import crop_models
    from compat.dual_dispatch import PathMode
    from phi.common import CPUPlace

    feeds = dict(np.load(MODELS / name / "inputs_b4.npz"))
    crop = crop_models([str(MODELS / name / "model")], [feeds], CPUPlace(), PathMode.AUTO)
    model = load_model(MODELS / name / "model", kernels=crop)
    plain = run_model(load_model(MODELS / name / "model"), feeds).outputs
    held = run_model(model, feeds).outputs
    assert all(np.array_equal(plain[k], held[k], equal_nan=True) for k in plain)


def test_crop_inputs_go_through_the_checked_reader(tmp_path: Path) -> None:
    """--inputs files are read as every input array file is: a FIFO is refused without
    blocking, a single .npy (not feeds by name) is refused naming the option."""
    import os

    fifo = tmp_path / "feeds.npz"
    os.mkfifo(fifo)
    res = invoke("crop", MLP / "model", "--out", tmp_path / "c.json", "--inputs", fifo)
    assert_clean_error(res, "--inputs", "FIFO")
    np.save(tmp_path / "x.npy", np.zeros((1, 4), np.float32))
    res = invoke("crop", MLP / "model", "--out", tmp_path / "c.json", "--inputs",
                 tmp_path / "x.npy")
    assert_clean_error(res, "--inputs", "not a single array")
    assert not (tmp_path / "c.json").exists()
