"""The team's check: runs each op of the package on fixed cases and prints what each gave,
as JSON (`python -m pkg_templates.check`)."""

import json

import numpy as np

from compat.single_op import run_single_op
from phi.core.dense_tensor import DenseTensor


def _cases(rng):
    f = lambda *shape: rng.standard_normal(shape).astype(np.float32)  # noqa: E731
    lr = np.array([0.1], np.float32)
    boxes = rng.uniform(-5, 40, (5, 4)).astype(np.float32)
    info = np.array([[30, 40, 1], [20, 20, 2]], np.float32)
    return [
        ("tp_momentum", {"Param": f(3, 4), "Grad": f(3, 4), "Velocity": f(3, 4),
                         "LearningRate": lr}, {"mu": 0.5}, ("ParamOut", "VelocityOut")),
        ("tp_clipped_momentum", {"Param": f(3, 4), "Grad": 3 * f(3, 4), "Velocity": f(3, 4),
                                 "LearningRate": lr}, {"clip": 0.5}, ("ParamOut", "VelocityOut")),
        ("tp_spread", {"Points": f(2, 4, 3)}, {}, ("Out",)),
        ("tp_adagrad", {"Param": f(3, 4), "Grad": f(3, 4), "Moment": np.abs(f(3, 4)),
                        "LearningRate": lr}, {}, ("ParamOut", "MomentOut")),
        ("tp_center_points", {"Points": f(2, 5, 3)}, {}, ("Out",)),
        ("tp_center_points", {"Points": f(2, 5, 3)}, {"unit": True}, ("Out",)),
        ("tp_scale_points", {"Points": f(1, 4, 3)}, {"scale": 3.0}, ("Out",)),
        ("tp_lerp", {"X": f(2, 3), "Y": f(2, 3)}, {"weight": 0.25}, ("Out",)),
        ("tp_lerp", {"X": f(2, 3), "Y": f(2, 3), "Weight": f(3)}, {}, ("Out",)),
        ("tp_saturate", {"X": f(2, 3)}, {"bits": 4}, ("Out",)),
        ("tp_saturate", {"X": f(2, 3)}, {"bits": 3, "symmetric": False}, ("Out",)),
        ("tp_saturate", {"X": np.arange(-6, 6, dtype=np.int32)}, {"bits": 3}, ("Out",)),
        ("tp_box_clip", {"Input": DenseTensor(boxes, lod=[[0, 2, 5]]), "ImInfo": info}, {},
         ("Output",)),
        ("tp_rms", {"X": f(2, 8)}, {}, ("Out",)),
        ("tp_rms", {"X": f(2, 8)}, {"to_db": True}, ("Out",)),
        ("tp_log_power", {"X": f(3, 8)}, {"amin": 0.5}, ("Out",)),
        ("tp_soft_clip", {"X": 4 * f(2, 5)}, {"limit": 2.0}, ("Out",)),
        ("tp_spread_stats", {"X": f(6, 3)}, {}, ("Mean", "Spread")),
        ("tp_spread_stats", {"X": f(6, 3)}, {}, ("Mean",)),
        ("tp_blend", {"X": f(2, 3), "Y": f(2, 3)}, {"w": 0.25}, ("Out",)),
    ]


def main():
    import pkg_templates  # noqa: F401 (registers the ops)

    got = {}
    for i, (op, inputs, attrs, slots) in enumerate(_cases(np.random.default_rng(7))):
        outs, _ = run_single_op(op, inputs, attrs, {slot: 1 for slot in slots})
        got[f"{op} {i}"] = {slot: outs[slot][0].tolist() for slot in slots}
    print(json.dumps(got, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
