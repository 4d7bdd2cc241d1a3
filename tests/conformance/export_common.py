"""What the two Paddle fixture exporters share (export.py for 3.3.1, export_v2.py for 2.6.2).

Both scripts import this module after setting their Paddle flags, so it may import
paddle itself. Everything here works the same on both Paddle releases: parameter
randomization, the op description written to meta.json, byte-stable .npz files,
reference runs from the saved files, and the two diagnostics (--measure, --verify).
"""

import io
import json
import math
import os
import zipfile
from collections import Counter

import numpy as np
import paddle
from paddle.base import core, unique_name
from paddle.base.framework import OpProtoHolder
from paddle.base.proto import framework_pb2

BATCHES = (1, 4)
#: attribute values not worth recording per op (source paths and line numbers)
SKIP_ATTR_VALUES = {"op_callstack"}
#: distinct values recorded per attribute in `attr_values_seen`
MAX_VARIANTS = 16


# -- files ---------------------------------------------------------------------------------
def save_npz(path, arrays):
    """np.load-compatible archive with fixed zip timestamps, so reruns give identical bytes."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key in arrays:
            buf = io.BytesIO()
            # not np.ascontiguousarray: it turns a 0-d array into shape (1,)
            array = np.asarray(arrays[key])
            array = array if array.flags.c_contiguous else array.copy(order="C")
            np.lib.format.write_array(buf, array, allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def load_npz(path):
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def write_json(path, doc):
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def jsonable(v):
    """An attribute value as JSON (inf/nan as text, sub-blocks by index)."""
    if isinstance(v, (bool, int, str)) or v is None:
        return v
    if isinstance(v, float):
        return repr(v) if (math.isinf(v) or math.isnan(v)) else v
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, np.generic):
        return jsonable(v.item())
    if isinstance(v, np.ndarray):
        return jsonable(v.tolist())
    if hasattr(v, "idx") and hasattr(v, "ops"):  # sub-block
        return {"block_idx": v.idx}
    if hasattr(v, "op_size") and hasattr(v, "id"):  # a sub-block as the C++ BlockDesc
        return {"block_idx": v.id}
    return repr(v)


def dtype_name(var_dtype):
    """'paddle.float32' / 'VarType.FP32' -> 'float32' / 'fp32'."""
    return str(var_dtype).rsplit(".", maxsplit=1)[-1].lower()


# -- op protos -----------------------------------------------------------------------------
def proto_entry(op_type):
    """Paddle's registered OpProto of `op_type`: slots with their flags, attrs with type,
    flags and default, and the extra attrs only the runtime knows (comments omitted)."""
    holder = OpProtoHolder.instance()
    if op_type not in holder.op_proto_map:
        return {"registered": False}
    proto = holder.get_op_proto(op_type)
    try:
        defaults = dict(core.get_op_attrs_default_value(op_type.encode()))
    except Exception:
        defaults = {}
    try:
        extra_defaults = dict(core.get_op_extra_attrs(op_type))
    except Exception:
        extra_defaults = {}

    def var_list(vs):
        return [
            {
                "name": v.name,
                "duplicable": v.duplicable,
                "intermediate": v.intermediate,
                "dispensable": v.dispensable,
                "extra": v.extra,
                "quant": v.quant,
            }
            for v in vs
        ]

    attrs = []
    for a in proto.attrs:
        e = {
            "name": a.name,
            "type": framework_pb2.AttrType.Name(a.type),
            "generated": a.generated,
            "extra": a.extra,
            "quant": a.quant,
            "support_tensor": a.support_tensor,
        }
        if a.name in defaults:
            e["default"] = jsonable(defaults[a.name])
        elif a.name in extra_defaults:
            e["default"] = jsonable(extra_defaults[a.name])
        else:
            e["default"] = "<none registered>"
        attrs.append(e)
    # extra attrs known to the runtime but absent from the proto
    proto_names = {a.name for a in proto.attrs}
    runtime_extra = {
        k: jsonable(v) for k, v in sorted(extra_defaults.items()) if k not in proto_names
    }
    return {
        "registered": True,
        "inputs": var_list(proto.inputs),
        "outputs": var_list(proto.outputs),
        "attrs": attrs,
        "runtime_extra_attrs": runtime_extra,
    }


# -- parameters ----------------------------------------------------------------------------
def param_roles(program):
    """Variable name -> (op type, input slot) of its first reader."""
    roles = {}
    for block in program.blocks:
        for op in block.ops:
            for slot in op.input_names:
                for arg in op.input(slot):
                    roles.setdefault(arg, (op.type, slot))
    return roles


#: data_norm's persistable statistics: (low, high) of their uniform values.
DATA_NORM_STATS = {"BatchSize": (50.0, 150.0), "BatchSum": (-60.0, 60.0),
                   "BatchSquareSum": (40.0, 400.0)}


def init_value(role, shape, rng):
    """A non-trivial value for a parameter in `role`, so that a wrong kernel cannot hide:
    random batch-norm statistics, non-zero biases, fan-in scaled weights."""
    op_type, slot = role
    shape = tuple(shape)
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
    if op_type == "rnn" and slot == "WeightList":  # LSTM / GRU weights and biases
        return rng.uniform(-0.5, 0.5, shape)
    if op_type == "data_norm" and slot in DATA_NORM_STATS:  # accumulated CTR statistics
        return rng.uniform(*DATA_NORM_STATS[slot], shape)
    if op_type in ("lstm", "gru") and slot in ("Weight", "Bias"):
        return rng.uniform(-0.5, 0.5, shape)
    if op_type == "elementwise_add":  # biases
        return rng.uniform(-0.2, 0.2, shape)
    return rng.standard_normal(shape) * 0.1


def randomize_params(program, scope, place, seed, dtype):
    """Overwrite every parameter the program reads, in variable-name order."""
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


def make_batches(make_inputs, seed, *args):
    """Inputs per batch size; batch 1 is the first sample of batch 4. A LoD feed is a pair
    (rows, one-level LoD offsets): its first sample is the first sequence."""
    b4 = make_inputs(np.random.default_rng(seed + 7), 4, *args)
    return {1: {k: _first_sample(v) for k, v in b4.items()}, 4: b4}


def _first_sample(value):
    if isinstance(value, tuple):
        rows, offsets = value
        return rows[offsets[0]:offsets[1]].copy(), [0, offsets[1] - offsets[0]]
    return value[:1].copy()


def feed_value(value):
    """What Paddle's executor is fed: a LoD tensor for a (rows, offsets) pair, else the
    array."""
    if not isinstance(value, tuple):
        return value
    rows, offsets = value
    tensor = (core.LoDTensor if hasattr(core, "LoDTensor") else core.DenseTensor)()
    tensor.set(rows, paddle.CPUPlace())
    tensor.set_lod([list(offsets)])
    return tensor


def split_lods(inputs):
    """(feed name -> array, feed name -> LoD) of a batch's inputs."""
    arrays = {k: v[0] if isinstance(v, tuple) else v for k, v in inputs.items()}
    lods = {k: [list(v[1])] for k, v in inputs.items() if isinstance(v, tuple)}
    return arrays, lods


# -- description ---------------------------------------------------------------------------
def describe_ops(program):
    """Op counts, and per op type its first occurrence's attributes and slots plus the
    distinct values each attribute took over all occurrences."""
    counts, info, seen = Counter(), {}, {}
    for block in program.blocks:
        for op in block.ops:
            counts[op.type] += 1
            values = seen.setdefault(op.type, {})
            for a in op.attr_names:
                if a in SKIP_ATTR_VALUES:
                    continue
                v = jsonable(op.attr(a))
                lst = values.setdefault(a, [])
                if v not in lst and len(lst) < MAX_VARIANTS:
                    lst.append(v)
            if op.type in info:
                continue
            attrs = {a: (f"<omitted: {len(op.attr(a))} source-location strings>"
                         if a in SKIP_ATTR_VALUES else jsonable(op.attr(a)))
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


def record_references(prefix, batches, out_dir):
    """Reload the saved model in a fresh scope, run Paddle's executor on every batch, save
    inputs_b*.npz / outputs_b*.npz, and return the meta.json fields that describe it."""
    place = paddle.CPUPlace()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe = paddle.static.Executor(place)
        prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        fetch_names = [v.name for v in fetch_targets]
        outs_by_batch, feed_lods, lods = {}, {}, {}
        for b, inputs in batches.items():
            assert sorted(inputs) == sorted(feed_names), (inputs.keys(), feed_names)
            feed = {k: feed_value(v) for k, v in inputs.items()}
            outs = exe.run(prog, feed=feed, fetch_list=fetch_targets, return_numpy=False)
            outs_by_batch[b] = {n: np.array(o) for n, o in zip(fetch_names, outs)}
            lods.update({f"b{b}/{n}": [list(level) for level in o.lod()]
                         for n, o in zip(fetch_names, outs) if o.lod()})
            arrays, in_lods = split_lods(inputs)
            if in_lods:
                feed_lods[f"b{b}"] = in_lods
            save_npz(os.path.join(out_dir, f"inputs_b{b}.npz"), arrays)
            save_npz(os.path.join(out_dir, f"outputs_b{b}.npz"), outs_by_batch[b])
        gb = prog.global_block()

        def var_meta(n):
            return {"name": n, "shape": list(gb.var(n).shape), "dtype": dtype_name(gb.var(n).dtype)}

        params = {v.name: {"shape": list(v.shape), "dtype": dtype_name(v.dtype)}
                  for v in sorted(prog.list_vars(), key=lambda v: v.name)
                  if v.persistable and v.name not in ("feed", "fetch")}
        counts, ops = describe_ops(prog)
        fields = {
            "feeds": [var_meta(n) for n in feed_names],
            "fetches": [var_meta(n) for n in fetch_names],
            "num_params": len(params),
            "num_param_elements": int(sum(int(np.prod(p["shape"])) for p in params.values())),
            "params": params,
            "op_counts": counts,
            "op_sequence": [op.type for op in gb.ops],
            "ops": ops,
        }
    if feed_lods:
        fields["feed_lods"] = feed_lods
    fields["output_stats"] = output_stats(outs_by_batch)
    if lods:  # LoD outputs (a beam search's hypotheses): per batch and fetch
        fields["output_lods"] = lods
    return fields


def output_stats(outs_by_batch):
    """Shape, dtype and range of each reference output; all must be finite."""
    stats = {}
    for b, outs in outs_by_batch.items():
        for n, o in outs.items():
            assert np.isfinite(o).all(), n
            stats[f"b{b}/{n}"] = {"shape": list(o.shape), "dtype": str(o.dtype),
                                  "min": float(o.min()), "max": float(o.max()),
                                  "mean_abs": float(np.abs(o).mean())}
    for n in outs_by_batch[1]:
        # inputs_b1 is sample 0 of inputs_b4: how far Paddle's b1 is from its b4 row 0 (for
        # 1-D LoD outputs, the first b1-size elements: sample 0's hypotheses)
        b1 = outs_by_batch[1][n].astype(np.float64)
        rows = b1.shape[0] if b1.ndim == 1 else 1
        d = np.abs(b1 - outs_by_batch[4][n][:rows]).max() if b1.size else 0.0
        stats[f"b1_vs_b4row0/{n}"] = float(d)
    return stats


# -- diagnostics -----------------------------------------------------------------------------
def run_direct(build, seed, dtype, batches, adjust=None):
    """Build the network in `dtype` (`build(dtype)` -> main, startup, feeds, fetches, _) with
    the fixture's weights (`adjust(program, scope, place, rng)` as the exporter applies it
    after `randomize_params`) and run its test program on `batches`."""
    prev = paddle.get_default_dtype()
    paddle.set_default_dtype(dtype)
    try:
        main, startup, _feeds, fetches, _ = build(dtype)
    finally:
        paddle.set_default_dtype(prev)
    test_prog = main.clone(for_test=True)
    place = paddle.CPUPlace()
    scope = paddle.static.Scope()
    res = {}
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, scope, place, seed, dtype)
        if adjust is not None:
            adjust(main, scope, place, np.random.default_rng(seed + 1))
        for b, inputs in batches.items():
            feed = {k: feed_value(v) if isinstance(v, tuple) else
                    (v.astype(dtype) if v.dtype.kind == "f" else v) for k, v in inputs.items()}
            res[b] = [np.asarray(o) for o in exe.run(test_prog, feed=feed, fetch_list=fetches)]
    return res


def measure(name, build, seed, batches, adjust=None):
    """Print Paddle fp32 against Paddle fp64 (same weights and inputs) per output."""
    r32 = run_direct(build, seed, "float32", batches, adjust)
    r64 = run_direct(build, seed, "float64", batches, adjust)
    for b in BATCHES:
        for i, (x, t) in enumerate(zip(r32[b], r64[b])):
            err = float(np.abs(x.astype(np.float64) - t).max())
            ref = float(np.abs(t).max())
            print(f"{name:<15s} b{b} out{i}  fp32-vs-fp64 max_abs={err:.3e}  "
                  f"max|ref|={ref:.3g}  normwise={err / max(1.0, ref):.3e}")


def verify(name, model_dir):
    """Rerun a saved model on its saved inputs; print the difference to the stored outputs
    (use it with different OMP_NUM_THREADS settings)."""
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, _, fetch_targets = paddle.static.load_inference_model(
            os.path.join(model_dir, "model"), exe)
        for b, inputs in saved_batches(model_dir).items():
            feed = {k: feed_value(v) for k, v in inputs.items()}
            ref = load_npz(os.path.join(model_dir, f"outputs_b{b}.npz"))
            outs = exe.run(prog, feed=feed, fetch_list=fetch_targets)
            for v, o in zip(fetch_targets, outs):
                err = float(np.abs(np.asarray(o, np.float64) - ref[v.name]).max())
                rel = err / max(float(np.abs(ref[v.name]).max()), 1e-30)
                print(f"{name:<15s} b{b} {v.name:<28s} max_abs={err:.3e} normwise_rel={rel:.3e}")


def saved_batches(model_dir):
    """The inputs stored with a fixture, or None when some are missing."""
    paths = [os.path.join(model_dir, f"inputs_b{b}.npz") for b in BATCHES]
    if not all(os.path.exists(p) for p in paths):
        return None
    with open(os.path.join(model_dir, "meta.json")) as f:
        lods = json.load(f).get("feed_lods", {})
    batches = {b: load_npz(p) for b, p in zip(BATCHES, paths)}
    for b, inputs in batches.items():  # LoD feeds as (rows, offsets) pairs again
        for name, lod in lods.get(f"b{b}", {}).items():
            inputs[name] = (inputs[name], lod[0])
    return batches


# -- program building -------------------------------------------------------------------


def new_var(block, prefix, dtype, shape=None):
    name = unique_name.generate(prefix + ".tmp")
    return block.create_var(name=name, dtype=dtype, shape=shape)


def legacy_op(op_type, inputs, attrs=None, out_slot="Out", extra_outputs=(), dtype=None):
    """Append one legacy op to the current block; returns its main output var.

    extra_outputs: additional output slot names (e.g. XShape, Mean, Variance)
    that get fresh variables.
    """
    block = paddle.static.default_main_program().current_block()
    first = next(iter(inputs.values()))[0]
    dtype = dtype or first.dtype
    out = new_var(block, op_type, dtype)
    outputs = {out_slot: [out]}
    for slot in extra_outputs:
        outputs[slot] = [new_var(block, op_type + "_" + slot.lower(), dtype)]
    block.append_op(type=op_type, inputs=inputs, outputs=outputs, attrs=attrs or {})
    return out


def image_inputs(name, chw, dtype):
    def make(rng, batch):
        return {name: rng.standard_normal((batch, *tuple(chw))).astype(dtype)}

    return make
