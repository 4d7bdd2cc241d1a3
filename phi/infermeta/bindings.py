"""Binds every InferMeta of phi/ops.yaml and backward.yaml to its kernel names on import."""

from __future__ import annotations

from phi.core.infermeta_utils import register_infer_meta
from phi.infermeta import find_infer_meta
from phi.op_defs import backward_defs, op_defs


def register_from_op_defs() -> None:
    for op in (*op_defs(), *backward_defs()):
        if op.infer_meta is None:
            continue
        fn = find_infer_meta(op.infer_meta.func)
        for kernel_name in op.kernel.func:
            register_infer_meta(kernel_name, fn, op.infer_meta.param, op.output_names)


register_from_op_defs()
