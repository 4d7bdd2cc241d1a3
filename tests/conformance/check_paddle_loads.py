"""Check that Paddle 3.3.1 loads the state files `fluidphi train --save PREFIX` writes.

    python tests/conformance/check_paddle_loads.py [--fluidphi PATH]

Per training fixture (tests/fixtures/train/NAME/): `fluidphi train` (the repository's
.venv unless --fluidphi says otherwise) runs every step from Paddle's initial state (a LoD
feed's LoD given by --lod) and saves with --save; Paddle then loads PREFIX.pdparams /
PREFIX.pdopt with `paddle.static.load(main, PREFIX, exe)` and with `paddle.load`, every
persistable of the
program must come back, equal to fluidphi's --output values and within the training
tolerance of Paddle's own final values, and the loaded state must run a further Paddle
training step. The result is written to tests/fixtures/train/paddle_loads.json, which
tests/training/test_paddle_loads.py checks (CI has no Paddle).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import subprocess
import tempfile

import numpy as np
import paddle

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TRAIN = os.path.join(ROOT, "tests", "fixtures", "train")
RESULT = os.path.join(TRAIN, "paddle_loads.json")


def _fed(array, lod):
    """A feed as Paddle takes it: a LoD tensor when the fixture gives it a LoD."""
    if lod is None:
        return array
    tensor = paddle.base.core.DenseTensor()
    tensor.set(array, paddle.CPUPlace())
    tensor.set_lod(lod)
    return tensor


def check(name, fluidphi):
    folder = os.path.join(TRAIN, name)
    with open(os.path.join(folder, "meta.json")) as f:
        meta = json.load(f)
    loss = meta["fetches"][0]
    with tempfile.TemporaryDirectory() as tmp:
        args = [fluidphi, "train", os.path.join(folder, "state.pdmodel"),
                "--params", os.path.join(folder, "state.pdparams"), "--fetch", loss,
                "--output", os.path.join(tmp, "out.npz"), "--save", os.path.join(tmp, "saved")]
        with np.load(os.path.join(folder, "steps.npz")) as steps:
            for step in range(meta["steps"]):
                path = os.path.join(tmp, f"step{step}.npz")
                np.savez(path, **{k: steps[f"{step}/{k}"] for k in meta["feeds"]})
                args += ["--feed", path]
                args += [f"--lod={key.replace('/', ':', 1)}=" + "/".join(
                    ",".join(map(str, level)) for level in lod)
                         for key, lod in meta.get("lods", {}).items()
                         if key.startswith(f"{step}/")]
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
        with open(os.path.join(folder, "state.pdmodel"), "rb") as f:
            main = paddle.static.Program.parse_from_string(f.read())
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            paddle.static.load(main, os.path.join(tmp, "saved"), exe)
            static = {n: np.array(scope.find_var(n).get_tensor()) for n in meta["persistables"]}
            # the dims Paddle itself gives each persistable: those of its own saved state,
            # loaded back by Paddle (a 0-d learning rate is 0-d)
            own = paddle.static.Scope()
            with paddle.static.scope_guard(own):
                paddle.static.load(main, os.path.join(folder, "state"), exe)
                paddle_dims = {n: list(np.array(own.find_var(n).get_tensor()).shape)
                               for n in meta["persistables"]}
            with np.load(os.path.join(folder, "steps.npz")) as steps:
                feed = {k: _fed(steps[f"0/{k}"], meta.get("lods", {}).get(f"0/{k}"))
                        for k in meta["feeds"]}
            (more,) = exe.run(main, feed=feed, fetch_list=[loss])
        files = {s: paddle.load(os.path.join(tmp, f"saved{s}"))
                 for s in (".pdparams", ".pdopt") if os.path.isfile(os.path.join(tmp, f"saved{s}"))}
        saved_dims = {n: list(np.asarray(v).shape) for f in files.values()
                      for n, v in f.items()}
        with np.load(os.path.join(tmp, "out.npz")) as out, \
                np.load(os.path.join(folder, "expected.npz")) as expected:
            ours = {n: out[f"param:{n}"] for n in meta["persistables"]}
            ref = {n: expected[f"param:{n}"] for n in meta["persistables"]}
    loaded = {**files.get(".pdparams", {}), **files.get(".pdopt", {})}
    return {
        "persistables": meta["persistables"],
        "pdparams": sorted(files.get(".pdparams", {})),
        "pdopt": sorted(files.get(".pdopt", {})),
        "static_load_equal": all(np.array_equal(static[n], ours[n]) for n in ours),
        "paddle_load_equal": sorted(loaded) == sorted(ours)
        and all(np.array_equal(np.asarray(loaded[n]), ours[n]) for n in ours),
        "max_abs_diff_vs_paddle_final": float(max(
            np.abs(static[n].astype(np.float64) - ref[n]).max() for n in ref)),
        "next_step_loss_finite": bool(np.isfinite(np.asarray(more)).all()),
        "zero_d_as_paddle_saved": sorted(n for n, d in paddle_dims.items() if d == []),
        "dims_equal_paddles": all(list(static[n].shape) == paddle_dims[n]
                                  and list(ours[n].shape) == paddle_dims[n]
                                  and saved_dims[n] == paddle_dims[n] for n in ours),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fluidphi", default=os.path.join(ROOT, ".venv", "bin", "fluidphi"))
    args = parser.parse_args()
    names = sorted(n for n in os.listdir(TRAIN)
                   if os.path.isfile(os.path.join(TRAIN, n, "meta.json")))
    result = {"paddle_version": paddle.__version__, "numpy_version": np.__version__,
              "programs": {n: check(n, args.fluidphi) for n in names}}
    with open(RESULT, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
