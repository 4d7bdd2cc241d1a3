"""Record which legacy CPU programs Paddle 3.3.1 runs on uint16 / uint32 / uint64 and
float8 tensors (a test-time tool, Paddle's venv; see tests/conformance/README.md):

    python tests/conformance/check_dtype_reach.py

Per element type (fluid VarType UINT16 = 36, UINT32 = 37, UINT64 = 38, FP8_E4M3FN = 32,
FP8_E5M2 = 33) it tries, each in a fresh legacy program on the CPU executor:

- `feed`: feeding a NumPy array of that type (float8: NumPy has none, so uint8 bytes)
  into a `data` variable of that type;
- `cast_to`: a `cast` op from a fed float32 tensor to it, then back to float32 (fetched);
- `fill_constant`, `empty`, `assign_value`: producing one (then a cast to float32);
- `load_combine`: loading one from a params record written from the layout spec, then
  `fetch` it directly, or run `transpose2`, `fill_any`, `size` or `cast` (to int64, or
  float32 for float8) on it and fetch that.

Each outcome is "ok" or Paddle's error line. Written to tests/fixtures/dtype_reach.json,
which tests/conformance/test_dtype_reach.py checks against the declared dtype gaps (the
CI has no Paddle). Recorded outcome: no op runs on an unsigned tensor (cast to one fails
with "Invalid enum data type", every op on a loaded one finds no kernel, uint32 / uint64
arrays are refused by tensor.set() and a uint16 array is taken as bfloat16); float8
tensors come from cast, fill_constant, empty and load_combine, transpose2 and fill_any run
on them and cast takes them back, but they cannot be fed or fetched.
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import json
import struct
import tempfile

import numpy as np
import paddle
from paddle.base import core
from paddle.base.proto import framework_pb2

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "fixtures", "dtype_reach.json")
VT = core.VarDesc.VarType
#: element type -> the NumPy type of its stored bits
TYPES = {"UINT16": "<u2", "UINT32": "<u4", "UINT64": "<u8", "FP8_E4M3FN": "u1",
         "FP8_E5M2": "u1"}
SHAPE = [2, 3]


def _error_line(exc):
    lines = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    line = next((m for m in lines if "Error" in m or "error" in m), lines[0] if lines else "")
    line = line.split(" (at ")[0]  # Paddle's source location
    return f"{type(exc).__name__}: {line[:200]}"


def _run(build, feed=None):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        fetch = build(main.global_block())
    exe = paddle.static.Executor(paddle.CPUPlace())
    try:
        exe.run(startup)
        exe.run(main, feed=feed or {}, fetch_list=fetch)
    except Exception as exc:  # the outcome is what is recorded
        return _error_line(exc)
    return "ok"


def _var(block, name, var_type, shape=SHAPE, **kwargs):
    return block.create_var(name=name, dtype=var_type, shape=shape, **kwargs)


def _cast(block, x, src, dst, name):
    y = _var(block, name, dst)
    block.append_op(type="cast", inputs={"X": [x]}, outputs={"Out": [y]},
                    attrs={"in_dtype": int(src), "out_dtype": int(dst)})
    return y


def _record(var_type, raw):
    desc = framework_pb2.VarType.TensorDesc()
    desc.data_type = int(var_type)
    desc.dims.extend(raw.shape)
    d = desc.SerializeToString()
    return struct.pack("<IQIi", 0, 0, 0, len(d)) + d + raw.tobytes()


def reach(name, tmp):
    vt = getattr(VT, name)
    back = VT.FP32 if name.startswith("FP8") else VT.INT64
    bits = np.arange(6).reshape(SHAPE).astype(TYPES[name])
    params = os.path.join(tmp, f"{name}.pdiparams")
    with open(params, "wb") as f:
        f.write(_record(vt, bits))
    out = {}

    def feed(block):
        x = paddle.static.data("x", SHAPE, "float32")
        x.desc.set_dtype(vt)
        return [x]
    out["feed"] = _run(feed, {"x": bits})

    def cast_to(block):
        x = paddle.static.data("x", SHAPE, "float32")
        return [_cast(block, _cast(block, x, VT.FP32, vt, "y"), vt, VT.FP32, "z")]
    out["cast_to"] = _run(cast_to, {"x": np.arange(6, dtype="float32").reshape(SHAPE)})

    def producer(op_type, attrs):
        def build(block):
            y = _var(block, "y", vt)
            block.append_op(type=op_type, outputs={"Out": [y]},
                            attrs={"shape": SHAPE, "dtype": int(vt), **attrs})
            return [_cast(block, y, vt, VT.FP32, "z")]
        return build
    out["fill_constant"] = _run(producer("fill_constant", {"value": 3.0}))
    out["empty"] = _run(producer("empty", {}))
    out["assign_value"] = _run(producer("assign_value", {"fp32_values": [1.0] * 6}))

    def loaded(block):
        y = _var(block, "y", vt, persistable=True)
        block.append_op(type="load_combine", outputs={"Out": [y]},
                        attrs={"file_path": params})
        return y

    def then(op_type):
        def build(block):
            y = loaded(block)
            if op_type == "fetch":
                return [y]
            if op_type == "cast":
                return [_cast(block, y, vt, back, "z")]
            if op_type == "transpose2":
                z, xs = _var(block, "z", vt, SHAPE[::-1]), _var(block, "xs", vt)
                block.append_op(type="transpose2", inputs={"X": [y]},
                                outputs={"Out": [z], "XShape": [xs]}, attrs={"axis": [1, 0]})
                return [_cast(block, z, vt, back, "w")]
            if op_type == "fill_any":
                z = _var(block, "z", vt)
                block.append_op(type="fill_any", inputs={"X": [y]}, outputs={"Out": [z]},
                                attrs={"value": 7.0})
                return [_cast(block, z, vt, back, "w")]
            z = _var(block, "z", VT.INT64, [])
            block.append_op(type="size", inputs={"Input": [y]}, outputs={"Out": [z]})
            return [z]
        return build
    for op_type in ("fetch", "cast", "transpose2", "fill_any", "size"):
        out[f"load_combine+{op_type}"] = _run(then(op_type))
    return out


def main():
    with tempfile.TemporaryDirectory() as tmp:
        record = {"paddle_version": paddle.__version__,
                  "command": "python tests/conformance/check_dtype_reach.py",
                  "note": "legacy CPU programs on each element type: 'ok' or Paddle's error",
                  "types": {name: reach(name, tmp) for name in TYPES}}
    with open(OUT, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    print(json.dumps(record["types"], indent=1))


if __name__ == "__main__":
    main()
