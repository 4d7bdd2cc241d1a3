"""Write the small real-Paddle files under tests/io/data/ (a test-time tool).

Needs a separate venv with paddlepaddle (see tests/conformance/README.md):

    python tests/io/make_paddle_fixtures.py

Writes:

* all_attrs.pdmodel: a ProgramDesc built with Paddle's own desc API holding
  one attribute of every AttrType, var attributes, every optional VarDesc
  flag, sub-blocks, and a SELECTED_ROWS / LOD_TENSOR_ARRAY var; serialized
  by Paddle's C++ writer. all_attrs.json lists what each attribute holds.
* control_flow/model.pdmodel + model.pdiparams: a static-graph model with a
  while loop (a sub-block, named by a BLOCK attribute), saved by
  paddle.static.save_inference_model.
* old_layout/: the same program as `__model__` plus one file per parameter
  (paddle.static.save_vars without a filename), and old_combined/: `__model__`
  plus a combined `__params__` file.
* lod_tensor.bin: one tensor record (int32 [6, 2] = arange(12), LoD
  [[0, 2, 3], [0, 1, 4, 6]]) as Paddle's C++ serializer writes it.
* unsigned_float8/model.pdmodel + model.pdiparams: persistable vars of the element
  types Paddle 3.3.1's Python side cannot make from NumPy (uint16, uint32, uint64,
  float8_e4m3fn, float8_e5m2; `UNSIGNED_FLOAT8` holds their values). tensor.set()
  refuses uint32 / uint64 arrays and takes a uint16 array as bfloat16, so the records
  are written from the layout spec, loaded by Paddle's load_combine op and written
  again by its save_combine op (Paddle writes the same bytes back).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"

import json
import shutil
import struct
import tempfile

import numpy as np
import paddle
from paddle.base import core

paddle.enable_static()

from unsigned_float8_values import UNSIGNED_FLOAT8  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data")


def all_attrs():
    prog = core.ProgramDesc()
    g = prog.block(0)
    sub1 = prog.append_block(g)
    sub2 = prog.append_block(g)

    x = g.var(b"x")
    x.set_type(core.VarDesc.VarType.LOD_TENSOR)
    x.set_dtype(core.VarDesc.VarType.FP32)
    x.set_shape([-1, 3])
    x.set_lod_level(0)
    x.set_need_check_feed(True)
    x.set_stop_gradient(True)
    w = g.var(b"w")
    w.set_type(core.VarDesc.VarType.LOD_TENSOR)
    w.set_dtype(core.VarDesc.VarType.BF16)
    w.set_shape([3, 4])
    w.set_persistable(True)
    w.set_is_parameter(True)
    w._set_attr("tag", "weights")
    w._set_attr("level", 2)
    w._set_attr("ids", [1, 2, 3])
    sr = g.var(b"rows")
    sr.set_type(core.VarDesc.VarType.SELECTED_ROWS)
    sr.set_dtype(core.VarDesc.VarType.FP16)
    sr.set_shape([10, 2])
    arr = g.var(b"arr")
    arr.set_type(core.VarDesc.VarType.LOD_TENSOR_ARRAY)
    arr.set_dtype(core.VarDesc.VarType.INT64)
    arr.set_shape([2])
    arr.set_lod_level(1)
    feed = g.var(b"feed")
    feed.set_type(core.VarDesc.VarType.FEED_MINIBATCH)
    feed.set_persistable(True)
    y = sub1.var(b"y")
    y.set_type(core.VarDesc.VarType.LOD_TENSOR)
    y.set_dtype(core.VarDesc.VarType.INT8)
    y.set_shape([])

    f = g.append_op()
    f.set_type("feed")
    f.set_input("X", ["feed"])
    f.set_output("Out", ["x"])
    f._set_int32_attr("col", 0)

    op = g.append_op()
    op.set_type("fluidphi_every_attr")
    op.set_input("X", ["x", "w"])
    op.set_input("Empty", [])
    op.set_output("Out", ["arr"])
    op._set_int32_attr("a_int", -7)
    op._set_float32_attr("a_float", 0.1)
    op._set_str_attr("a_string", "héllo")
    op._set_int32s_attr("a_ints", [1, -2, 2147483647])
    op._set_float32s_attr("a_floats", [1.5, -0.25, 3.4e38])
    op._set_strs_attr("a_strings", ["a", "", "c"])
    op._set_bool_attr("a_boolean", True)
    op._set_bools_attr("a_booleans", [True, False, True])
    op.set_block_attr("a_block", sub1)
    op._set_int64_attr("a_long", -(2**40))
    op.set_blocks_attr("a_blocks", [sub1, sub2])
    op._set_int64s_attr("a_longs", [2**40, -1, 0])
    op._set_float64s_attr("a_float64s", [0.1, -1e300])
    op.set_var_attr("a_var", x)
    op.set_vars_attr("a_vars", [x, w])
    op._set_float64_attr("a_float64", 0.1)
    op._set_scalar_attr("a_scalar", 2.5)
    op._set_scalars_attr("a_scalars", [True, 3, 0.5, complex(1, -2)])
    op._set_bool_attr("is_false", False)
    op._set_int32s_attr("empty_ints", [])

    inner = sub1.append_op()
    inner.set_type("scale")
    inner.set_input("X", ["x"])
    inner.set_output("Out", ["y"])
    inner._set_float32_attr("scale", 2.0)

    data = prog.serialize_to_string()
    with open(os.path.join(OUT, "all_attrs.pdmodel"), "wb") as fh:
        fh.write(data)
    expected = {
        "a_int": ["INT", -7], "a_float": ["FLOAT", float(np.float32(0.1))],
        "a_string": ["STRING", "héllo"], "a_ints": ["INTS", [1, -2, 2147483647]],
        "a_floats": ["FLOATS", [1.5, -0.25, float(np.float32(3.4e38))]],
        "a_strings": ["STRINGS", ["a", "", "c"]], "a_boolean": ["BOOLEAN", True],
        "a_booleans": ["BOOLEANS", [True, False, True]], "a_block": ["BLOCK", 1],
        "a_long": ["LONG", -(2**40)], "a_blocks": ["BLOCKS", [1, 2]],
        "a_longs": ["LONGS", [2**40, -1, 0]], "a_float64s": ["FLOAT64S", [0.1, -1e300]],
        "a_var": ["VAR", "x"], "a_vars": ["VARS", ["x", "w"]], "a_float64": ["FLOAT64", 0.1],
        "a_scalar": ["SCALAR", 2.5],
        "a_scalars": ["SCALARS", [True, 3, 0.5, [1.0, -2.0]]],
        "is_false": ["BOOLEAN", False], "empty_ints": ["INTS", []],
    }
    with open(os.path.join(OUT, "all_attrs.json"), "w") as fh:
        json.dump(expected, fh, indent=1, ensure_ascii=False)


def legacy(op_type, x, **attrs):
    """Append a one-input legacy op (some 2.x-style APIs fail with PIR off)."""
    block = paddle.static.default_main_program().current_block()
    out = block.create_var(name=paddle.utils.unique_name.generate(op_type), dtype=x.dtype)
    block.append_op(type=op_type, inputs={"X": [x]}, outputs={"Out": [out]}, attrs=attrs)
    return out


def control_flow_program():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, 4], "float32")
        lin = paddle.nn.Linear(4, 4)
        i = paddle.full([1], 0, "int64")
        n = paddle.full([1], 3, "int64")

        def cond(i, h):
            return i < n

        def body(i, h):
            return [i + 1, legacy("tanh", lin(h))]

        _, h = paddle.static.nn.while_loop(cond, body, [i, x])
        out = legacy("scale", h, scale=2.0, bias=0.5)
    exe = paddle.static.Executor(paddle.CPUPlace())
    paddle.seed(7)
    exe.run(startup)
    return main, exe, x, out


def control_flow():
    main, exe, x, out = control_flow_program()
    d = os.path.join(OUT, "control_flow")
    os.makedirs(d, exist_ok=True)
    paddle.static.save_inference_model(os.path.join(d, "model"), [x], [out], exe, program=main)

    inference = paddle.static.load_inference_model(os.path.join(d, "model"), exe)[0]
    params = [v for v in inference.list_vars() if paddle.static.io.is_persistable(v)]
    for name, filename in (("old_layout", None), ("old_combined", "__params__")):
        od = os.path.join(OUT, name)
        os.makedirs(od, exist_ok=True)
        shutil.copyfile(os.path.join(d, "model.pdmodel"), os.path.join(od, "__model__"))
        paddle.static.save_vars(exe, od, inference, vars=params, filename=filename)


def lod_tensor():
    t = core.DenseTensor()
    t.set(np.arange(12, dtype="int32").reshape(6, 2), paddle.CPUPlace())
    t.set_lod([[0, 2, 3], [0, 1, 4, 6]])
    data = core.save_dense_tensor_to_memory(t)
    with open(os.path.join(OUT, "lod_tensor.bin"), "wb") as fh:
        fh.write(data)


def _record(var_type, raw: np.ndarray) -> bytes:
    """One tensor record, laid out as legacy_fluid/io/params_io.py documents it."""
    desc = paddle.base.proto.framework_pb2.VarType.TensorDesc()
    desc.data_type = int(var_type)
    desc.dims.extend(raw.shape)
    d = desc.SerializeToString()
    return struct.pack("<IQIi", 0, 0, 0, len(d)) + d + raw.tobytes()


def unsigned_float8():
    d = os.path.join(OUT, "unsigned_float8")
    os.makedirs(d, exist_ok=True)
    names = sorted(UNSIGNED_FLOAT8)  # the order a params file holds them in
    types = {name: getattr(core.VarDesc.VarType, UNSIGNED_FLOAT8[name][0]) for name in names}
    raws = {name: np.array(UNSIGNED_FLOAT8[name][2], dtype=UNSIGNED_FLOAT8[name][1])
            for name in names}
    declared = paddle.static.Program()
    for name in names:
        declared.global_block().create_var(name=name, dtype=types[name],
                                           shape=list(raws[name].shape), persistable=True)
    with open(os.path.join(d, "model.pdmodel"), "wb") as fh:
        fh.write(declared.desc.serialize_to_string())
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "spec.pdiparams")
        with open(source, "wb") as fh:
            fh.write(b"".join(_record(types[n], raws[n]) for n in names))
        main = paddle.static.Program()
        block = main.global_block()
        out = [block.create_var(name=n, dtype=types[n], shape=list(raws[n].shape),
                                persistable=True) for n in names]
        block.append_op(type="load_combine", outputs={"Out": out},
                        attrs={"file_path": source})
        raw = block.create_var(name="saved", type=core.VarDesc.VarType.RAW)
        block.append_op(type="save_combine", inputs={"X": out}, outputs={"Y": [raw]},
                        attrs={"file_path": os.path.join(d, "model.pdiparams")})
        paddle.static.Executor(paddle.CPUPlace()).run(main)


def main():
    os.makedirs(OUT, exist_ok=True)
    all_attrs()
    control_flow()
    lod_tensor()
    unsigned_float8()


if __name__ == "__main__":
    main()
