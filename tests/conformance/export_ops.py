"""Export single-op programs with real PaddlePaddle 3.3.1 and record Paddle's outputs.

Test-time tool only (Paddle's venv, see tests/conformance/README.md):

    python tests/conformance/export_ops.py                 # every family
    python tests/conformance/export_ops.py --family activation
    python tests/conformance/export_ops.py --only elu celu  # some op types

Cases are data in tests/conformance/op_cases/<family>.py. For each case this builds a
one-op static program (the Paddle API named by the case, else `LayerHelper.append_op`),
saves it with `save_inference_model` in the legacy format, drops the `op_callstack`
attributes (source paths) and the op_version_map entries of other ops, reloads the file,
runs it with Paddle's executor and stores inputs and outputs. Output per family, in
tests/fixtures/ops/<family>/: `<case>.pdmodel`, `arrays.npz` (`<case>/in/<feed>`,
`<case>/out/<fetch>`), `cases.json` and `op_protos.json`. Reruns give identical bytes.
"""

import os

# Must happen before paddle is imported: legacy ProgramDesc (non-PIR) format.
os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import importlib
import json
import re
import sys

import numpy as np
import paddle
from export_common import jsonable, load_npz, proto_entry, save_npz, write_json
from op_cases import family_names, load_family
from op_cases.spec import (
    FRAMEWORK_ATTRS,
    In,
    array_specs,
    feed_specs,
    materialize,
    output_tolerance,
)
from paddle.base import core, unique_name
from paddle.base.framework import OpProtoHolder
from paddle.base.layer_helper import LayerHelper
from paddle.base.proto import framework_pb2

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(HERE), "fixtures", "ops")
#: C++ element types in fluid kernel keys -> dtype names.
CPP_TYPES = {"float": "float32", "double": "float64", "int": "int32", "int64_t": "int64",
             "int16_t": "int16", "int8_t": "int8", "uint8_t": "uint8", "bool": "bool",
             "::phi::dtype::float16": "float16", "::phi::dtype::bfloat16": "bfloat16",
             "::phi::dtype::complex<float>": "complex64",
             "::phi::dtype::complex<double>": "complex128"}


# -- building ----------------------------------------------------------------------------------

def _api(dotted):
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _append_op(case, feeds, out_counts, inplace):
    """The op through LayerHelper.append_op; returns (slot, fetch variable) pairs. A
    duplicable output slot named in `out_counts` (slot -> input slot, or a function of the
    case's attributes giving the count) gets one variable per tensor of that input slot
    (`<slot><i>`), any other one variable; an output slot named in `inplace` (slot -> input
    slot) is that input's own variable(s), as optimizer and loss-scaling programs write them
    (rmsprop, update_loss_scaling require it)."""
    proto = OpProtoHolder.instance().get_op_proto(case.op)
    block = paddle.static.default_main_program().current_block()
    feed_names = {v.name for vs in feeds.values() for v in vs}
    outputs = {}
    for slot in proto.outputs:
        if slot.dispensable and slot.name not in case.outputs:
            continue
        if slot.name in inplace:
            outputs[slot.name] = list(feeds[inplace[slot.name]])
            continue
        name = slot.name.lower()
        names = [name]
        if slot.name in out_counts:
            count = out_counts[slot.name]
            n = count(case.attrs) if callable(count) else len(feeds[count])
            names = [f"{name}{i}" for i in range(n)]
        if feed_names & set(names):
            raise ValueError(f"{case.name}: output '{name}' clashes with a feed name")
        # dtype is a placeholder: Paddle's InferVarType / InferShape set the real one
        outputs[slot.name] = [block.create_var(name=n, dtype="float32") for n in names]
    LayerHelper(case.op).append_op(type=case.op, inputs=feeds, outputs=outputs,
                                   attrs=dict(case.attrs))
    intermediate = {s.name for s in proto.outputs if s.intermediate}
    fetch = case.fetch or [s for s in outputs if s not in intermediate]
    return [(slot, var) for slot in fetch for var in outputs[slot]]


def _api_call(case, feeds):
    """The op through the Paddle API named by the case, called with the inputs in slot
    order (a list for a duplicable slot); returns (slot, fetch variable) pairs."""
    args = [vs if not isinstance(case.inputs[slot], In) else vs[0] for slot, vs in feeds.items()]
    result = _api(case.api)(*args, **case.api_kwargs)
    results = list(result) if isinstance(result, (list, tuple)) else [result]
    op = paddle.static.default_main_program().global_block().ops[-1]
    by_name = {name: slot for slot in op.output_names for name in op.output(slot)}
    return [(by_name[v.name], v) for v in results]


def build(case, arrays, out_counts=None, differentiate=(), then=None, inplace=None):
    """(program, feed vars, (slot, fetch var) pairs) for a case.

    Feeds of the slots in `differentiate` need a gradient (stop_gradient off); `then`,
    given, runs in the same program after the op as `then(feeds, fetch)` and returns what
    to fetch instead (export_grads.py appends the grad ops there)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds, array_vars = {}, set()
        block = main.current_block()
        for name, (slot, spec) in array_specs(case).items():  # no feed op: see run_saved
            feeds[slot] = [block.create_var(name=name, type=core.VarDesc.VarType.LOD_TENSOR_ARRAY,
                                            dtype=spec.dtype)]
            array_vars.add(name)
        for name, slot, spec in feed_specs(case):
            if slot in feeds and feeds[slot][0].name in array_vars:
                continue
            var = paddle.static.data(name, list(arrays[name].shape), spec.dtype,
                                     lod_level=len(lod_of(spec)))
            var.stop_gradient = slot not in differentiate
            feeds.setdefault(slot, []).append(var)
        fetch = (_api_call(case, feeds) if case.api
                 else _append_op(case, feeds, out_counts or {}, inplace or {}))
        ops = [op.type for op in main.global_block().ops]
        if then is not None:
            fetch = then(feeds, fetch)
    if ops != [case.op]:
        raise ValueError(f"{case.name}: expected one '{case.op}' op, the program has {ops}")
    return main, [v for vs in feeds.values() for v in vs if v.name not in array_vars], fetch


def compact_model(path):
    """Drop `op_callstack` (source paths and line numbers) from every op of a saved model,
    and the `op_version_map` entries of ops the program does not use."""
    with open(path, "rb") as f:
        desc = framework_pb2.ProgramDesc.FromString(f.read())
    _drop_fetch_scales(desc.blocks[0])
    used = set()
    for block in desc.blocks:
        for op in block.ops:
            used.add(op.type)
            keep = [a for a in op.attrs if a.name != "op_callstack"]
            del op.attrs[:]
            op.attrs.extend(keep)
    pairs = sorted((p for p in desc.op_version_map.pair if p.op_name in used),
                   key=lambda p: p.op_name)
    kept = [framework_pb2.OpVersionMap.OpVersionPair.FromString(p.SerializeToString())
            for p in pairs]
    del desc.op_version_map.pair[:]
    desc.op_version_map.pair.extend(kept)
    with open(path, "wb") as f:
        f.write(desc.SerializeToString(deterministic=True))


def _drop_fetch_scales(block):
    """Paddle 2.x's save_inference_model appends a scale(1.0) op per fetch target
    (`save_infer_model/scale_N.tmp_M`): drop them and fetch the op's outputs directly, so
    that the program holds just the one op as under 3.3.1."""
    renamed = {}
    for op in block.ops:
        outs = [name for var in op.outputs for name in var.arguments]
        if op.type == "scale" and outs and outs[0].startswith("save_infer_model/scale_"):
            renamed[outs[0]] = next(n for var in op.inputs for n in var.arguments)
    if not renamed:
        return
    keep = [op for op in block.ops if not (op.type == "scale" and any(
        n in renamed for var in op.outputs for n in var.arguments))]
    for op in keep:
        for var in op.inputs:
            var.arguments[:] = [renamed.get(n, n) for n in var.arguments]
    del block.ops[:]
    block.ops.extend(keep)
    kept_vars = [v for v in block.vars if v.name not in renamed]
    del block.vars[:]
    block.vars.extend(kept_vars)


def save_with_feed_fetch(program, path, feed_names, fetch_names):
    """The program as a legacy inference model file: feed ops (col = feed order) before
    its ops, fetch ops after, holders `feed` / `fetch` as save_inference_model writes."""
    block = program.global_block()
    feed_holder = block.create_var(name="feed", type=core.VarDesc.VarType.FEED_MINIBATCH,
                                   persistable=True)
    fetch_holder = block.create_var(name="fetch", type=core.VarDesc.VarType.FETCH_LIST,
                                    persistable=True)
    for col, name in reversed(list(enumerate(feed_names))):
        block._prepend_op(type="feed", inputs={"X": [feed_holder]},
                          outputs={"Out": [block.var(name)]}, attrs={"col": col})
    for col, name in enumerate(fetch_names):
        block.append_op(type="fetch", inputs={"X": [block.var(name)]},
                        outputs={"Out": [fetch_holder]}, attrs={"col": col})
    with open(path, "wb") as f:
        f.write(program.desc.serialize_to_string())
    compact_model(path)


def op_attrs(program, op_type):
    op = next(op for op in program.global_block().ops if op.type == op_type)
    return {a: jsonable(op.attr(a)) for a in sorted(op.attr_names) if a not in FRAMEWORK_ATTRS}


# -- running -----------------------------------------------------------------------------------

def dtype_of(tensor):
    """The dtype name of a fetched Paddle tensor ('float32', 'bfloat16', ...)."""
    return str(tensor._dtype()).rsplit(".", maxsplit=1)[-1]


def fetched_array(tensor):
    """A fetched Paddle tensor's values; an uninitialized one (an XShape, which Paddle's
    fetch gives as an empty [0] tensor) as an empty array of its dtype, where np.array would
    make float64 up."""
    if tensor._is_initialized():
        return np.array(tensor)
    name = dtype_of(tensor)
    return np.empty((0,), "uint16" if name == "bfloat16" else name)  # bfloat16: its bits


def lod_of(spec):
    """The LoD an input is fed with (`LoDIn`), as lists; [] for a plain tensor."""
    return [list(level) for level in getattr(spec, "lod", ())]


def fed_tensor(array, lod):
    """`array` as Paddle feeds it: a LoD tensor when it has a LoD, else the array."""
    if not lod:
        return array
    tensor = core.DenseTensor()
    tensor.set(array, paddle.CPUPlace())
    tensor.set_lod(lod)
    return tensor


def run_saved(prefix, feed, lods=None, tensor_arrays=None):
    """Run the saved model on `feed` (feed name -> array; `lods`: feed name -> LoD for the
    LoD inputs) in a fresh scope: (fetch names, tensors). `tensor_arrays`: array variable
    -> its items' feed names. Paddle's feed ops take tensors only, so those items go into
    the variable in the scope before the run; the variable is made persistable in the
    loaded program (not in the file), as the executor otherwise creates it afresh in a
    child scope."""
    tensor_arrays = tensor_arrays or {}
    items = {n for names in tensor_arrays.values() for n in names}
    feed = {name: fed_tensor(array, (lods or {}).get(name)) for name, array in feed.items()}
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, _, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        for var_name, names in tensor_arrays.items():
            prog.global_block().var(var_name).persistable = True
            array = scope.var(var_name).get_dense_tensor_array()
            for name in names:
                array.append(_as_paddle_tensor(feed[name]))
        feed = {name: value for name, value in feed.items() if name not in items}
        outs = exe.run(prog, feed=feed, fetch_list=fetch_targets, return_numpy=False)
    return [v.name for v in fetch_targets], outs


def _as_paddle_tensor(value):
    if isinstance(value, core.DenseTensor):
        return value
    tensor = core.DenseTensor()
    tensor.set(value, paddle.CPUPlace())
    return tensor


def export_case(family, case, out_dir, arrays_out):
    arrays = {name: materialize(spec, family, case.name, name)
              for name, _slot, spec in feed_specs(case)}
    module = load_family(family)
    out_counts = getattr(module, "OUTPUT_COUNTS", {}).get(case.op, {})
    inplace = getattr(module, "INPLACE", {}).get(case.name, {})
    main, feed_vars, fetch = build(case, arrays, out_counts, inplace=inplace)
    tensor_arrays = {var: [n for n, slot_, _ in feed_specs(case) if slot_ == slot]
                     for var, (slot, _spec) in array_specs(case).items()}
    array_of = {n: var for var, names in tensor_arrays.items() for n in names}
    prefix = os.path.join(out_dir, case.name)
    clip_extra = case.op not in getattr(module, "UNCLIPPED", ())
    if fetch:
        exe = paddle.static.Executor(paddle.CPUPlace())
        paddle.static.save_inference_model(prefix, feed_vars, [v for _, v in fetch], exe,
                                           program=main, clip_extra=clip_extra)
        compact_model(prefix + ".pdmodel")
    else:  # an op without outputs (assert): save_inference_model would prune it away
        save_with_feed_fetch(main, prefix + ".pdmodel", [v.name for v in feed_vars], [])
    slot_of = {}
    for slot, v in fetch:
        slot_of.setdefault(v.name, slot)
    entry = {
        "op": case.op,
        "digest": case.digest(),
        "build": f"api {case.api}" if case.api else "LayerHelper.append_op",
        **({} if clip_extra else {"saved": "save_inference_model(clip_extra=False)"}),
        "attrs": op_attrs(main, case.op),
        "feeds": {name: {"slot": slot, "dtype": spec.dtype, "shape": list(arrays[name].shape),
                         **({"lod": lod_of(spec)} if lod_of(spec) else {}),
                         **({"array": array_of[name]} if name in array_of else {})}
                  for name, slot, spec in feed_specs(case)},
    }
    for name, array in arrays.items():
        arrays_out[f"{case.name}/in/{name}"] = array
    try:
        names, outs = run_saved(prefix, arrays,
                                {name: lod_of(spec) for name, _slot, spec in feed_specs(case)},
                                tensor_arrays)
    except Exception as exc:
        if case.raises is None:
            raise
        message = str(exc).strip().splitlines()
        entry["error"] = next((m for m in message if "Error" in m), message[0])[:300]
        if not re.search(case.raises, entry["error"], re.IGNORECASE):
            raise ValueError(f"{case.name}: Paddle's error does not match "
                             f"{case.raises!r}: {entry['error']}") from exc
    else:
        if case.raises is not None:
            raise ValueError(f"{case.name}: expected Paddle to raise {case.raises!r}")
        entry["fetches"] = {}
        for name, tensor in zip(names, outs):
            value, dtype = fetched_array(tensor), dtype_of(tensor)
            arrays_out[f"{case.name}/out/{name}"] = value
            entry["fetches"][name] = {"slot": slot_of[name], "dtype": dtype,
                                      "shape": list(value.shape)}
            if tensor.lod():
                entry["fetches"][name]["lod"] = [list(level) for level in tensor.lod()]
            tol = output_tolerance(case, dtype, getattr(module, "COMPUTED_IN", None))
            if tol:
                entry["fetches"][name]["tolerance"] = tol
    if not case.zero_sign:
        entry["zero_sign"] = False
    if case.note:
        entry["note"] = case.note
    return entry


# -- op facts ----------------------------------------------------------------------------------

def cpu_dtypes(op_type):
    """(PHI kernel name, dtypes of its plain CPU kernels); fluid kernels for ops without one.

    `_get_phi_kernel_name` gives the op's PHI *op* name; where no kernel is registered under
    it but one is under the op type (determinant: op `det`, kernel `determinant`;
    hard_shrink: name `hardshrink`, kernel `hard_shrink`), the kernel Paddle runs is the op
    type's."""
    registered = core._get_registered_phi_kernels("function")
    phi_name = core._get_phi_kernel_name(op_type)
    if not registered.get(phi_name) and registered.get(op_type):
        phi_name = op_type
    keys = registered.get(phi_name, [])
    dtypes = {k.strip("()").split(", ")[-1] for k in keys
              if k.startswith("(CPU, Undefined(AnyLayout)")}
    if not dtypes:  # Paddle 2.6.2 lists its fluid kernels under "all" only
        fluid = core._get_all_register_op_kernels("fluid").get(op_type)
        for key in fluid or core._get_all_register_op_kernels("all").get(op_type, []):
            if "place[Place(cpu)]" in key and "library_type[PLAIN]" in key:
                dtypes.add(CPP_TYPES[re.search(r"data_type\[([^\]]+)\]", key).group(1)])
    return phi_name, sorted(dtypes)


def op_facts(op_type):
    phi_name, dtypes = cpu_dtypes(op_type)
    return {**proto_entry(op_type), "phi_kernel": phi_name, "cpu_dtypes": dtypes}


# -- one family --------------------------------------------------------------------------------

def export_family(family, out_root, only_ops=frozenset()):
    cases = load_family(family).CASES
    out_dir = os.path.join(out_root, family)
    os.makedirs(out_dir, exist_ok=True)
    json_path = os.path.join(out_dir, "cases.json")
    npz_path = os.path.join(out_dir, "arrays.npz")
    old_entries, old_arrays = {}, {}
    if only_ops and os.path.exists(json_path):  # keep the other ops' cases as they are
        with open(json_path) as f:
            old_entries = json.load(f)["cases"]
        old_arrays = load_npz(npz_path)
    entries, arrays = {}, {}
    for case in cases:
        if case.op not in only_ops and case.name in old_entries:
            entries[case.name] = old_entries[case.name]
            arrays.update({k: v for k, v in old_arrays.items() if k.startswith(case.name + "/")})
            continue
        print(f"{family}/{case.name} ...", end=" ", flush=True)
        entries[case.name] = export_case(family, case, out_dir, arrays)
        print(entries[case.name].get("error") or "ok")
    keep = {c.name + ".pdmodel" for c in cases} | {"cases.json", "arrays.npz", "op_protos.json"}
    for stale in sorted(set(os.listdir(out_dir)) - keep):
        os.remove(os.path.join(out_dir, stale))
    save_npz(npz_path, dict(sorted(arrays.items())))
    write_json(json_path, {
        "family": family,
        "paddle_version": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", None),
        "format": "legacy ProgramDesc (FLAGS_enable_pir_api=0), save_inference_model; "
                  "op_callstack and other ops' op_version_map entries dropped; "
                  "bfloat16 arrays stored as uint16 bit patterns",
        "tolerance": "floats: max|got - ref| <= tolerance * max(1, max|ref|) over finite "
                     "elements; NaN and inf positions equal; ints and bools exact",
        "cases": entries,
    })
    ops = sorted({c.op for c in cases})
    write_json(os.path.join(out_dir, "op_protos.json"), {
        "paddle_version": paddle.__version__,
        "note": "OpProtoHolder + core.get_op_attrs_default_value / get_op_extra_attrs; "
                "phi_kernel: core._get_phi_kernel_name; cpu_dtypes: Paddle's plain CPU "
                "kernels of that PHI kernel (else of the PHI kernel named as the op type, "
                "else its fluid kernels)",
        "ops": {op: op_facts(op) for op in ops},
    })


def exports_here(family):
    """Whether the running Paddle exports `family` (a family module's `PADDLE` names the
    release that must: 2.6.2 for op types 3.3.1 no longer registers)."""
    wanted = getattr(load_family(family), "PADDLE", "3.3.1")
    if wanted != paddle.__version__:
        print(f"{family}: skipped (exported with Paddle {wanted}, this is {paddle.__version__})")
    return wanted == paddle.__version__


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--family", nargs="+", choices=family_names(),
                    help="families to export (default: all)")
    ap.add_argument("--only", nargs="+", metavar="OP",
                    help="re-export only the cases of these op types (others are kept)")
    args = ap.parse_args()
    families = [f for f in args.family or family_names() if exports_here(f)]
    if args.only:
        families = [f for f in families if {c.op for c in load_family(f).CASES} & set(args.only)]
        if not families:
            ap.error(f"no family has cases for {args.only}")
    for family in families:
        export_family(family, os.path.abspath(args.out), set(args.only or ()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
