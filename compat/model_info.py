"""Descriptions for `fluidphi inspect` and `fluidphi kernels` (JSON-friendly dicts)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from compat.arg_mapping import phi_kernel_name
from compat.op_pieces import op_pieces
from compat.predictor import kernel_forms
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.scope import Scope
from phi.core.kernel_factory import KERNELS


def describe_model(path: str, params_file: str | None = None) -> dict[str, Any]:
    """Feeds, fetches, op types with the kernel forms fluidphi has (`missing` lists the
    types it cannot run) and params. A program saved without its params file (a startup
    program, a training state's program) is described with params marked absent."""
    from legacy_fluid.io import (
        feed_target_names,
        fetch_target_names,
        load_params,
        load_program,
        promote_program_types,
        resolve_model,
        validate_program,
    )
    from legacy_fluid.io.errors import MissingModelFileError

    files = resolve_model(path, params_file=params_file)
    program = load_program(files.model_path)
    validate_program(program, files.model_path)
    promote_program_types(program, files.model_path)
    scope = Scope()
    try:
        params = load_params(program, files)
    except MissingModelFileError:
        if files.params_path.exists() or files.params_named:
            raise
        params = None  # persistables declared, no params file saved with the program
    for name, tensor in (params or {}).items():
        scope.var(name).value = tensor
    feeds, fetches = feed_target_names(program), fetch_target_names(program)
    block = program.global_block()

    def var_info(name: str) -> dict[str, Any]:
        var = block.find_var(name)
        return {
            "name": name,
            "shape": list(var.shape) if var else None,
            "dtype": str(var.dtype) if var and var.dtype is not None else None,
        }

    counts = Counter(program.op_types())
    n_params, n_bytes = 0, 0
    for name in scope.local_var_names():
        value = scope.find_var(name).value  # type: ignore[union-attr]
        if hasattr(value, "numel") and value.initialized():
            n_params += 1
            n_bytes += int(value.data.nbytes)
    op_types = [{"type": t, "count": c, "kernels": kernel_forms(t)}
                for t, c in sorted(counts.items())]
    return {
        "model": path,
        "feeds": [var_info(n) for n in feeds],
        "fetches": [var_info(n) for n in fetches],
        "op_count": sum(counts.values()),
        "op_types": op_types,
        "missing": [row["type"] for row in op_types if row["kernels"] in ("missing", "neither")],
        "params": {"count": n_params, "bytes": n_bytes,
                   "file_missing": params is None},
    }


def kernel_listing(op: str | None = None) -> dict[str, Any]:
    """PHI kernels and legacy kernels; `op` filters by legacy type or PHI name."""
    factory = KERNELS
    legacy = OP_KERNELS
    pieces = None
    if op is None:
        phi_names = factory.names()
        op_types = legacy.op_types()
    else:
        pieces = op_pieces(op)
        phi_names = sorted({p["kernel"] for p in pieces["phi"]})
        op_types = sorted({p["op_type"] for p in pieces["legacy"]} & set(legacy.op_types()))
    phi_rows = []
    grouped: dict[tuple[str, str, str, str], list[str]] = defaultdict(list)
    for name in phi_names:
        keys = factory.kernels_of(name)
        for key in sorted(keys, key=lambda k: (int(k.backend), k.layout.value, k.dtype.value)):
            kernel = keys[key]
            phi_rows.append({"name": name, **key.as_dict(), "function": kernel.qualname})
            grouped[(name, str(key.backend), str(key.layout), kernel.qualname)].append(
                str(key.dtype)
            )
    legacy_rows = []
    lgrouped: dict[tuple[str, str, str, str, str], list[str]] = defaultdict(list)
    for op_type in op_types:
        classes = legacy.kernels_of(op_type)
        for key in sorted(classes, key=lambda k: (not k.place.is_cpu, int(k.library_type),
                                                  int(k.data_layout), k.data_type.value)):
            cls = classes[key]
            place = key.place.kind.upper()
            layout = "ANY_LAYOUT" if int(key.data_layout) == 0 else key.data_layout.name
            legacy_rows.append(
                {
                    "op_type": op_type,
                    "place": place,
                    "data_type": str(key.data_type),
                    "data_layout": layout,
                    "library_type": str(key.library_type),
                    "kernel": cls.__qualname__,
                    "phi_name": phi_kernel_name(op_type),
                }
            )
            lgrouped[(op_type, place, str(key.library_type), layout, cls.__qualname__)].append(
                str(key.data_type)
            )
    return {
        **({"pieces": pieces} if pieces is not None else {}),
        "phi": phi_rows,
        "legacy": legacy_rows,
        "phi_grouped": [
            {"name": k[0], "backend": k[1], "layout": k[2], "function": k[3], "dtypes": v}
            for k, v in grouped.items()
        ],
        "legacy_grouped": [
            {
                "op_type": k[0],
                "place": k[1],
                "library": k[2],
                "layout": k[3],
                "kernel": k[4],
                "dtypes": v,
            }
            for k, v in lgrouped.items()
        ],
    }
