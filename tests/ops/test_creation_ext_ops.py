"""Creation family beyond the Paddle fixtures: linspace's length is Num's value, which may
change from run to run of one planned program."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io import save_inference_model
from phi.common import DataType


def _linspace_program() -> ProgramDesc:
    """out = linspace(start, stop, num) + 1."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("feed", type=VarType.FEED_MINIBATCH, dtype=None)
    block.var("fetch", type=VarType.FETCH_LIST, dtype=None)
    for name in ("start", "stop"):
        block.var(name, shape=[1])
    block.var("num", dtype=DataType.INT32, shape=[1])
    block.var("values", shape=[-1])
    block.var("out", shape=[-1])
    for col, name in enumerate(("start", "stop", "num")):
        block.append_op("feed", {"X": ["feed"]}, {"Out": [name]}, {"col": col})
    block.append_op("linspace", {"Start": ["start"], "Stop": ["stop"], "Num": ["num"]},
                    {"Out": ["values"]}, {"dtype": int(VarType.FP32)})
    block.append_op("scale", {"X": ["values"]}, {"Out": ["out"]},
                    {"scale": 1.0, "bias": 1.0, "bias_after_scale": True})
    block.append_op("fetch", {"X": ["out"]}, {"Out": ["fetch"]}, {"col": 0})
    return program


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_linspace_length_follows_num(tmp_path: Path, path: str) -> None:
    save_inference_model(tmp_path / "model", _linspace_program(), ["start", "stop", "num"],
                         ["out"])
    model = load_model(tmp_path / "model")
    for num in (5, 9, 0):
        feeds = {"start": np.array([0.0], np.float32), "stop": np.array([2.0], np.float32),
                 "num": np.array([num], np.int32)}
        result = run_model(model, feeds, path=path)
        np.testing.assert_allclose(result.outputs["out"],
                                   np.linspace(0.0, 2.0, num, dtype=np.float32) + 1, rtol=1e-6)
