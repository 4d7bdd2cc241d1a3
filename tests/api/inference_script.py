"""A user's script in `paddle.inference`'s style, run unchanged on either API.

`predict(inference, ...)` takes the module (`paddle.inference` or `fluidphi.inference`)
as the only thing that differs. Run as a program it uses Paddle's (the conformance
extra), for a test whose own Python lacks Paddle:

    PYTHON tests/api/inference_script.py PROG PARAMS INPUTS.npz OUTPUTS.npz [LODS.json]

(PARAMS may be "" for a program without parameters); OUTPUTS.npz gets each output under
its name, and `<name>/shape` and `<name>/lod` (JSON text) beside it.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import numpy as np


def predict(inference: Any, prog_file: str, params_file: str, feeds: dict[str, np.ndarray],
            lods: dict[str, list[list[int]]] | None = None, threads: int = 1,
            ir_optim: bool = True) -> dict[str, tuple[np.ndarray, list[int], list[list[int]]]]:
    """Each output as (array, shape(), lod()), after one run on `feeds`."""
    config = inference.Config(prog_file, params_file)
    config.disable_gpu()
    config.set_cpu_math_library_num_threads(threads)
    config.switch_ir_optim(ir_optim)
    config.enable_memory_optim()
    config.disable_glog_info()
    config.switch_use_feed_fetch_ops(False)
    config.switch_specify_input_names(True)
    predictor = inference.create_predictor(config)
    for name in predictor.get_input_names():
        handle = predictor.get_input_handle(name)
        handle.reshape(list(feeds[name].shape))
        handle.copy_from_cpu(feeds[name])
        if lods and name in lods:
            handle.set_lod(lods[name])
    predictor.run()
    outputs = {}
    for name in predictor.get_output_names():
        handle = predictor.get_output_handle(name)
        outputs[name] = (handle.copy_to_cpu(), list(handle.shape()),
                         [list(level) for level in handle.lod()])
    return outputs


def main(argv: list[str]) -> None:
    os.environ["FLAGS_enable_pir_api"] = "0"
    from paddle import inference

    prog, params, inputs, out = argv[:4]
    lods = json.loads(open(argv[4]).read()) if len(argv) > 4 else None
    with np.load(inputs) as npz:
        feeds = {k: npz[k] for k in npz.files}
    results = predict(inference, prog, params, feeds, lods)
    arrays: dict[str, Any] = {}
    for name, (array, shape, lod) in results.items():
        arrays[name] = array
        arrays[f"{name}/shape"] = np.array(json.dumps(shape))
        arrays[f"{name}/lod"] = np.array(json.dumps(lod))
    np.savez(out, **arrays)


if __name__ == "__main__":
    main(sys.argv[1:])
