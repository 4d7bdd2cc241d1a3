"""Which fixture models Paddle 3.3.1 runs at batch 0, and the output dims it gives.

    PYTHON tests/conformance/check_batch0.py   # a Python with paddlepaddle==3.3.1

Per inference fixture (tests/fixtures/models/NAME/): the inputs of inputs_b1.npz, every
feed whose declared first dim is -1 cut to 0 rows, are run by Paddle's legacy executor
(paddle.static.load_inference_model), each in a process of its own (Paddle 3.3.1 dies of
SIGFPE in its rnn kernel at batch 0). The result (accepted or the error's first line, and
each fetch's dims and dtype) is written to tests/fixtures/models/batch0.json, which
tests/compat/test_batch0.py checks fluidphi against (CI has no Paddle).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import json
import subprocess
import sys

import numpy as np
import paddle

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODELS = os.path.join(ROOT, "tests", "fixtures", "models")
RESULT = os.path.join(MODELS, "batch0.json")


def batch0_feeds(folder):
    """inputs_b1.npz with every feed declared [-1, ...] cut to 0 rows."""
    with open(os.path.join(folder, "meta.json")) as f:
        meta = json.load(f)
    declared = {v["name"]: v["shape"] for v in meta["feeds"]}
    with np.load(os.path.join(folder, "inputs_b1.npz")) as npz:
        return {k: npz[k][:0] if declared.get(k, [None])[:1] == [-1] else npz[k]
                for k in npz.files}


def check(name):
    folder = os.path.join(MODELS, name)
    feeds = batch0_feeds(folder)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feed_names, fetches = paddle.static.load_inference_model(
            os.path.join(folder, "model"), exe)
        try:
            outs = exe.run(program, feed={n: feeds[n] for n in feed_names},
                           fetch_list=fetches, return_numpy=False)
        except Exception as e:  # Paddle refused batch 0
            lines = [ln for ln in str(e).splitlines() if ln.strip()]
            first = next((ln for ln in lines if "Error" in ln), lines[0] if lines else "")
            return {"accepted": False, "error": first.strip()[:300],
                    "feeds": {k: list(v.shape) for k, v in feeds.items()}}
    return {"accepted": True, "feeds": {k: list(v.shape) for k, v in feeds.items()},
            "fetches": {f.name: {"dims": list(np.array(o).shape), "dtype": str(np.array(o).dtype)}
                        for f, o in zip(fetches, outs)}}


def main():
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(check(sys.argv[2])))
        return
    names = sorted(n for n in os.listdir(MODELS)
                   if os.path.isfile(os.path.join(MODELS, n, "meta.json")))
    models = {}
    for name in names:
        done = subprocess.run([sys.executable, __file__, "--one", name], check=False,
                              capture_output=True, text=True)
        if done.returncode == 0:
            models[name] = json.loads(done.stdout.strip().splitlines()[-1])
        else:
            signal = [ln.strip() for ln in done.stderr.splitlines() if "Signal" in ln
                      or "FatalError" in ln]
            models[name] = {"accepted": False, "error": f"Paddle died (exit "
                            f"{done.returncode}): {' '.join(signal)[:300]}",
                            "feeds": {k: list(v.shape) for k, v in
                                      batch0_feeds(os.path.join(MODELS, name)).items()}}
    result = {"paddle_version": paddle.__version__, "models": models}
    with open(RESULT, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
