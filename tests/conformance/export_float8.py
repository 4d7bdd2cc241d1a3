"""Export legacy programs that compute on float8 tensors with real PaddlePaddle 3.3.1 and
record Paddle's outputs (a test-time tool, Paddle's venv; see tests/conformance/README.md):

    python tests/conformance/export_float8.py

Paddle 3.3.1 can neither feed nor fetch a float8 tensor (check_dtype_reach.py records it),
so the single-op programs of export_ops.py cannot hold one: here each program is fed
float32 (or int64) tensors, makes float8 ones with `cast`, runs the ops Paddle registers
float8 CPU kernels for on them and casts the results back for the fetch. Per float8 type
(e4m3fn, e5m2):

- `cast_<type>`: float32, float64, float16, int64 and bool inputs to float8 (NaN,
  infinities, the saturation thresholds, subnormals, ties and random values), and the
  float8 tensor from float32 back to float32, float64, float16, int32, int64, uint8 and
  bool;
- `ops_<type>`: concat of two float8 tensors, reshape2, assign, fill_any (a value beyond
  the largest finite one; 3.3 into an `empty` tensor), transfer_layout (NCHW to NHWC),
  view_shape, view_slice, check_numerics (stats and values of a tensor cast from one with
  a NaN), the grad ops concat_grad and reshape2_grad on float8 cotangents, fill_constant
  (a value beyond the largest finite one, and 0.3) and transpose / transpose2 (Paddle 3.3.1
  runs them on float8 too).

Output in tests/fixtures/float8/: `<program>.pdmodel`, `arrays.npz` (`<program>/in/<feed>`,
`<program>/out/<fetch>`) and `programs.json` (op types, feeds, fetches with their dtypes).
Reruns give identical bytes.
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np
import paddle
from export_common import save_npz, write_json  # this folder: the script runs as a file
from export_ops import dtype_of, run_saved, save_with_feed_fetch
from paddle.base import core, unique_name

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "fixtures", "float8")
VT = core.VarDesc.VarType
TYPES = {"e4m3fn": VT.FP8_E4M3FN, "e5m2": VT.FP8_E5M2}
#: per float8 type: values around where Paddle's conversion rounds, overflows, saturates
EDGES = {"e4m3fn": [448.0, 449.0, 464.0, 464.25, 472.0, 479.99, 480.0, 481.0, 1e6,
                    2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -10, 2.0 ** -7 * 1.0625, 0.3],
         "e5m2": [57344.0, 57345.0, 61439.0, 61440.0, 65535.0, 65536.0, 1e6,
                  2.0 ** -16, 2.0 ** -17, 3 * 2.0 ** -17, 2.0 ** -14 * 1.125, 0.3]}
NUMPY = {VT.FP32: "float32", VT.FP64: "float64", VT.FP16: "float16", VT.INT64: "int64",
         VT.BOOL: "bool"}


def _values(kind):
    rng = np.random.default_rng(7 if kind == "e4m3fn" else 11)
    edges = np.array(EDGES[kind])
    special = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0]
    scale = 100.0 if kind == "e4m3fn" else 10000.0
    return np.concatenate([special, edges, -edges, rng.standard_normal(40) * scale,
                           rng.standard_normal(20) * 1e-2])


def _cast(block, x, src, dst, name):
    y = block.create_var(name=name, dtype=dst, shape=x.shape)
    block.append_op(type="cast", inputs={"X": [x]}, outputs={"Out": [y]},
                    attrs={"in_dtype": int(src), "out_dtype": int(dst)})
    return y


def _op(block, op_type, inputs, outputs, attrs=None):
    """Append `op_type`; outputs: slot -> [(name, dtype, shape)]; returns slot -> vars. A
    grad op (no proto in Paddle's OpProtoHolder) is written as an OpDesc."""
    made = {slot: [block.create_var(name=n, dtype=d, shape=s) for n, d, s in specs]
            for slot, specs in outputs.items()}
    if not op_type.endswith("_grad"):
        block.append_op(type=op_type, inputs=inputs, outputs=made, attrs=attrs or {})
        return made
    desc = block.desc.append_op()
    desc.set_type(op_type)
    for slot, variables in inputs.items():
        desc.set_input(slot, [v.name for v in variables])
    for slot, variables in made.items():
        desc.set_output(slot, [v.name for v in variables])
    for name, value in (attrs or {}).items():
        desc._set_attr(name, value)
    block._sync_with_cpp()
    return made


def cast_program(kind):
    f8 = TYPES[kind]
    values = _values(kind)
    with np.errstate(invalid="ignore", over="ignore"):
        feeds = {"x32": values.astype("float32"), "x64": values.astype("float64"),
                 "x16": values.astype("float16"),
                 "i64": np.nan_to_num(values, nan=3.0, posinf=7e5, neginf=-7e5)
                 .astype("int64"),
                 "b": values > 0}
    src_types = {"x32": VT.FP32, "x64": VT.FP64, "x16": VT.FP16, "i64": VT.INT64,
                 "b": VT.BOOL}

    def build(block):
        fetch = []
        for name, vt in src_types.items():
            x = paddle.static.data(name, [len(values)], NUMPY[vt])
            f = _cast(block, x, vt, f8, f"{name}_{kind}")
            fetch.append(_cast(block, f, f8, VT.FP32, f"{name}_{kind}_back"))
            if name == "x32":
                for dst, tag in ((VT.FP64, "f64"), (VT.FP16, "f16"), (VT.INT32, "i32"),
                                 (VT.INT64, "i64"), (VT.UINT8, "u8"), (VT.BOOL, "b")):
                    fetch.append(_cast(block, f, f8, dst, f"{name}_{kind}_{tag}"))
        return fetch
    return build, feeds


def ops_program(kind):
    f8 = TYPES[kind]
    rng = np.random.default_rng(3)
    scale = 100.0 if kind == "e4m3fn" else 10000.0
    feeds = {"x": (rng.standard_normal((2, 3)) * scale).astype("float32"),
             "y": (rng.standard_normal((2, 5)) * scale).astype("float32"),
             "cot": (rng.standard_normal((2, 8)) * scale).astype("float32")}
    feeds["x"][0, 0] = np.nan

    def build(block):
        x = _cast(block, paddle.static.data("x", [2, 3], "float32"), VT.FP32, f8, "x8")
        y = _cast(block, paddle.static.data("y", [2, 5], "float32"), VT.FP32, f8, "y8")
        cot = _cast(block, paddle.static.data("cot", [2, 8], "float32"), VT.FP32, f8,
                    "cot8")
        cat = _op(block, "concat", {"X": [x, y]}, {"Out": [("cat", f8, [2, 8])]},
                  {"axis": 1})["Out"][0]
        r = _op(block, "reshape2", {"X": [cat]},
                {"Out": [("r", f8, [4, 4])], "XShape": [("r_xshape", f8, [0, 2, 8])]},
                {"shape": [4, 4]})
        a = _op(block, "assign", {"X": [r["Out"][0]]}, {"Out": [("a", f8, [4, 4])]})
        filled = _op(block, "fill_any", {"X": [a["Out"][0]]},
                     {"Out": [("filled", f8, [4, 4])]}, {"value": 1e6})
        r4 = _op(block, "reshape2", {"X": [cat]},
                 {"Out": [("r4", f8, [1, 2, 2, 4])], "XShape": [("r4_xshape", f8, [0, 2, 8])]},
                 {"shape": [1, 2, 2, 4]})["Out"][0]
        moved = _op(block, "transfer_layout", {"X": [r4]},
                    {"Out": [("moved", f8, [1, 2, 4, 2])]}, {"src_layout": 2, "dst_layout": 1})
        viewed = _op(block, "view_shape", {"input": [cat]}, {"out": [("viewed", f8, [2, 8])]},
                     {"dims": [16]})["out"][0]
        sliced = _op(block, "view_slice", {"input": [cat]}, {"out": [("sliced", f8, [1, 8])]},
                     {"begin_idx": 1, "end_idx": 2})["out"][0]
        blank = _op(block, "empty", {}, {"Out": [("blank", f8, [2, 2])]},
                    {"shape": [2, 2], "dtype": int(f8)})["Out"][0]
        refilled = _op(block, "fill_any", {"X": [blank]}, {"Out": [("refilled", f8, [2, 2])]},
                       {"value": 3.3})["Out"][0]
        checked = _op(block, "check_numerics", {"tensor": [x]},
                      {"stats": [("stats", VT.INT64, [3])],
                       "values": [("values", VT.FP32, [3])]},
                      {"op_type": "fp8_check", "var_name": "x8",
                       "check_nan_inf_level": 3, "stack_height_limit": -1,
                       "output_dir": ""})
        grads = _op(block, "concat_grad", {"X": [x, y], "Out@GRAD": [cot]},
                    {"X@GRAD": [("x8@GRAD", f8, [2, 3]), ("y8@GRAD", f8, [2, 5])]},
                    {"axis": 1})
        rgrad = _op(block, "reshape2_grad",
                    {"XShape": r["XShape"], "Out@GRAD": [a["Out"][0]]},
                    {"X@GRAD": [("cat@GRAD", f8, [2, 8])]}, {"shape": [4, 4]})
        consts = [_op(block, "fill_constant", {}, {"Out": [(name, f8, [2, 3])]},
                      {"shape": [2, 3], "dtype": int(f8), "value": value})["Out"][0]
                  for name, value in (("const_big", 1e6), ("const", 0.3))]
        flipped = _op(block, "transpose2", {"X": [cat]},
                      {"Out": [("flipped", f8, [8, 2])],
                       "XShape": [("flipped_xshape", f8, [0, 2, 8])]}, {"axis": [1, 0]})
        turned = _op(block, "transpose", {"X": [r4]}, {"Out": [("turned", f8, [4, 2, 2, 1])]},
                     {"axis": [3, 2, 1, 0]})
        back = [_cast(block, v, f8, VT.FP32, f"{v.name}_back".replace("@", "_"))
                for v in (cat, r["Out"][0], a["Out"][0], filled["Out"][0], moved["Out"][0],
                          viewed, sliced, refilled, *grads["X@GRAD"], rgrad["X@GRAD"][0],
                          *consts, flipped["Out"][0], turned["Out"][0])]
        return [*back, *checked["stats"], *checked["values"]]
    return build, feeds


def export(name, make, arrays, doc):
    build, feeds = make
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), unique_name.guard():
        fetch = build(main.global_block())
    prefix = os.path.join(OUT, name)
    feed_names = list(feeds)
    save_with_feed_fetch(main, prefix + ".pdmodel", feed_names, [v.name for v in fetch])
    with open(prefix + ".pdiparams", "wb"):
        pass  # no persistable variables: load_inference_model wants the file
    names, outs = run_saved(prefix, feeds)
    os.remove(prefix + ".pdiparams")
    for feed, value in feeds.items():
        arrays[f"{name}/in/{feed}"] = value
    fetches = {}
    for fetch_name, tensor in zip(names, outs):
        arrays[f"{name}/out/{fetch_name}"] = np.array(tensor)
        fetches[fetch_name] = dtype_of(tensor)
    doc[name] = {"ops": [op.type for op in main.global_block().ops],
                 "feeds": {k: str(v.dtype) for k, v in feeds.items()}, "fetches": fetches}
    print(f"exported {name}: {len(fetches)} fetches")


def main():
    os.makedirs(OUT, exist_ok=True)
    arrays, doc = {}, {}
    for kind in TYPES:
        export(f"cast_{kind}", cast_program(kind), arrays, doc)
        export(f"ops_{kind}", ops_program(kind), arrays, doc)
    save_npz(os.path.join(OUT, "arrays.npz"), arrays)
    write_json(os.path.join(OUT, "programs.json"),
               {"paddle_version": paddle.__version__,
                "command": "python tests/conformance/export_float8.py", "programs": doc})


if __name__ == "__main__":
    main()
