"""Generate old-program conformance fixtures with real PaddlePaddle 2.6.2 (CPU).

Paddle 2.6 writes the legacy ProgramDesc format by default. The models here
use the 2.x static-graph APIs that emit the older op variants (`mul` from
`paddle.static.nn.fc`, conv bias as `elementwise_add` with axis=1,
`hard_swish`, `downgrade_in_infer` dropout, `reduce_*`, `arg_max`, `matmul`
v1, `lookup_table` v1, ...). Reference outputs come from reloading the saved
files and running Paddle's executor.

Test-time tool only. It needs its own venv:

    python3 -m venv /work/paddle26-venv
    /work/paddle26-venv/bin/pip install paddlepaddle==2.6.2 numpy
    /work/paddle26-venv/bin/python tests/conformance/export_v2.py [--out DIR] [--only NAME ...]
    /work/paddle26-venv/bin/python tests/conformance/export_v2.py --measure   # fp32 vs fp64
    /work/paddle26-venv/bin/python tests/conformance/export_v2.py --verify    # rerun saved models

See tests/fixtures/models_v2/README.md for the layout and the models.
"""

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import io
import json
import math
import shutil
import sys
import zipfile
from collections import Counter

import numpy as np
import paddle
import paddle.nn.functional as F
from paddle import nn
from paddle.base import unique_name
from paddle.base.proto import framework_pb2

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "models_v2")
BATCHES = (1, 4)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def save_npz(path, arrays):
    """np.load-compatible archive with fixed zip timestamps, so reruns give identical bytes."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key in arrays:
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(arrays[key]), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def to_json(v):
    if isinstance(v, float):
        return repr(v) if (math.isinf(v) or math.isnan(v)) else v
    if isinstance(v, (bool, int, str)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    if isinstance(v, np.generic):
        return to_json(v.item())
    if isinstance(v, np.ndarray):
        return to_json(v.tolist())
    if hasattr(v, "idx") and hasattr(v, "ops"):
        return {"block_idx": v.idx}
    return repr(v)


def dtype_str(var_dtype):
    return str(var_dtype).split(".")[-1].lower()


def raw_op(op_type, inputs, attrs, out_slot="Out", dtype=None):
    """Append one op directly (only for ops no 2.6 Python API emits any more)."""
    block = paddle.static.default_main_program().current_block()
    if dtype is None:
        dtype = next(iter(inputs.values()))[0].dtype
    out = block.create_var(name=unique_name.generate(op_type + ".tmp"), dtype=dtype)
    block.append_op(type=op_type, inputs=inputs, outputs={out_slot: [out]}, attrs=attrs)
    return out


def create_param(name, shape, dtype):
    return paddle.static.create_parameter(shape=shape, dtype=dtype,
                                          attr=paddle.ParamAttr(name=unique_name.generate(name)))


def normal_inputs(specs):
    """specs: feed name -> per-sample shape; values N(0,1)."""
    def make(rng, batch, dtype):
        return {n: rng.standard_normal((batch, *tuple(s))).astype(dtype) for n, s in specs.items()}
    return make


# --------------------------------------------------------------------------
# models: builder(dtype) -> (feed_vars, fetch_vars, make_inputs(rng, batch, dtype))
# They run inside program_guard + unique_name.guard. The saved program is
# main.clone(for_test=True), which sets is_test=True on batch_norm/dropout.
# --------------------------------------------------------------------------

def build_fc_mlp_v2(dtype):
    fc = paddle.static.nn.fc
    x = paddle.static.data("x", [-1, 4, 8], dtype)
    z = paddle.static.data("z", [-1, 12], dtype)
    h1 = fc(x, 16, num_flatten_dims=2, activation="relu")  # mul x_num_col_dims=2 -> [-1,4,16]
    h2 = fc([h1, x], 32, activation="sigmoid")  # 2x mul (3-D X flattened) + sum
    h3 = fc(z, 32, activation="tanh", bias_attr=False)               # mul only
    h = paddle.add(h2, h3)
    h4 = fc(h, 32, activation="relu")
    y = F.softmax(fc(h4, 10), axis=-1)
    return [x, z], [y], normal_inputs({"x": (4, 8), "z": (12,)})


def build_cnn_v2(dtype):
    snn = paddle.static.nn
    x = paddle.static.data("image", [-1, 3, 32, 32], dtype)
    h = snn.conv2d(x, 8, 3, padding=1)  # conv2d + elementwise_add axis=1
    h = snn.batch_norm(h, act="relu")
    h = F.max_pool2d(h, 3, stride=2, padding=1, ceil_mode=True)      # 32 -> 17
    h = snn.conv2d(h, 8, 3, padding="SAME", groups=8, use_cudnn=False)  # depthwise, SAME
    h = F.relu6(snn.batch_norm(h))
    h = snn.conv2d(h, 16, 3, stride=2, padding=[1, 1], dilation=1)   # 17 -> 9
    h = F.hardswish(h)
    h = F.avg_pool2d(h, 3, stride=2, padding=1, ceil_mode=True, exclusive=False)  # 9 -> 5
    h = snn.conv2d(h, 16, 1, dilation=2)
    h = F.leaky_relu(h, negative_slope=0.1)
    h = F.avg_pool2d(h, 2, stride=2, ceil_mode=True)                 # exclusive=True, 5 -> 3
    h = snn.prelu(h, mode="channel")
    h = F.dropout(h, p=0.25, mode="downscale_in_infer")              # is_test after clone: x*(1-p)
    h = paddle.flatten(h, start_axis=1)                              # [-1, 144]
    h = paddle.static.nn.fc(h, 32, activation="relu")
    h = paddle.reshape(h, [-1, 4, 8])
    y = paddle.static.nn.fc(h, 10)
    return [x], [y], normal_inputs({"image": (3, 32, 32)})


TF_VOCAB, TF_SEQ, TF_D, TF_HEADS, TF_FF, TF_LAYERS = 100, 16, 32, 4, 64, 2
TF_PADS = (3, 0, 5, 8)  # trailing pad tokens (id 0) per sample of the b4 batch


class TinyEncoder(nn.Layer):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(TF_VOCAB, TF_D)
        self.pos = nn.Embedding(TF_SEQ, TF_D)
        layer = nn.TransformerEncoderLayer(TF_D, TF_HEADS, TF_FF, dropout=0.1,
                                           activation="gelu", normalize_before=True)
        self.encoder = nn.TransformerEncoder(layer, TF_LAYERS, norm=nn.LayerNorm(TF_D))
        self.pool = nn.Linear(TF_D, TF_D)

    def forward(self, ids, pos, dtype):
        pad = paddle.cast(paddle.equal(ids, paddle.full([1], 0, "int64")), dtype)
        mask = paddle.unsqueeze(paddle.scale(pad, scale=-1e4), axis=[1, 2])  # [-1,1,1,S]
        h = self.word(ids) + self.pos(pos)
        h = self.encoder(h, src_mask=mask)
        return paddle.tanh(self.pool(h[:, 0]))


def build_transformer_v2(dtype):
    ids = paddle.static.data("src_ids", [-1, TF_SEQ], "int64")
    pos = paddle.static.data("pos_ids", [-1, TF_SEQ], "int64")
    m = TinyEncoder()
    m.eval()
    y = m(ids, pos, dtype)

    def make(rng, batch, dtype):
        src = rng.integers(1, TF_VOCAB, size=(batch, TF_SEQ)).astype("int64")
        for i in range(batch):
            n = TF_PADS[i % len(TF_PADS)]
            if n:
                src[i, -n:] = 0
        return {"src_ids": src, "pos_ids": np.tile(np.arange(TF_SEQ, dtype="int64"), (batch, 1))}
    return [ids, pos], [y], make


def build_misc_v2(dtype):
    a = paddle.static.data("a", [-1, 6, 8], dtype)
    ids = paddle.static.data("ids", [-1, 5, 1], "int64")
    # matmul_v2 (trans_y) and legacy matmul v1 (alpha, 3-D x 2-D broadcast)
    g = paddle.matmul(a, a, transpose_y=True)                         # [-1,6,6]
    w = create_param("matmul_w", [8, 4], dtype)
    m1 = raw_op("matmul", {"X": [a], "Y": [w]},
                {"transpose_X": False, "transpose_Y": False, "alpha": 0.5})   # [-1,6,4]
    c = paddle.concat([a, g, m1], axis=-1)                           # [-1,6,18]
    s1, s2 = paddle.split(c, 2, axis=1)                              # num=2 -> [-1,3,18] x2
    p1, p2 = paddle.split(c, [10, -1], axis=2)                       # sections with -1
    st = paddle.stack([s1, paddle.maximum(s1, s2)], axis=1)          # [-1,2,3,18]
    u = paddle.unsqueeze(paddle.mean(st, axis=1), axis=[1])          # reduce_mean, unsqueeze2
    u = paddle.squeeze(u, axis=[1])                                  # squeeze2 -> [-1,3,18]
    r = paddle.sum(u, axis=[1, 2], keepdim=True)                     # reduce_sum [-1,1,1]
    mx = paddle.max(p1, axis=-1)                                     # reduce_max [-1,6]
    t = paddle.transpose(p2, [0, 2, 1])                              # transpose2 [-1,8,6]
    e = paddle.divide(paddle.multiply(t, F.sigmoid(t)), paddle.exp(paddle.abs(t)) + 1.0)
    e = paddle.subtract(e, paddle.clip(t, -0.5, 0.5))
    e = e + paddle.pow(t, 2.0) * 0.1 + paddle.sqrt(paddle.abs(t) + 1.0)
    e = F.gelu(e, approximate=True) + F.hardsigmoid(t) + F.swish(t)
    ln = paddle.static.nn.layer_norm(e, begin_norm_axis=1)           # normalize over 8*6
    idx = paddle.assign(np.array([5, 0, 3], dtype="int64"))          # assign_value
    gat = paddle.gather(ln, idx, axis=2)                             # [-1,8,3]
    cs = paddle.cumsum(gat, axis=1)
    ex = paddle.expand(r, [-1, 8, 3]) * 0.01                         # expand_v2
    tl = paddle.tile(paddle.unsqueeze(mx[:, :3], axis=1), [1, 8, 1])  # slice, tile
    out = F.log_softmax(cs + ex + tl + paddle.full([1], 0.25, dtype), axis=-1)
    # reshape2 with a runtime shape (shape op + slice + ShapeTensor list)
    out = paddle.reshape(out, [paddle.shape(out)[0], -1])            # [-1,24]
    am = paddle.argmax(a, axis=-1)                                   # arg_max int64 [-1,6]
    # legacy lookup_table v1 (ids [-1,5,1], padding_idx)
    emb_w = create_param("lookup_w", [20, 8], dtype)
    emb = raw_op("lookup_table", {"Ids": [ids], "W": [emb_w]},
                 {"padding_idx": 0, "is_sparse": False, "is_distributed": False,
                  "remote_prefetch": False}, dtype=emb_w.dtype)       # [-1,5,8]
    emb = paddle.tanh(emb)

    def make(rng, batch, dtype):
        i = rng.integers(0, 20, size=(batch, 5, 1)).astype("int64")
        i[:, 0, 0] = 0  # exercise padding_idx
        return {"a": rng.standard_normal((batch, 6, 8)).astype(dtype), "ids": i}
    return [a, ids], [out, am, emb], make


# name -> (builder, description, save_inference_model clip_extra)
MODELS = {
    "fc_mlp_v2": (build_fc_mlp_v2,
                  "paddle.static.nn.fc stack (mul + elementwise_add): num_flatten_dims=2 on a "
                  "3-D feed, a 2-input fc (2x mul + sum), a bias-free fc, relu/sigmoid/tanh, "
                  "softmax; feeds x [-1,4,8], z [-1,12]", True),
    "cnn_v2": (build_cnn_v2,
               "paddle.static.nn.conv2d/batch_norm/prelu, pool2d ceil_mode + exclusive "
               "variants, relu6/hard_swish/leaky_relu, downgrade_in_infer dropout, flatten, "
               "reshape, fc; saved with clip_extra=False (extra attrs kept, as 2.0-2.3 "
               "exports); feed image [-1,3,32,32]", False),
    "transformer_v2": (build_transformer_v2,
                       "paddle.nn.TransformerEncoder (2 pre-norm layers, d 32, 4 heads, ff 64, "
                       "gelu, final LayerNorm, eval mode) over word+position Embedding with a "
                       "pad mask from src_ids==0; first token -> Linear -> tanh; feeds "
                       "src_ids/pos_ids int64 [-1,16]", True),
    "misc_v2": (build_misc_v2,
                "assorted 2.x tensor ops (matmul_v2 trans_y, matmul v1, concat, split, stack, "
                "reduce_*, arg_max, unsqueeze2/squeeze2, gather, cumsum, expand_v2, tile, "
                "layer_norm begin_norm_axis=1, reshape2 with ShapeTensor, lookup_table v1); "
                "feeds a f32 [-1,6,8], ids i64 [-1,5,1]; 3 fetches", True),
}
SEEDS = {name: 2000 + i for i, name in enumerate(MODELS)}


# --------------------------------------------------------------------------
# parameter values (non-trivial, fixed seed), chosen by the consuming op slot
# --------------------------------------------------------------------------

def param_roles(program):
    roles = {}
    for block in program.blocks:
        for op in block.ops:
            for slot in op.input_names:
                for arg in op.input(slot):
                    roles.setdefault(arg, (op.type, slot))
    return roles


def init_value(role, shape, rng):
    op_type, slot = role
    if op_type in ("batch_norm", "layer_norm") and slot == "Scale":
        return rng.uniform(0.5, 1.5, shape)
    if op_type in ("batch_norm", "layer_norm") and slot == "Bias":
        return rng.uniform(-0.3, 0.3, shape)
    if op_type == "batch_norm" and slot == "Mean":
        return rng.uniform(-0.3, 0.3, shape)
    if op_type == "batch_norm" and slot == "Variance":
        return rng.uniform(0.5, 2.0, shape)
    if op_type in ("conv2d", "depthwise_conv2d") and slot == "Filter":
        return rng.standard_normal(shape) * math.sqrt(2.0 / int(np.prod(shape[1:])))
    if op_type in ("mul", "matmul", "matmul_v2") and slot == "Y":
        return rng.standard_normal(shape) * math.sqrt(1.5 / shape[0])
    if op_type in ("lookup_table", "lookup_table_v2") and slot == "W":
        return rng.standard_normal(shape) * 0.5
    if op_type == "prelu" and slot == "Alpha":
        return rng.uniform(0.05, 0.4, shape)
    if op_type == "elementwise_add":  # biases
        return rng.uniform(-0.2, 0.2, shape)
    return rng.standard_normal(shape) * 0.1


def randomize_params(program, scope, place, seed, dtype):
    rng = np.random.default_rng(seed)
    roles = param_roles(program)
    for var in sorted(program.list_vars(), key=lambda v: v.name):
        if not var.persistable or var.name in ("feed", "fetch") or var.name not in roles:
            continue
        sv = scope.find_var(var.name)
        if sv is None:
            continue
        shape = tuple(np.array(sv.get_tensor()).shape)
        sv.get_tensor().set(init_value(roles[var.name], shape, rng).astype(dtype), place)


# --------------------------------------------------------------------------
# program introspection
# --------------------------------------------------------------------------

MAX_VARIANTS = 16


def describe_ops(program):
    counts, info, seen = Counter(), {}, {}
    for block in program.blocks:
        for op in block.ops:
            counts[op.type] += 1
            vals = seen.setdefault(op.type, {})
            for a in op.attr_names:
                if a == "op_callstack":
                    continue
                v = to_json(op.attr(a))
                lst = vals.setdefault(a, [])
                if v not in lst and len(lst) < MAX_VARIANTS:
                    lst.append(v)
            if op.type in info:
                continue
            attrs = {a: ("<op_callstack>" if a == "op_callstack" else to_json(op.attr(a)))
                     for a in sorted(op.attr_names)}
            types = {a: str(op.desc.attr_type(a)).split(".")[-1] for a in sorted(op.attr_names)}
            info[op.type] = {
                "attrs": attrs, "attr_types": types,
                "inputs": {s: list(op.input(s)) for s in op.input_names},
                "outputs": {s: list(op.output(s)) for s in op.output_names},
            }
    for t, v in seen.items():
        info[t]["attr_values_seen"] = dict(sorted(v.items()))
    return dict(sorted(counts.items())), dict(sorted(info.items()))


def blank_callstacks(pdmodel_path):
    """Empty every op's op_callstack (source paths and line numbers) in the saved file.

    Keeps the attribute (type STRINGS) so the file has the same shape as a
    real export, but makes it independent of where this script lives.
    """
    desc = framework_pb2.ProgramDesc()
    with open(pdmodel_path, "rb") as f:
        desc.ParseFromString(f.read())
    for block in desc.blocks:
        for op in block.ops:
            for attr in op.attrs:
                if attr.name == "op_callstack":
                    del attr.strings[:]
    with open(pdmodel_path, "wb") as f:
        f.write(desc.SerializeToString(deterministic=True))


# --------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------

def build(name, dtype="float32"):
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = SEEDS[name]
    paddle.seed(SEEDS[name])
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds, fetches, make_inputs = MODELS[name][0](dtype)
    return main, startup, feeds, fetches, make_inputs


def make_batches(make_inputs, seed, dtype="float32"):
    b4 = make_inputs(np.random.default_rng(seed + 7), 4, dtype)
    return {1: {k: v[:1].copy() for k, v in b4.items()}, 4: b4}


def export_model(name, out_root):
    place = paddle.CPUPlace()
    out_dir = os.path.join(out_root, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    prefix = os.path.join(out_dir, "model")
    clip_extra = MODELS[name][2]

    main, startup, feeds, fetches, make_inputs = build(name)
    test_prog = main.clone(for_test=True)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, scope, place, SEEDS[name], "float32")
        # Paddle 2.x appends a scale(1.0) op per fetch named save_infer_model/scale_N.tmp_M;
        # a fresh name generator keeps those names independent of --only / model order.
        with unique_name.guard():
            paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=test_prog,
                                               clip_extra=clip_extra)
    blank_callstacks(prefix + ".pdmodel")

    batches = make_batches(make_inputs, SEEDS[name])
    scope2 = paddle.static.Scope()
    with paddle.static.scope_guard(scope2):
        exe = paddle.static.Executor(place)
        prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        fetch_names = [v.name for v in fetch_targets]
        outs_by_batch = {}
        for b, inputs in batches.items():
            assert sorted(inputs) == sorted(feed_names), (inputs.keys(), feed_names)
            outs = exe.run(prog, feed=inputs, fetch_list=fetch_targets, return_numpy=True)
            outs_by_batch[b] = {n: np.asarray(o) for n, o in zip(fetch_names, outs)}
            save_npz(os.path.join(out_dir, f"inputs_b{b}.npz"), inputs)
            save_npz(os.path.join(out_dir, f"outputs_b{b}.npz"), outs_by_batch[b])
        gb = prog.global_block()
        def var_meta(n):
            return {"name": n, "shape": list(gb.var(n).shape), "dtype": dtype_str(gb.var(n).dtype)}
        feed_meta = [var_meta(n) for n in feed_names]
        fetch_meta = [var_meta(n) for n in fetch_names]
        params = {v.name: {"shape": list(v.shape), "dtype": dtype_str(v.dtype)}
                  for v in sorted(prog.list_vars(), key=lambda v: v.name)
                  if v.persistable and v.name not in ("feed", "fetch")}
        counts, ops = describe_ops(prog)
        op_sequence = [op.type for op in gb.ops]

    stats = {}
    for b, outs in outs_by_batch.items():
        for n, o in outs.items():
            assert np.isfinite(o).all(), (name, n)
            stats[f"b{b}/{n}"] = {"shape": list(o.shape), "dtype": str(o.dtype),
                                  "min": float(o.min()), "max": float(o.max()),
                                  "mean_abs": float(np.abs(o).mean())}
    for n in outs_by_batch[1]:
        # inputs_b1 is sample 0 of inputs_b4; record how far Paddle's b1 is from its b4 row 0
        d = np.abs(outs_by_batch[1][n].astype(np.float64) - outs_by_batch[4][n][:1]).max()
        stats[f"b1_vs_b4row0/{n}"] = float(d)
    meta = {
        "name": name,
        "description": MODELS[name][1],
        "paddle_version": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", None),
        "format": "legacy ProgramDesc (Paddle 2.6 default), paddle.static.save_inference_model",
        "clip_extra": clip_extra,
        "op_callstack": "emptied after saving (kept as an empty STRINGS attr)",
        "seed": SEEDS[name],
        "batch_sizes": list(BATCHES),
        "files": [*sorted(os.listdir(out_dir)), "meta.json"],
        "feeds": feed_meta,
        "fetches": fetch_meta,
        "num_params": len(params),
        "num_param_elements": int(sum(int(np.prod(p["shape"])) for p in params.values())),
        "params": params,
        "op_counts": counts,
        "op_sequence": op_sequence,
        "ops": ops,
        "output_stats": stats,
    }
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"exported {name:<15s} ops={counts}")
    return meta


# --------------------------------------------------------------------------
# diagnostics
# --------------------------------------------------------------------------

def run_direct(name, dtype, batches):
    """Build the network in `dtype` with the same weights and run the test program."""
    prev = paddle.get_default_dtype()
    paddle.set_default_dtype(dtype)
    try:
        main, startup, _feeds, fetches, _ = build(name, dtype)
    finally:
        paddle.set_default_dtype(prev)
    test_prog = main.clone(for_test=True)
    place = paddle.CPUPlace()
    scope = paddle.static.Scope()
    res = {}
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, scope, place, SEEDS[name], dtype)
        for b, inputs in batches.items():
            feed = {k: (v.astype(dtype) if v.dtype.kind == "f" else v) for k, v in inputs.items()}
            res[b] = [np.asarray(o) for o in exe.run(test_prog, feed=feed, fetch_list=fetches)]
    return res


def load_batches(name, out_root):
    batches = {}
    for b in BATCHES:
        with np.load(os.path.join(out_root, name, f"inputs_b{b}.npz")) as z:
            batches[b] = {k: z[k] for k in z.files}
    return batches


def measure(names, out_root):
    for name in names:
        batches = load_batches(name, out_root)
        r32, r64 = run_direct(name, "float32", batches), run_direct(name, "float64", batches)
        for b in BATCHES:
            for i, (x, t) in enumerate(zip(r32[b], r64[b])):
                err = float(np.abs(x.astype(np.float64) - t).max())
                ref = float(np.abs(t).max())
                print(f"{name:<15s} b{b} out{i}  fp32-vs-fp64 max_abs={err:.3e}  "
                      f"max|ref|={ref:.3g}  normwise={err / max(1.0, ref):.3e}")


def verify(names, out_root):
    place = paddle.CPUPlace()
    for name in names:
        d = os.path.join(out_root, name)
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe = paddle.static.Executor(place)
            prog, _, fetch_targets = paddle.static.load_inference_model(
                os.path.join(d, "model"), exe)
            for b in BATCHES:
                feed = load_batches(name, out_root)[b]
                with np.load(os.path.join(d, f"outputs_b{b}.npz")) as z:
                    ref = {k: z[k] for k in z.files}
                outs = exe.run(prog, feed=feed, fetch_list=fetch_targets)
                for v, o in zip(fetch_targets, outs):
                    err = float(np.abs(np.asarray(o, np.float64) - ref[v.name]).max())
                    print(f"{name:<15s} b{b} {v.name:<28s} max_abs={err:.3e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="+", choices=sorted(MODELS))
    ap.add_argument("--measure", action="store_true",
                    help="Paddle fp32 vs fp64 on the saved inputs")
    ap.add_argument("--verify", action="store_true", help="rerun saved models, diff stored outputs")
    args = ap.parse_args()
    names = list(args.only) if args.only else list(MODELS)
    out_root = os.path.abspath(args.out)
    if args.measure:
        measure(names, out_root)
        return 0
    if args.verify:
        verify(names, out_root)
        return 0
    os.makedirs(out_root, exist_ok=True)
    for name in names:
        export_model(name, out_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
