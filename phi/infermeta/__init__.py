"""InferMeta functions, bound to kernel names by phi/ops.yaml.

Each function takes MetaTensors and attributes under the kernel's
parameter names (or the yaml entry's ``param`` list, passed positionally,
followed by the outputs) and sets output dims/dtype/layout/lod.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from phi.core.infermeta_utils import register_infer_meta
from phi.infermeta import binary, multiary, nullary, unary

OPS_YAML = Path(__file__).resolve().parent.parent / "ops.yaml"
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


def load_ops_yaml(path: Path = OPS_YAML) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        entries = yaml.safe_load(f) or []
    if not isinstance(entries, list):
        raise ValueError(f"{path}: expected a list of op entries")
    return entries


def _positional(
    fn: Callable[..., None], params: list[str], outputs: list[str]
) -> Callable[..., None]:
    names = [*params, *outputs]

    def bound(**kwargs: Any) -> None:
        config = kwargs.get("config")
        args = [kwargs[n] for n in names]
        if config is not None and "config" in fn.__code__.co_varnames:
            fn(*args, config=config)
        else:
            fn(*args)

    bound.__qualname__ = f"{fn.__qualname__}[{', '.join(names)}]"
    bound.__wrapped__ = fn  # type: ignore[attr-defined]
    import inspect

    bound.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY) for n in names]
        + [inspect.Parameter("config", inspect.Parameter.KEYWORD_ONLY, default=None)]
    )
    return bound


def output_names(entry: dict[str, Any]) -> list[str]:
    """`Tensor(out), Tensor(xshape)` -> ['out', 'xshape']."""
    text = str(entry.get("output", ""))
    names = []
    for i, part in enumerate(p.strip() for p in text.split(",") if p.strip()):
        names.append(part[part.index("(") + 1 : part.index(")")] if "(" in part else f"out{i}")
    return names


def _register_from_yaml() -> None:
    for entry in load_ops_yaml():
        meta = entry.get("infer_meta")
        kernel = entry.get("kernel", {})
        if not meta:
            continue
        fn = find_infer_meta(meta["func"])
        if "param" in meta:
            fn = _positional(fn, list(meta["param"]), output_names(entry))
        for kernel_name in str(kernel.get("func", entry["op"])).split(","):
            register_infer_meta(kernel_name.strip(), fn)


_register_from_yaml()
