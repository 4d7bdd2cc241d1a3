"""Creation family beyond the Paddle fixtures: linspace's length is Num's value, which may
change from run to run of one planned program; attributes naming a variable are refused."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import run_model
from legacy_fluid.framework.attr_types import AttrTypeError
from legacy_fluid.framework.op_registry import create_op
from legacy_fluid.framework.program_desc import OpDesc
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from tests.ops.op_helpers import saved_model


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_linspace_length_follows_num(tmp_path: Path, path: str) -> None:
    """out = linspace(start, stop, num) + 1."""
    model = saved_model(
        tmp_path, {"start": (DataType.FLOAT32, [1]), "stop": (DataType.FLOAT32, [1]),
                   "num": (DataType.INT32, [1])},
        [("linspace", {"Start": ["start"], "Stop": ["stop"], "Num": ["num"]},
          {"Out": ["values"]}, {"dtype": int(VarType.FP32)}),
         ("scale", {"X": ["values"]}, {"Out": ["out"]},
          {"scale": 1.0, "bias": 1.0, "bias_after_scale": True})], ["out"])
    for num in (5, 9, 0):
        feeds = {"start": np.array([0.0], np.float32), "stop": np.array([2.0], np.float32),
                 "num": np.array([num], np.int32)}
        result = run_model(model, feeds, path=path)
        np.testing.assert_allclose(result.outputs["out"],
                                   np.linspace(0.0, 2.0, num, dtype=np.float32) + 1, rtol=1e-6)


@pytest.mark.parametrize(("op_type", "attrs", "outputs"), [
    ("eye", {"num_rows": "n", "num_columns": 3, "dtype": 5}, {"Out": ["o"]}),
    ("pad", {"paddings": [1, 1], "pad_value": "v"}, {"Out": ["o"]}),
])
def test_variable_valued_attributes_are_refused(op_type: str, attrs: dict,
                                                outputs: dict) -> None:
    """Paddle 3.3.1 writes `paddle.eye(n_tensor)` / `F.pad(x, p, value=v_tensor)` with the
    attribute naming a variable (type VAR); fluidphi says so instead of misreading it."""
    var_attr = next(name for name, value in attrs.items() if isinstance(value, str))
    desc = OpDesc(op_type, {"X": ["x"]} if op_type == "pad" else {}, outputs, dict(attrs),
                  {var_attr: AttrType.VAR})
    with pytest.raises(AttrTypeError, match=f"attribute '{var_attr}' is stored as VAR .* it "
                                            "is given by variable"):
        create_op(desc)
