"""InferMeta functions, bound to kernel names by phi/ops.yaml.

Each function takes MetaTensors and attributes under the kernel's parameter
names (or the yaml entry's ``param`` list, passed positionally, followed by
the outputs) and sets output dims/dtype/layout/lod. Importing this package
binds every entry of ops.yaml (through the typed op model).
"""

from __future__ import annotations

from collections.abc import Callable

from phi.core.infermeta_utils import register_infer_meta
from phi.infermeta import binary, multiary, nullary, unary
from phi.op_defs import OPS_YAML, op_defs

_MODULES = (unary, binary, nullary, multiary)


def find_infer_meta(name: str) -> Callable[..., None]:
    for mod in _MODULES:
        fn = getattr(mod, name, None)
        if callable(fn):
            return fn
    raise LookupError(
        f"{OPS_YAML.name}: InferMeta function '{name}' is not defined in "
        "phi.infermeta (unary, binary, nullary, multiary)"
    )


def _register_from_op_defs() -> None:
    for op in op_defs():
        if op.infer_meta is None:
            continue
        fn = find_infer_meta(op.infer_meta.func)
        for kernel_name in op.kernel.func:
            register_infer_meta(kernel_name, fn, op.infer_meta.param, op.output_names)


_register_from_op_defs()
