"""Export single-op *grad* programs with real PaddlePaddle 3.3.1 and record Paddle's
gradients.

Test-time tool only (Paddle's venv, see tests/conformance/README.md):

    python tests/conformance/export_grads.py                 # all
    python tests/conformance/export_grads.py --family reduce_grad

Cases are `GradCase`s in tests/conformance/op_cases/<family>_grad.py (`GRAD_CASES`). For
each, this builds the forward op as export_ops.py does (its differentiated inputs need a
gradient), appends `paddle.static.gradients(outputs, inputs, target_gradients=cotangents)`
with the cotangents fed (a case whose op is itself a grad op, e.g. dropout_grad with a fed
Mask, is that op alone, its OpDesc written with the forward op's attributes), adds feed
and fetch ops itself (save_inference_model would prune the program and switch `is_test`
on), writes the ProgramDesc, reloads it and runs it with Paddle's executor. Output per
family, in tests/fixtures/grads/<family>/: `<case>.pdmodel`, `arrays.npz`
(`<case>/in/<feed>`, `<case>/out/<fetch>`) and `cases.json` (per case: the program's op
types, feeds, fetches). Cotangents get the dims a run of the forward gives its outputs (the
static dims may be unknown, a shape read from a tensor, or wrong). A family's `FORWARD_FETCHES`
(op -> output slots) fetches those forward outputs too: the forward of a grad program runs
in training mode (dropout's Out and Mask); their LoD is recorded (lstm's BatchGate; [] for
none). A family's `COTANGENT_DTYPE_OF` (op -> input
slot) types the op's cotangents as that input, for an op whose InferShape leaves its
outputs' dtypes unset (export_ops.py declares them float32: data_norm). A family's
`UPDATED_IN_PLACE` (op -> input slots) names inputs the op's grad op updates in place
instead of writing a gradient (pyramid_hash_grad's SGD step on W): those are fetched after
the run in place of the `wrt` gradients (a `wrt` slot then only makes Paddle append the grad
op: its gradient is left unwritten). A tensor array input (`ArrayIn`, put into its variable
before the run as export_ops.py does) differentiated gets a tensor array gradient: its items
are read back by read_from_array ops appended after the grad ops and fetched as
`<slot>@GRAD@<i>` (neither Paddle nor fluidphi fetch a tensor array). Reruns give identical
bytes. A family module's `PADDLE` names the Paddle release that exports it, as for
export_ops.py.
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import sys

import numpy as np
import paddle
from export_common import save_npz, write_json
from export_ops import (
    _as_paddle_tensor,
    build,
    dtype_of,
    exports_here,
    fed_tensor,
    fetched_array,
    lod_of,
    op_attrs,
    run_saved,
    save_with_feed_fetch,
)
from op_cases import grad_family_names, load_family
from op_cases.spec import In, array_specs, feed_specs, materialize, tolerance
from paddle.base import core, unique_name
from paddle.base.data_feeder import convert_dtype
from paddle.base.framework import OpProtoHolder

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(HERE), "fixtures", "grads")


def _dtype_name(vartype):
    """A variable's dtype as the case specs name it (Paddle's convert_dtype says 'uint16'
    for bfloat16)."""
    return "bfloat16" if vartype == core.VarDesc.VarType.BF16 else convert_dtype(vartype)


def _run_dims(arrays, lods, variables, tensor_arrays):
    """The dims the forward op gives `variables` on the case's inputs (fed with their LoD
    `lods`; the items of a tensor array put into its variable, `tensor_arrays` as
    run_saved takes it; for outputs whose static dims are unknown or wrong)."""
    program = paddle.static.default_main_program().clone()
    items = {n for names in tensor_arrays.values() for n in names}
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        for var_name, names in tensor_arrays.items():
            program.global_block().var(var_name).persistable = True
            array = scope.var(var_name).get_dense_tensor_array()
            for name in names:
                array.append(_as_paddle_tensor(fed_tensor(arrays[name], lods.get(name))))
        exe = paddle.static.Executor(paddle.CPUPlace())
        values = exe.run(program, feed={n: fed_tensor(a, lods.get(n)) for n, a in arrays.items()
                                        if n not in items},
                         fetch_list=[v.name for v in variables], return_numpy=False)
    return [tuple(np.array(v).shape) for v in values]


def _read_items(slot, grad, count):
    """(label, variable) pairs reading the `count` items of a tensor array gradient (Paddle
    and fluidphi fetch tensors: read_from_array ops after the grad ops), labelled
    `<slot>@GRAD@<i>`."""
    return [(f"{slot}@GRAD@{i}",
             paddle.tensor.array_read(grad, paddle.full([1], i, "int64")))
            for i in range(count)]


def _seed_and_differentiate(family, gcase, arrays, lods, cot_arrays, cot_vars,
                            forward_fetches, cotangent_dtype_of, updated_in_place=(),
                            tensor_arrays=None):
    """The `then` of export_ops.build: cotangent feeds for the seeded outputs, the grad ops
    for the `wrt` inputs; returns (label, variable) pairs to fetch: the gradients (or, for
    a grad op that updates inputs in place, the input slots `updated_in_place` as they are
    after the run), then the forward's output slots `forward_fetches`."""
    def then(feeds, fetch):
        seeded = [(slot, var) for slot, var in fetch if gcase.of is None or slot in gcase.of]
        # the dims a run gives: static dims may be unknown (-1) or, for Paddle, wrong (the
        # v1 expand's Out takes expand_times as its dims)
        dims = _run_dims(arrays, lods, [var for _, var in seeded], tensor_arrays or {})
        counts = {}
        for slot, _ in seeded:
            counts[slot] = counts.get(slot, 0) + 1
        seen = {}
        for (slot, var), shape in zip(seeded, dims):
            index = seen[slot] = seen.get(slot, -1) + 1
            name = f"cot_{slot.lower()}" + (str(index) if counts[slot] > 1 else "")
            dtype = _dtype_name(var.dtype)
            if gcase.op in cotangent_dtype_of:  # the op's outputs are float32 placeholders
                dtype = _dtype_name(feeds[cotangent_dtype_of[gcase.op]][0].dtype)
            cot_arrays[name] = materialize(In(shape, dtype, -1.0, 1.0), family,
                                           gcase.name, name)
            static = tuple(var.shape)
            if shape != static and (all(d >= 0 for d in static) or len(static) != len(shape)):
                var.desc.set_shape(list(shape))  # wrong static dims (or rank): what runs
                static = shape
            cot = paddle.static.data(name, list(static), dtype)
            if shape != static:  # static dims unknown
                cot.desc.set_need_check_feed(False)
            cot_vars.append(cot)
        wrt = [(slot, v) for slot in gcase.wrt for v in feeds[slot]]
        grads = paddle.static.gradients([v for _, v in seeded], [v for _, v in wrt],
                                        target_gradients=cot_vars)
        missing = [v.name for (_, v), g in zip(wrt, grads) if g is None]
        if missing:
            raise ValueError(f"{gcase.name}: Paddle gives no gradient for {missing}")
        block = paddle.static.default_main_program().global_block()
        forward = next(op for op in block.ops if op.type == gcase.op)
        outputs = [(slot, block.var(name)) for slot in forward_fetches
                   for name in forward.output(slot)]
        if updated_in_place:
            return [(slot, v) for slot in updated_in_place for v in feeds[slot]] + outputs
        arrays_of = {slot: len(spec.items) for _, (slot, spec) in
                     array_specs(gcase.forward).items()}
        return [pair for (slot, _), g in zip(wrt, grads)
                for pair in (_read_items(slot, g, arrays_of[slot]) if slot in arrays_of
                             else [(f"{slot}@GRAD", g)])] + outputs
    return then


#: OpDesc setters per proto attribute type (framework.proto AttrType).
_SETTERS = {0: "_set_int32_attr", 1: "_set_float32_attr", 2: "_set_str_attr",
            3: "_set_int32s_attr", 4: "_set_float32s_attr", 5: "_set_strs_attr",
            6: "_set_bool_attr", 7: "_set_bools_attr", 9: "_set_int64_attr",
            11: "_set_int64s_attr", 15: "_set_float64_attr"}
_PY_SETTERS = {bool: "_set_bool_attr", int: "_set_int32_attr", float: "_set_float32_attr",
               str: "_set_str_attr"}


def _grad_attrs(desc, grad_op, attrs):
    """The forward op's attributes (its proto's defaults, then `attrs`) on a grad OpDesc,
    typed as the forward proto types them (Paddle's backward pass copies them so)."""
    forward = grad_op[: -len("_grad")]
    types = {a.name: a.type for a in OpProtoHolder.instance().get_op_proto(forward).attrs
             if not a.extra}
    defaults = core.get_op_attrs_default_value(forward.encode())
    values = {**{n: defaults[n] for n in types if n in defaults}, **attrs}
    for name, value in values.items():
        setter = _SETTERS[types[name]] if name in types else _PY_SETTERS[type(value)]
        getattr(desc, setter)(name, value)


def build_grad_op(case, arrays, wrt):
    """A grad op on its own, every input fed (dropout_grad with a given Mask): its OpDesc
    written directly (grad ops have no proto for LayerHelper) with the forward op's
    attributes, one output `<slot>@GRAD` per slot of `wrt`, shaped and typed like the first
    `*@GRAD` input; (program, feed vars, (label, fetch var) pairs)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds = {}
        for name, slot, spec in feed_specs(case):
            feeds.setdefault(slot, []).append(
                paddle.static.data(name, list(arrays[name].shape), spec.dtype))
        like = next(vs[0] for slot, vs in feeds.items() if slot.endswith("@GRAD"))
        block = main.global_block()
        grads = {f"{slot}@GRAD": block.create_var(name=f"{slot.lower()}@GRAD", shape=like.shape,
                                                  dtype=like.dtype) for slot in wrt}
        desc = block.desc.append_op()
        desc.set_type(case.op)
        for slot, vs in feeds.items():
            desc.set_input(slot, [v.name for v in vs])
        for slot, var in grads.items():
            desc.set_output(slot, [var.name])
        _grad_attrs(desc, case.op, dict(case.attrs))
        main._sync_with_cpp()
    return main, [v for vs in feeds.values() for v in vs], list(grads.items())


def _feed_dtype(main, name, array):
    """A feed's dtype name: the array's, 'bfloat16' for the uint16 bits of a bfloat16 feed."""
    block = main.global_block()
    if array.dtype == np.uint16 and block.has_var(name):
        return _dtype_name(block.var(name).dtype)
    return str(array.dtype)


def export_case(family, gcase, out_dir, arrays_out):
    case = gcase.forward
    forward_fetches = getattr(load_family(family), "FORWARD_FETCHES", {})
    arrays = {name: materialize(spec, family, case.name, name)
              for name, _slot, spec in feed_specs(case)}
    lods = {name: lod_of(spec) for name, _slot, spec in feed_specs(case) if lod_of(spec)}
    tensor_arrays = {var: [n for n, slot_, _ in feed_specs(case) if slot_ == slot]
                     for var, (slot, _spec) in array_specs(case).items()}
    array_of = {n: var for var, names in tensor_arrays.items() for n in names}
    cot_arrays, cot_vars = {}, []
    out_counts = getattr(load_family(family), "OUTPUT_COUNTS", {}).get(case.op, {})
    if case.op.endswith("_grad"):
        main, feed_vars, fetch = build_grad_op(case, arrays, gcase.wrt)
    else:
        main, feed_vars, fetch = build(
            case, arrays, out_counts, differentiate=gcase.wrt,
            then=_seed_and_differentiate(
                family, gcase, arrays, lods, cot_arrays, cot_vars,
                forward_fetches.get(case.op, ()),
                getattr(load_family(family), "COTANGENT_DTYPE_OF", {}),
                getattr(load_family(family), "UPDATED_IN_PLACE", {}).get(case.op, ()),
                tensor_arrays))
    arrays.update(cot_arrays)
    feed_names = [*array_of, *(v.name for v in [*feed_vars, *cot_vars])]
    prefix = os.path.join(out_dir, case.name)
    save_with_feed_fetch(main, prefix + ".pdmodel", [n for n in feed_names if n not in array_of],
                         [g.name for _, g in fetch])
    names, outs = run_saved(prefix, arrays, lods, tensor_arrays)
    label = {g.name: lbl for lbl, g in fetch}
    entry = {
        "op": case.op,
        "digest": gcase.digest(),
        "program": [op.type for op in main.global_block().ops
                    if op.type not in ("feed", "fetch")],
        "attrs": op_attrs(main, case.op),
        "feeds": {n: {"dtype": _feed_dtype(main, n, arrays[n]), "shape": list(arrays[n].shape),
                      **({"lod": lods[n]} if n in lods else {}),
                      **({"array": array_of[n]} if n in array_of else {})} for n in feed_names},
        "fetches": {},
    }
    for name in feed_names:
        arrays_out[f"{case.name}/in/{name}"] = arrays[name]
    for name, tensor in zip(names, outs):
        value, dtype = fetched_array(tensor), dtype_of(tensor)
        arrays_out[f"{case.name}/out/{name}"] = value
        entry["fetches"][name] = {"of": label[name], "dtype": dtype, "shape": list(value.shape)}
        if tolerance(dtype, gcase.tol):
            entry["fetches"][name]["tolerance"] = tolerance(dtype, gcase.tol)
        if label[name] in forward_fetches.get(case.op, ()):  # [] too: it has none
            entry["fetches"][name]["lod"] = [list(level) for level in tensor.lod()]
    if gcase.note:
        entry["note"] = gcase.note
    return entry


def export_family(family, out_root):
    cases = load_family(family).GRAD_CASES
    out_dir = os.path.join(out_root, family)
    os.makedirs(out_dir, exist_ok=True)
    entries, arrays = {}, {}
    for gcase in cases:
        print(f"{family}/{gcase.name} ...", end=" ", flush=True)
        entries[gcase.name] = export_case(family, gcase, out_dir, arrays)
        print(" ".join(entries[gcase.name]["program"]))
    keep = {c.name + ".pdmodel" for c in cases} | {"cases.json", "arrays.npz"}
    for stale in sorted(set(os.listdir(out_dir)) - keep):
        os.remove(os.path.join(out_dir, stale))
    save_npz(os.path.join(out_dir, "arrays.npz"), dict(sorted(arrays.items())))
    write_json(os.path.join(out_dir, "cases.json"), {
        "family": family,
        "paddle_version": paddle.__version__,
        "format": "legacy ProgramDesc (FLAGS_enable_pir_api=0): forward op + the grad ops of "
                  "paddle.static.gradients, feed/fetch ops added by export_grads.py; "
                  "op_callstack dropped",
        "tolerance": "floats: max|got - ref| <= tolerance * max(1, max|ref|) over finite "
                     "elements; NaN and inf positions equal",
        "cases": entries,
    })


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--family", nargs="+", choices=grad_family_names(),
                    help="grad families to export (default: all)")
    args = ap.parse_args()
    for family in [f for f in args.family or grad_family_names() if exports_here(f)]:
        export_family(family, os.path.abspath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
