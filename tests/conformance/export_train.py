"""Export legacy-format *training* programs with real Paddle 3.3.1, and Paddle's own run of
them, for fluidphi's step-by-step training tests (Paddle is a test-time tool only).

    /work/paddle-venv/bin/python tests/conformance/export_train.py [--only NAME...]

Per program, tests/fixtures/train/NAME/ holds:
  state.pdmodel / state.pdparams / state.pdopt  paddle.static.save right after the startup
                                                program ran: the main program (forward,
                                                backward and optimizer ops) and the initial
                                                parameters and optimizer state (pickles)
  startup.pdmodel  the startup program (initializer ops) that made that initial state
  paddle_save.pdparams  the same initial state as paddle.save(main.state_dict()) writes it
  steps.npz      the feeds of every step: key `{step}/{feed name}`
  expected.npz   Paddle's results: `{step}/{fetch}` per step, `param:{name}` after the last
  meta.json      feeds, fetches, steps, persistable names, paddle version

Beside them, tests/fixtures/train/initializers.pdmodel is the startup program of layers with
Paddle's default initializers (Linear: uniform_random, Conv2D: gaussian_random, Embedding,
BatchNorm, LayerNorm: fill_constant), and initializers.npz the values Paddle drew (for shapes,
dtypes and exact constants; random draws are never bit-identical).

Generation is deterministic (fixed seeds, unique_name.guard, fixed zip timestamps).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import shutil

import numpy as np
import paddle
import paddle.nn.functional as F
from export_common import save_npz
from paddle import nn
from paddle.base import unique_name

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "fixtures", "train")
STEPS = 4
BATCH = 6


def _mlp(optimizer):
    def build():
        x = paddle.static.data("x", [-1, 8], "float32")
        y = paddle.static.data("y", [-1, 1], "int64")
        h = F.relu(nn.Linear(8, 16)(x))
        logits = nn.Linear(16, 4)(h)
        loss = paddle.mean(F.cross_entropy(logits, y))
        optimizer().minimize(loss)

        def feeds(rng):
            return {"x": rng.standard_normal((BATCH, 8)).astype("float32"),
                    "y": rng.integers(0, 4, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


PROGRAMS = {
    "mlp_sgd": (_mlp(lambda: paddle.optimizer.SGD(learning_rate=0.1)),
                "2-layer MLP (Linear, relu), softmax cross entropy, mean; SGD lr 0.1"),
    "mlp_adam": (_mlp(lambda: paddle.optimizer.Adam(learning_rate=0.01)),
                 "the same MLP; Adam lr 0.01"),
}
SEEDS = {"mlp_sgd": 3000, "mlp_adam": 3001}


def export(name):
    build, description = PROGRAMS[name]
    seed = SEEDS[name]
    paddle.seed(seed)
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = seed
    with paddle.static.program_guard(main, startup), unique_name.guard():
        make_feeds, fetches = build()
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    out_dir = os.path.join(OUT, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        paddle.static.save(main, os.path.join(out_dir, "state"))
        with open(os.path.join(out_dir, "startup.pdmodel"), "wb") as f:
            f.write(startup.desc.serialize_to_string())
        paddle.save(main.state_dict(), os.path.join(out_dir, "paddle_save.pdparams"))
        rng = np.random.default_rng(seed)
        steps, expected = {}, {}
        for step in range(STEPS):
            feeds = make_feeds(rng)
            steps.update({f"{step}/{k}": v for k, v in feeds.items()})
            values = exe.run(main, feed=feeds, fetch_list=fetches)
            expected.update({f"{step}/{f.name}": np.asarray(v) for f, v in zip(fetches, values)})
        persistables = sorted(v.name for v in main.list_vars() if v.persistable
                              and scope.find_var(v.name) is not None
                              and scope.find_var(v.name).get_tensor()._is_initialized())
        for pname in persistables:
            expected[f"param:{pname}"] = np.array(scope.find_var(pname).get_tensor())
    save_npz(os.path.join(out_dir, "steps.npz"), steps)
    save_npz(os.path.join(out_dir, "expected.npz"), expected)
    meta = {"description": description, "paddle_version": paddle.__version__, "seed": seed,
            "steps": STEPS, "feeds": sorted({k.split("/", 1)[1] for k in steps}),
            "fetches": [f.name for f in fetches], "persistables": persistables,
            "op_types": sorted({op.type for op in main.global_block().ops}),
            "startup_op_types": sorted({op.type for op in startup.global_block().ops})}
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"exported {name}: {len(main.global_block().ops)} ops, {STEPS} steps")


def export_initializers():
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = 3100
    with paddle.static.program_guard(main, startup), unique_name.guard():
        x = paddle.static.data("x", [-1, 4, 4, 4], "float32")
        h = nn.BatchNorm2D(16)(nn.Conv2D(4, 16, 3)(x))
        h = nn.LayerNorm(32)(nn.Linear(16 * 2 * 2, 32)(paddle.flatten(h, 1)))
        nn.Embedding(50, 24)(paddle.static.data("ids", [-1, 1], "int64"))
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        paddle.static.Executor(paddle.CPUPlace()).run(startup)
        values = {v.name: np.array(scope.find_var(v.name).get_tensor())
                  for v in startup.list_vars() if v.persistable}
    with open(os.path.join(OUT, "initializers.pdmodel"), "wb") as f:
        f.write(startup.desc.serialize_to_string())
    save_npz(os.path.join(OUT, "initializers.npz"), values)
    print(f"exported initializers: {sorted({op.type for op in startup.global_block().ops})}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PROGRAMS))
    args = parser.parse_args()
    for name in args.only or sorted(PROGRAMS):
        export(name)
    if not args.only:
        export_initializers()


if __name__ == "__main__":
    main()
