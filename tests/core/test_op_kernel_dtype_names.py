"""`register_op_kernel` given a dtype's name: it registers the `DataType` the name spells
(a key lookups find), and a value that names no dtype is refused naming the op and the
value (a string stored as given was a key nothing ever equals: a silently dead
registration). Run in a subprocess: the registry is the process's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

_SCRIPT = r'''
import json
from legacy_fluid.framework.op_kernel import OP_KERNELS, OpKernel, register_op_kernel
from phi.common import DataType

class K(OpKernel):
    def compute(self, ctx):
        pass

register_op_kernel("t_named_dtype", "CPU", K, "float32", "FLOAT64", DataType.INT32)
ours = [k[1].data_type for k, _ in OP_KERNELS.items() if k[0] == "t_named_dtype"]
keys = sorted(str(d) for d in ours)
kinds = sorted({type(d).__name__ for d in ours})
refused = []
for bad in ("floaty", 3):
    try:
        register_op_kernel("t_bad_dtype", "CPU", K, bad)
        refused.append("registered")
    except ValueError as exc:
        refused.append(str(exc))
print(json.dumps({"keys": keys, "kinds": kinds, "refused": refused,
                  "bad": [k[0] for k, _ in OP_KERNELS.items() if k[0] == "t_bad_dtype"]}))
'''


def test_a_dtype_name_registers_its_datatype_and_a_bad_one_is_refused() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          env=env, timeout=120, check=True)
    got = json.loads(done.stdout)
    assert got["kinds"] == ["DataType"]
    assert got["keys"] == sorted(str(d) for d in ("float32", "float64", "int32"))
    assert got["bad"] == []
    for bad, message in zip(("'floaty'", "3"), got["refused"]):
        assert message.startswith(f"register_op_kernel('t_bad_dtype'): {bad} is not a DataType")
