"""Strict parsing of ops.yaml into `OpDef`s.

Every key, type, name and default is checked; a problem raises `OpDefError` naming
the file, the op and the offending text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from phi.common import DataLayout, DataType
from phi.op_defs.model import (
    NO_DEFAULT,
    ArgDef,
    ArgType,
    InferMetaDef,
    KernelDef,
    OpDef,
    OutputDef,
)

OP_KEYS = {"op", "args", "output", "optional", "infer_meta", "kernel", "backward"}
INFER_META_KEYS = {"func", "param"}
KERNEL_KEYS = {"func"}

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_OUTPUT = re.compile(r"Tensor(\[\])?\(([A-Za-z_][A-Za-z0-9_]*)\)\Z")
_INT = re.compile(r"[+-]?\d+\Z")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z")


class OpDefError(ValueError):
    """ops.yaml does not say what the op model allows."""

    def __init__(self, file: str, op: str | None, problem: str) -> None:
        where = f"{file}: op '{op}'" if op else file
        super().__init__(f"{where}: {problem}")


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split on `sep` outside braces, brackets, parentheses and double quotes."""
    parts, depth, quoted, current = [], 0, False, []
    i = 0
    while i < len(text):
        ch = text[i]
        if quoted:
            current.append(ch)
            if ch == "\\" and i + 1 < len(text):
                current.append(text[i + 1])
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
            current.append(ch)
        elif ch in "{[(":
            depth += 1
            current.append(ch)
        elif ch in "}])":
            depth -= 1
            current.append(ch)
        elif ch == sep and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        i += 1
    if quoted or depth != 0:
        raise ValueError(f"unbalanced quotes or brackets in {text!r}")
    tail = "".join(current).strip()
    if tail or parts:
        parts.append(tail)
    return parts


def parse_default(text: str) -> Any:
    """`true`, `-1`, `1e-5`, `"NCHW"`, `{1, 1}`, `DataType::FLOAT32` -> Python values."""
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    if text.startswith("{") and text.endswith("}"):
        inner = text[1:-1].strip()
        return tuple(parse_default(p) for p in split_top_level(inner)) if inner else ()
    for prefix, enum in (("DataType::", DataType), ("DataLayout::", DataLayout)):
        if text.startswith(prefix) and text[len(prefix):] in enum.__members__:
            return enum[text[len(prefix):]]
    raise ValueError(f"default {text!r} is not a literal the op model knows")


def parse_args(text: str) -> tuple[ArgDef, ...]:
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        raise ValueError(f"args {text!r} must be written in parentheses")
    args = []
    for piece in split_top_level(text[1:-1]):
        decl, eq, default = piece.partition("=")
        words = decl.split()
        if len(words) != 2:
            raise ValueError(f"argument {piece!r} is not `TYPE NAME[=DEFAULT]`")
        type_text, name = words
        try:
            arg_type = ArgType(type_text)
        except ValueError:
            raise ValueError(f"argument {piece!r}: unknown type {type_text!r}") from None
        if not _NAME.match(name):
            raise ValueError(f"argument {piece!r}: {name!r} is not a name")
        if eq and arg_type.is_tensor:
            raise ValueError(f"argument {piece!r}: a tensor takes no default")
        args.append(ArgDef(name, arg_type, parse_default(default) if eq else NO_DEFAULT))
    return tuple(args)


def parse_outputs(text: str) -> tuple[OutputDef, ...]:
    outputs = []
    for piece in split_top_level(text):
        m = _OUTPUT.match(piece)
        if m is None:
            raise ValueError(f"output {piece!r} is not `Tensor(name)` or `Tensor[](name)`")
        outputs.append(OutputDef(m.group(2), is_list=bool(m.group(1))))
    if not outputs:
        raise ValueError("an op needs at least one output")
    return tuple(outputs)


def _names(text: Any, what: str) -> tuple[str, ...]:
    items = text if isinstance(text, list) else split_top_level(str(text))
    names = tuple(str(n).strip() for n in items)
    for n in names:
        if not _NAME.match(n):
            raise ValueError(f"{what}: {n!r} is not a name")
    return names


def _check_keys(entry: dict[str, Any], allowed: set[str], what: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)} in {what} "
                         f"(allowed: {', '.join(sorted(allowed))})")


def parse_op(entry: Any, file: str = "ops.yaml") -> OpDef:
    """One yaml entry (a mapping) -> `OpDef`; `OpDefError` names what is wrong."""
    if not isinstance(entry, dict) or not isinstance(entry.get("op"), str):
        raise OpDefError(file, None, f"an entry must be a mapping with `op : NAME`, "
                         f"not {str(entry)[:80]!r}")
    name = entry["op"]
    try:
        _check_keys(entry, OP_KEYS, "the entry")
        for key in ("args", "output", "kernel"):
            if key not in entry:
                raise ValueError(f"missing `{key}`")
        args = parse_args(str(entry["args"]))
        outputs = parse_outputs(str(entry["output"]))
        optional = set(_names(entry.get("optional", []) or [], "optional"))
        known = {a.name for a in args if a.type.is_tensor} | {o.name for o in outputs}
        if optional - known:
            raise ValueError(f"optional names {sorted(optional - known)} that are not tensor "
                             "inputs or outputs")
        args = tuple(ArgDef(a.name, a.type, a.default, a.name in optional) for a in args)
        outputs = tuple(OutputDef(o.name, o.is_list, o.name in optional) for o in outputs)
        every = [a.name for a in args] + [o.name for o in outputs]
        if len(set(every)) != len(every):
            raise ValueError(f"a name is used twice in args/output: {every}")
        kernel = entry["kernel"]
        if not isinstance(kernel, dict):
            raise ValueError("`kernel` must be a mapping with `func`")
        _check_keys(kernel, KERNEL_KEYS, "kernel")
        kernel_def = KernelDef(_names(kernel.get("func", ""), "kernel func"))
        if not kernel_def.func:
            raise ValueError("`kernel : func` names no kernel")
        meta = entry.get("infer_meta")
        meta_def = None
        if meta is not None:
            if not isinstance(meta, dict) or not isinstance(meta.get("func"), str):
                raise ValueError("`infer_meta` must be a mapping with `func`")
            _check_keys(meta, INFER_META_KEYS, "infer_meta")
            param = _names(meta["param"], "infer_meta param") if "param" in meta else None
            arg_names = {a.name for a in args}
            if param is not None and set(param) - arg_names:
                raise ValueError(f"infer_meta param {sorted(set(param) - arg_names)} "
                                 "names no argument")
            meta_def = InferMetaDef(meta["func"], param)
        backward = entry.get("backward")
        if backward is not None and not (isinstance(backward, str) and _NAME.match(backward)):
            raise ValueError(f"backward {backward!r} is not an op name")
    except ValueError as exc:
        raise OpDefError(file, name, str(exc)) from None
    return OpDef(name, args, outputs, kernel_def, meta_def, backward, file)


def load_op_defs(path: Path) -> tuple[OpDef, ...]:
    """Every entry of one yaml file, in file order; op names must be unique."""
    try:
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except (OSError, yaml.YAMLError) as exc:
        raise OpDefError(str(path), None, f"cannot be read as YAML ({exc})") from None
    if not isinstance(entries, list):
        raise OpDefError(str(path), None, "expected a list of op entries")
    defs = tuple(parse_op(e, path.name) for e in entries)
    seen: set[str] = set()
    for d in defs:
        if d.name in seen:
            raise OpDefError(path.name, d.name, "defined twice")
        seen.add(d.name)
    return defs
