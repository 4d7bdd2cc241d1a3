"""Record Paddle 3.3.1's float64 shuffle_channel and shuffle_channel_grad where they are
defined (a test-time tool, Paddle's venv; see tests/conformance/README.md):

    python tests/conformance/export_shuffle_channel_float64.py

Paddle's float64 CPU kernels, forward and grad, copy H * W * sizeof(int) bytes per channel
plane, so they write the first (H * W) // 2 elements of each output plane (and, for an odd
H * W, the low 4 bytes of the next one); the rest is whatever the memory held. The
op_cases fixtures compare whole tensors, so these runs live here: each case is run on
Paddle's CPU executor (forward: the one op; grad: the op and the grad ops
`paddle.static.gradients` appends for X, its cotangent fed), this script checks that the
written elements are the true channel shuffle of the inputs, bit for bit (grad: only cases
where the shuffle is its own inverse, as Paddle's grad applies the forward shuffle, see
op_cases/vision_shuffle_grad.py), and stores per case `<case>/in/<name>`,
`<case>/out/<name>` (undefined elements set to 0) and `<case>/defined/<name>` (bool: the
elements Paddle writes) in tests/fixtures/shuffle_channel_float64.npz, which
tests/ops/test_vision_shuffle_ops.py compares fluidphi with. Reruns give identical bytes.
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import sys

import numpy as np
import paddle
from export_common import save_npz
from paddle.base.layer_helper import LayerHelper

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures",
                   "shuffle_channel_float64.npz")
#: name -> (X dims, group); forward cases
FORWARD = {
    "g2_hw6": ((2, 6, 2, 3), 2),
    "g3_hw9_odd": ((1, 6, 3, 3), 3),
    "g4_c8": ((2, 8, 2, 2), 4),
    "g2_hw1_nothing_written": ((1, 4, 1, 1), 2),
    "g1_hw5": ((1, 3, 1, 5), 1),
}
#: grad cases: the shuffle is its own inverse (group 1, group = C, group^2 = C)
GRAD = {
    "g2_c4_hw6": ((2, 4, 2, 3), 2),
    "g3_c9_hw4": ((1, 9, 2, 2), 3),
    "g4_eq_c_hw3": ((1, 4, 3, 1), 4),
    "g1_hw8": ((2, 3, 2, 4), 1),
}
EDGES = (np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0)


def _values(shape, seed):
    """Seeded float64 values in [-8, 8) with every bit of the mantissa used, edges first."""
    flat = np.random.default_rng(seed).uniform(-8.0, 8.0, int(np.prod(shape)))
    count = min(len(EDGES), flat.size)
    flat[:count] = EDGES[:count]
    return flat.reshape(shape)


def _shuffle(x, group):
    n, c, h, w = x.shape
    return x.reshape(n, group, c // group, h, w).transpose(0, 2, 1, 3, 4).reshape(x.shape)


def _defined(shape):
    """The elements Paddle's float64 kernels write: the first (H * W) // 2 of each plane."""
    h, w = shape[2:]
    return np.broadcast_to(np.arange(h * w).reshape(h, w) < (h * w) // 2, shape).copy()


def _run(shape, group, grad, seed):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", list(shape), "float64")
        x.stop_gradient = False
        helper = LayerHelper("shuffle_channel")
        out = helper.create_variable_for_type_inference("float64")
        helper.append_op(type="shuffle_channel", inputs={"X": x}, outputs={"Out": out},
                         attrs={"group": group})
        feed = {"x": _values(shape, seed)}
        fetch = {"out": out}
        if grad:
            cot = paddle.static.data("cot_out", list(shape), "float64")
            feed["cot_out"] = _values(shape, seed + 1)
            fetch = {"x@GRAD": paddle.static.gradients([out], [x], target_gradients=[cot])[0]}
    exe = paddle.static.Executor(paddle.CPUPlace())
    got = exe.run(main, feed=feed, fetch_list=list(fetch.values()))
    return feed, dict(zip(fetch, got))


def main():
    paddle.enable_static()
    arrays = {}
    for seed, (name, (shape, group)) in enumerate([*FORWARD.items(), *GRAD.items()]):
        grad = name in GRAD
        case = f"{'shuffle_channel_grad' if grad else 'shuffle_channel'}_{name}"
        feed, outs = _run(shape, group, grad, 100 * seed)
        source = feed["cot_out" if grad else "x"]
        for key, value in outs.items():
            defined = _defined(shape)
            want = _shuffle(source, group)
            if not np.array_equal(value.view(np.uint64)[defined], want.view(np.uint64)[defined]):
                raise SystemExit(f"{case}: Paddle's written elements are not the shuffle")
            arrays[f"{case}/out/{key}"] = np.where(defined, value, 0.0)
            arrays[f"{case}/defined/{key}"] = defined
        arrays[f"{case}/attrs/group"] = np.array(group, np.int32)
        for key, value in feed.items():
            arrays[f"{case}/in/{key}"] = value
        print(case, "ok")
    save_npz(OUT, dict(sorted(arrays.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
