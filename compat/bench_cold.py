"""Cold start, side by side: a fresh process that loads one model, runs it once on one
input and exits, timed from spawn to exit (what a user waits for at a shell prompt).

fluidphi is the `fluidphi run MODEL --input X.npy` command itself; Paddle Inference and
ONNX Runtime are the smallest scripts doing the same (create the predictor / session with
the bench's thread count, copy the input in, run, copy the output out). ONNX Runtime's
model is converted by paddle2onnx beforehand, outside the clock. Each backend is started
`COLD_RUNS` times, round-robin; the figure is the median wall time, with the process's
CPU time beside it (children's rusage), so that foreign load shows.

Every backend runs as an installed package does: with its Python bytecode compiled.
The processes share a bytecode folder of the bench's own (`PYTHONPYCACHEPREFIX`, with
bytecode writing on whatever PYTHONDONTWRITEBYTECODE says) and each is started once
untimed before the timed rounds, so a source tree that has never been byte-compiled (a
checkout, an environment that forbids writing bytecode) is not timed compiling itself
while the wheels it is compared with were compiled when installed.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from compat.bench_backends import BACKENDS, missing_packages
from compat.bench_models import model_inputs

#: fresh processes per backend
COLD_RUNS = 5
#: a cold start not done in this long is stopped and reported as timed out
COLD_TIMEOUT = 300.0
#: the backends whose cold start is measured, in report order
COLD_BACKENDS = ("planned", "paddle", "ort")

_PADDLE_SCRIPT = """\
import sys
import numpy as np
import paddle.inference as pi
prefix, npy, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
config = pi.Config(prefix + ".pdmodel", prefix + ".pdiparams")
config.disable_gpu()
config.disable_glog_info()
config.disable_mkldnn()
config.set_cpu_math_library_num_threads(threads)
predictor = pi.create_predictor(config)
handle = predictor.get_input_handle(predictor.get_input_names()[0])
x = np.load(npy)
handle.reshape(x.shape)
handle.copy_from_cpu(x)
predictor.run()
predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
"""

_ORT_SCRIPT = """\
import sys
import numpy as np
import onnxruntime as ort
model, npy, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
options = ort.SessionOptions()
options.intra_op_num_threads = threads
options.inter_op_num_threads = 1
options.log_severity_level = 3
session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
session.run(None, {session.get_inputs()[0].name: np.load(npy)})
"""


def _onnx_file(prefix: str, folder: Path) -> Path:
    import paddle2onnx

    params = Path(prefix + ".pdiparams")
    path = folder / "model.onnx"
    paddle2onnx.export(prefix + ".pdmodel", str(params) if params.is_file() else "",
                       save_file=str(path), opset_version=13, verbose=False)
    return path


def _commands(prefix: str, npy: Path, threads: int, folder: Path,
              wanted: list[str]) -> dict[str, list[str]]:
    commands = {}
    for name in wanted:
        if name == "planned":
            commands[name] = [sys.executable, "-m", "fluidphi", "run", prefix, "--input",
                              str(npy)]
        elif name == "paddle":
            commands[name] = [sys.executable, "-c", _PADDLE_SCRIPT, prefix, str(npy),
                              str(threads)]
        elif name == "ort":
            commands[name] = [sys.executable, "-c", _ORT_SCRIPT,
                              str(_onnx_file(prefix, folder)), str(npy), str(threads)]
    return commands


def _one(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True,
                              timeout=COLD_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return {"status": "timed out"}
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"status": "failed", "reason": last[-300:]}
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"status": "ok", "wall": wall, "cpu": cpu}


def bytecode_env(env: dict[str, str], folder: Path) -> dict[str, str]:
    """`env` with Python's bytecode cached under `folder` (written there on first use)."""
    cached = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(folder)
    return cached


def cold_starts(prefix: str, model: str, threads: int, env: dict[str, str],
                backends: list[str]) -> dict[str, Any]:
    """The cold start of `model` at batch 1 per backend of `backends` that applies."""
    wanted = [b for b in COLD_BACKENDS if b in backends]
    result: dict[str, Any] = {"model": model, "runs": COLD_RUNS, "backends": {}}
    for name in wanted:
        missing = missing_packages(BACKENDS[name])
        if missing:
            result["backends"][name] = {"status": "not installed", "missing": missing}
    runnable = [b for b in wanted if b not in result["backends"]]
    with tempfile.TemporaryDirectory(prefix="fluidphi-cold-") as tmp:
        folder = Path(tmp)
        (feed,) = model_inputs(prefix, 1).values()
        npy = folder / "x.npy"
        np.save(npy, feed)
        try:
            commands = _commands(prefix, npy, threads, folder, runnable)
        except Exception as exc:  # paddle2onnx cannot convert it: report, go on
            commands = _commands(prefix, npy, threads, folder,
                                 [b for b in runnable if b != "ort"])
            result["backends"]["ort"] = {"status": "failed", "reason": f"paddle2onnx: {exc}"}
        env = bytecode_env(env, folder / "bytecode")
        samples: dict[str, list[dict[str, Any]]] = {name: [] for name in commands}
        for command in commands.values():  # untimed: compiles and caches bytecode
            _one(command, env)
        for _ in range(COLD_RUNS):
            for name, command in commands.items():
                samples[name].append(_one(command, env))
    for name, runs in samples.items():
        bad = next((r for r in runs if r["status"] != "ok"), None)
        if bad is not None:
            result["backends"][name] = bad
            continue
        result["backends"][name] = {
            "status": "ok",
            "median_s": statistics.median(r["wall"] for r in runs),
            "min_s": min(r["wall"] for r in runs),
            "cpu_s": statistics.median(r["cpu"] for r in runs),
        }
    return result
