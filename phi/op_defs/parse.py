"""Strict parsing of ops.yaml into `OpDef`s.

Every key, type, name and default is checked; a problem raises `OpDefError` naming
the file, the op and the offending text.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from phi.common import DataLayout, DataType
from phi.op_defs.model import (
    NO_DEFAULT,
    ArgDef,
    ArgType,
    ForwardDef,
    InferMetaDef,
    KernelDef,
    OpDef,
    OutputDef,
    size_terms,
)
from phi.op_defs.yaml_loading import load_yaml

OP_KEYS = {"op", "args", "output", "optional", "infer_meta", "kernel", "backward", "inplace"}
BACKWARD_KEYS = {"backward_op", "forward", "args", "output", "optional", "infer_meta",
                 "kernel", "backward", "no_need_buffer", "inplace"}
INFER_META_KEYS = {"func", "param"}
KERNEL_KEYS = {"func", "data_type"}

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_OUTPUT = re.compile(r"Tensor(\[\])?\(([A-Za-z_][A-Za-z0-9_]*)\)(?:\{([^{}]*)\})?\Z")
_SIZE_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.size\(\)|\.dims\[[A-Za-z_][A-Za-z0-9_]*\])?\Z")
_INT = re.compile(r"[+-]?\d+\Z")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z")
_FORWARD = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(\(.*\))\s*->\s*(.+)\Z", re.S)
_SECTION = re.compile(r"# -- ([A-Za-z_][A-Za-z0-9_]*)")
_ENTRY = re.compile(r"- (?:backward_op|op) : ([A-Za-z_][A-Za-z0-9_]*)")
_INPLACE = re.compile(r"\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*->\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)\Z")


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
            raise ValueError(f"output {piece!r} is not `Tensor(name)` or "
                             "`Tensor[](name){size}`")
        size = m.group(3)
        if size is not None and not m.group(1):
            raise ValueError(f"output {piece!r}: only a Tensor[] output states a size")
        if size is not None:
            size = re.sub(r"\s*([+-])\s*", r" \1 ", size).strip()
            if not (_SIZE_CALL.match(size) or size_terms(size)):
                raise ValueError(f"output {piece!r}: size {{{size}}} is not `int_arg`, "
                                 "`list_arg.size()`, `tensor.dims[int_arg]` or a sum of int "
                                 "arguments and integers (`max_level - min_level + 1`)")
        outputs.append(OutputDef(m.group(2), is_list=bool(m.group(1)), size=size))
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


def parse_forward(text: str) -> ForwardDef:
    """`relu (Tensor x) -> Tensor(out)`."""
    m = _FORWARD.match(str(text).strip())
    if m is None:
        raise ValueError(f"forward {text!r} is not `OP (ARGS) -> OUTPUTS`")
    return ForwardDef(m.group(1), parse_args(m.group(2)), parse_outputs(m.group(3)))


def parse_inplace(text: Any) -> tuple[tuple[str, str], ...]:
    """`(x -> out), (y -> out2)`."""
    pairs = []
    for piece in split_top_level(str(text)):
        m = _INPLACE.match(piece)
        if m is None:
            raise ValueError(f"inplace {piece!r} is not `(input -> output)`")
        pairs.append((m.group(1), m.group(2)))
    return tuple(pairs)


def parse_op(entry: Any, file: str = "ops.yaml") -> OpDef:
    """One yaml entry (a mapping) -> `OpDef`; `OpDefError` names what is wrong.

    ops.yaml entries start `op : NAME`; backward.yaml entries `backward_op : NAME` and
    also state `forward`, and may state `no_need_buffer`."""
    key = "backward_op" if isinstance(entry, dict) and "backward_op" in entry else "op"
    if not isinstance(entry, dict) or not isinstance(entry.get(key), str):
        raise OpDefError(file, None, f"an entry must be a mapping with `op : NAME` or "
                         f"`backward_op : NAME`, not {str(entry)[:80]!r}")
    name = entry[key]
    try:
        _check_keys(entry, BACKWARD_KEYS if key == "backward_op" else OP_KEYS, "the entry")
        if key == "backward_op" and "forward" not in entry:
            raise ValueError("missing `forward`")
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
        outputs = tuple(replace(o, optional=o.name in optional) for o in outputs)
        _check_sizes(args, outputs)
        every = [a.name for a in args] + [o.name for o in outputs]
        if len(set(every)) != len(every):
            raise ValueError(f"a name is used twice in args/output: {every}")
        kernel = entry["kernel"]
        if not isinstance(kernel, dict):
            raise ValueError("`kernel` must be a mapping with `func`")
        _check_keys(kernel, KERNEL_KEYS, "kernel")
        data_type = kernel.get("data_type")
        kernel_def = KernelDef(_names(kernel.get("func", ""), "kernel func"),
                               None if data_type is None else str(data_type))
        if not kernel_def.func:
            raise ValueError("`kernel : func` names no kernel")
        if data_type is not None and kernel_def.data_type_arg not in {a.name for a in args}:
            raise ValueError(f"kernel data_type {data_type!r} names no argument")
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
        forward = parse_forward(entry["forward"]) if "forward" in entry else None
        no_need = _names(entry.get("no_need_buffer", []) or [], "no_need_buffer")
        inputs = {a.name for a in args if a.type.is_tensor}
        if set(no_need) - inputs:
            raise ValueError(f"no_need_buffer {sorted(set(no_need) - inputs)} names no tensor "
                             "input")
        inplace = parse_inplace(entry["inplace"]) if "inplace" in entry else ()
        for src, dst in inplace:
            if src not in inputs or dst not in {o.name for o in outputs}:
                raise ValueError(f"inplace ({src} -> {dst}) does not join an input to an "
                                 "output")
    except ValueError as exc:
        raise OpDefError(file, name, str(exc)) from None
    return OpDef(name, args, outputs, kernel_def, meta_def, backward, forward, no_need,
                 inplace, file)


_LISTS = {ArgType.TENSORS, ArgType.BOOLS, ArgType.INTS, ArgType.INT64S, ArgType.FLOATS,
          ArgType.DOUBLES, ArgType.STRS, ArgType.SCALARS, ArgType.INT_ARRAY}


def _check_sizes(args: tuple[ArgDef, ...], outputs: tuple[OutputDef, ...]) -> None:
    """A list output's `{size}` names an int argument, a list argument with `.size()`, or
    a tensor argument with `.dims[<int argument>]`."""
    types = {a.name: a.type for a in args}
    ints = {ArgType.INT, ArgType.INT64}
    for out in outputs:
        if out.size is None:
            continue
        terms = size_terms(out.size)
        if len(terms) > 1:
            for _, term in terms:
                if not term.isdigit() and types.get(term) not in ints:
                    raise ValueError(f"output {out.name}'s size {{{out.size}}} needs an int "
                                     f"argument '{term}'")
            continue
        name, _, call = out.size.partition(".")
        checks = [(name, ints, "an int")]
        if call == "size()":
            checks = [(name, _LISTS, "a list")]
        elif call.startswith("dims["):
            checks = [(name, {ArgType.TENSOR}, "a tensor"), (call[5:-1], ints, "an int")]
        for arg, wanted, what in checks:
            if types.get(arg) not in wanted:
                raise ValueError(f"output {out.name}'s size {{{out.size}}} needs {what} "
                                 f"argument '{arg}'")


def sections(text: str) -> dict[str, tuple[str, int]]:
    """Op name -> the first word of the `# -- word ... ---` header above its entry, and the
    entry's 1-based line."""
    found: dict[str, tuple[str, int]] = {}
    current = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if (m := _SECTION.match(line)) is not None:
            current = m.group(1).lower()
        elif (m := _ENTRY.match(line)) is not None:
            found[m.group(1)] = (current, number)
    return found


def load_op_defs(path: Path) -> tuple[OpDef, ...]:
    """Every entry of one yaml file, in file order; op names must be unique."""
    try:
        text = path.read_text(encoding="utf-8")
        entries = load_yaml(text) or []
    except (OSError, yaml.YAMLError) as exc:
        raise OpDefError(str(path), None, f"cannot be read as YAML ({exc})") from None
    if not isinstance(entries, list):
        raise OpDefError(str(path), None, "expected a list of op entries")
    where = sections(text)
    defs = tuple(replace(d, section=where.get(d.name, ("", 0))[0],
                         line=where.get(d.name, ("", 0))[1])
                 for d in (parse_op(e, path.name) for e in entries))
    seen: set[str] = set()
    for d in defs:
        if d.name in seen:
            raise OpDefError(path.name, d.name, "defined twice")
        seen.add(d.name)
    return defs
