"""One legacy `OpKernel` class -> one PHI functional kernel (a libcst FunctionDef).

`migrate_kernel` either returns a `KernelFunction` or raises `SkipError` with a
specific reason; it never returns a half-converted body.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from migrate.names import NameWalker, load_names, snake
from migrate.static import (
    EnumRef,
    ModuleInfo,
    StaticProto,
    UnresolvableError,
    code_of,
    dotted,
    literal_string,
)


class SkipError(Exception):
    """The kernel cannot be migrated safely; `str(exc)` says why."""


#: Attributes that select another kernel library: a kernel branching on them is one kernel
#: per backend in PHI (GPUDNN, ONEDNN), which the codemod does not split.
LIBRARY_ATTRS = ("use_cudnn", "use_mkldnn", "use_gpudnn", "use_onednn", "use_quantizer",
                 "mkldnn_data_type", "use_xpu")

ATTR_HINTS = {
    "INT": "int", "LONG": "int", "FLOAT": "float", "FLOAT64": "float", "STRING": "str",
    "BOOLEAN": "bool", "INTS": "list[int]", "LONGS": "list[int]", "FLOATS": "list[float]",
    "FLOAT64S": "list[float]", "STRINGS": "list[str]", "BOOLEANS": "list[bool]",
    "SCALAR": "Scalar", "SCALARS": "list[Scalar]",
}
SCALAR_ATTRS = {"INT": "int", "LONG": "int", "FLOAT": "float", "FLOAT64": "float",
                "BOOLEAN": "bool", "SCALAR": None}
INT_ARRAY_ATTRS = ("INTS", "LONGS")
HARMLESS_DECORATORS = ("final", "override")

#: ctx members with a direct PHI spelling (attribute access).
_CTX_ATTRS = {"xp": "xp", "place": "place"}
#: ctx members that expose the legacy runtime: no PHI equivalent.
_CTX_RUNTIME = {"scope": "writes to or reads the scope (ctx.scope)",
                "op": "reads the operator (ctx.op)", "runtime": "reads ctx.runtime",
                "kernel_type": "reads the chosen kernel type (ctx.kernel_type)"}
_SLOT_METHODS = ("input", "multi_input", "output", "multi_output", "attr", "has_input",
                 "has_inputs", "has_output", "input_size", "output_size", "has_attr")


@dataclass
class Param:
    name: str
    kind: str  # input | attr | output
    slot: str
    hint: str
    optional: bool = False
    is_list: bool = False
    attr_type: str | None = None
    feeders: list[str] = field(default_factory=list)  # tensor inputs folded into this attr
    default: Any = None


@dataclass
class Fold:
    attr: str
    local: str | None
    conv: str | None  # float/int/bool for Scalar; None for IntArray / SCALAR attrs
    kind: str  # Scalar | IntArray
    feeders: list[str]


@dataclass
class KernelFunction:
    op_type: str
    class_name: str
    func_name: str
    phi_name: str
    params: list[Param]
    registrations: list[tuple[str, str, list[str]]]  # (backend, layout, dtypes)
    node: cst.FunctionDef
    helpers: list[tuple[str, cst.FunctionDef]]  # (lifted name, function)
    folds: list[Fold]
    hints: set[str]
    source_classes: list[str]


@dataclass
class ModuleContext:
    """What kernels of one module share: lifted helpers and the names already taken."""

    info: ModuleInfo
    taken: set[str]
    lifted: dict[tuple[str, str], str] = field(default_factory=dict)
    lifted_nodes: dict[str, cst.FunctionDef] = field(default_factory=dict)


def _is_harmless(decorator: cst.Decorator) -> bool:
    name = dotted(decorator.decorator)
    return name is not None and name.split(".")[-1] in HARMLESS_DECORATORS


def _literal_slot(call: cst.Call, what: str) -> str:
    args = [a for a in call.args]
    if len(args) != 1 or args[0].keyword is not None or args[0].star:
        raise SkipError(f"calls ctx.{what}() with {len(args)} arguments")
    value = args[0].value
    s = literal_string(value)
    if s is not None:
        return s
    if isinstance(value, cst.FormattedString):
        raise SkipError(f"reads {what} by a computed name (f-string {code_of(value)})")
    raise SkipError(f"reads {what} by a computed name (ctx.{what}({code_of(value)}))")


def tensor_attr_candidates(proto: StaticProto) -> dict[str, str]:
    """Dispensable inputs standing for an attribute (ScaleTensor -> scale)."""
    out: dict[str, str] = {}
    attrs = {a.name for a in proto.attrs}
    for v in proto.inputs:
        if not v.dispensable:
            continue
        for suffix in ("TensorList", "Tensor"):
            if v.name.endswith(suffix) and len(v.name) > len(suffix):
                prefix = v.name[: -len(suffix)]
                for a in attrs:
                    if a in (snake(prefix), prefix.lower()) or a.replace("_", "") == prefix.lower():
                        out[v.name] = a
                break
    return out


class _Rewriter(cst.CSTTransformer):
    """Rewrite ctx reads, allocation and self access in a compute (or helper) body."""

    def __init__(self, mk: _KernelMigration, ctx: str | None, self_name: str) -> None:
        super().__init__()
        self.mk, self.ctx, self.self_name = mk, ctx, self_name
        self._fstring_quotes: list[str] = []

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self._fstring_quotes.append(node.start)

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self._fstring_quotes.pop()
        return updated

    # -- names -------------------------------------------------------------------------
    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:  # noqa: N802
        hit = self.mk.fold_loads.get(id(original))
        if hit is not None:
            return self.mk.fold_expr(hit[0])
        return updated

    def _is(self, node: cst.BaseExpression, name: str | None) -> bool:
        return name is not None and isinstance(node, cst.Name) and node.value == name

    # -- ctx.xp, self.attr ----------------------------------------------------------------
    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        attr = updated.attr.value
        if self._is(updated.value, self.ctx):
            if attr in _CTX_ATTRS:
                return updated.with_changes(value=self.mk.dev_ctx())
            if attr == "dev_ctx":
                return self.mk.dev_ctx()
            if attr == "op_type":
                quote = "'" if self._fstring_quotes and '"' in self._fstring_quotes[-1] else '"'
                return cst.SimpleString(f"{quote}{self.mk.op_type}{quote}")
            if attr in _CTX_RUNTIME:
                raise SkipError(_CTX_RUNTIME[attr])
            return updated
        if self._is(updated.value, self.self_name):
            value = self.mk.class_attr(attr)
            if value is not None:
                return value
        return updated

    # -- calls ----------------------------------------------------------------------------
    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:  # noqa: N802
        func = updated.func
        if self.ctx is not None:
            dtype_attr = _dtype_conversion(self.mk.info, original, self.ctx)
            if dtype_attr is not None and dtype_attr in self.mk.dtype_attrs:
                return self.mk.name_node(self.mk.param_name(dtype_attr, "attr"))
        if isinstance(func, cst.Name) and func.value == "super":
            raise SkipError("calls super() (behaviour of a base kernel outside the codemod's view)")
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if self._is(func.value, self.ctx):
                return self.mk.ctx_call(method, original)
            if self._is(func.value, self.self_name):
                lifted = self.mk.helper(method)
                if lifted is not None:
                    return updated.with_changes(func=cst.Name(lifted))
            if method == "mutable_data":
                return self.mk.alloc(func.value, updated)
        return updated


class _KernelMigration:
    def __init__(self, mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
                 proto: StaticProto) -> None:
        self.mctx, self.info = mctx, mctx.info
        self.class_name, self.op_type, self.phi_name, self.proto = (class_name, op_type,
                                                                    phi_name, proto)
        #: ids of the parameter reads this migration wrote; the dict keeps each node alive so
        #: that its id cannot be reused by another node (a set of bare ids flaked that way)
        self.replacements: dict[int, cst.Name] = {}
        self.fold_loads: dict[int, tuple[Fold, cst.Name]] = {}  # node kept alive, see below
        self.folds: dict[str, Fold] = {}
        self.inputs_read: dict[str, set[str]] = {}
        self.outputs_read: dict[str, set[str]] = {}
        self.attrs_read: set[str] = set()
        self.class_attrs: dict[str, cst.BaseExpression] = {}
        self.methods: dict[str, tuple[cst.ClassDef, cst.FunctionDef]] = {}
        self.helpers: list[tuple[str, cst.FunctionDef]] = []
        self.candidates = tensor_attr_candidates(proto)
        self.renamed: set[str] = set()
        self.dev_ctx_name = "dev_ctx"
        self.hints: set[str] = set()
        #: integer attributes read only as `VarType(ctx.attr(name)).to_phi()`: DataType params
        self.dtype_attrs: set[str] = set()

    # -- names of parameters -------------------------------------------------------------------
    def param_name(self, slot: str, kind: str) -> str:
        return self._names[(kind, slot)]

    def assign_names(self) -> None:
        names: dict[tuple[str, str], str] = {}
        used = {self.dev_ctx_name}
        groups = [("input", v.name) for v in self.proto.inputs]
        groups += [("attr", a.name) for a in self.proto.attrs]
        groups += [("output", v.name) for v in self.proto.outputs]
        attr_names = {snake(a.name) for a in self.proto.attrs}
        dtype_named = [a for a in self.dtype_attrs if snake(a).endswith("dtype")]
        for kind, slot in groups:
            name = snake(slot)
            if (kind == "attr" and dtype_named == [slot] and "dtype" not in attr_names
                    and all(snake(v.name) != "dtype" for v in self.proto.inputs)):
                name = "dtype"  # PHI's name for the data type a kernel produces
            if kind == "input" and name in attr_names:
                name += "_tensor"  # Seed / seed -> seed_tensor, as PHI names them
            if name in self.renamed:
                name += "_"
            while name in used:
                name += "_"
            used.add(name)
            names[(kind, slot)] = name
        self._names = names

    def name_node(self, name: str) -> cst.Name:
        node = cst.Name(name)
        self.replacements[id(node)] = node
        return node

    def dev_ctx(self) -> cst.Name:
        return self.name_node(self.dev_ctx_name)

    # -- ctx.<method>(...) ------------------------------------------------------------------
    def ctx_call(self, method: str, call: cst.Call) -> cst.BaseExpression:
        if method == "device_context":
            if call.args:
                raise SkipError("calls ctx.device_context() with arguments")
            return self.dev_ctx()
        if method not in _SLOT_METHODS:
            raise SkipError(f"uses ctx.{method}(), which has no PHI equivalent")
        what = ("attribute" if "attr" in method else "output" if "output" in method
                else "input")
        slot = _literal_slot(call, what)
        if method == "attr":
            return self._attr(slot)
        if method == "has_attr":
            raise SkipError(f"calls ctx.has_attr({slot!r}), which depends on the OpDesc")
        is_out = method in ("output", "multi_output", "has_output", "output_size")
        var = self.proto.output(slot) if is_out else self.proto.input(slot)
        if var is None:
            kind = "output" if is_out else "input"
            raise SkipError(f"reads {kind} '{slot}' that the op proto does not declare")
        if not is_out and slot in self.candidates:
            raise SkipError(f"reads tensor-valued attribute input '{slot}' (for attribute "
                       f"'{self.candidates[slot]}') outside the standard "
                       f"`if ctx.has_input({slot!r}): v = ...` pattern")
        if method == "has_inputs":
            raise SkipError(f"calls ctx.has_inputs({slot!r}) outside a tensor-attribute fold")
        table = self.outputs_read if is_out else self.inputs_read
        uses = table.setdefault(slot, set())
        name = self.param_name(slot, "output" if is_out else "input")
        if method in ("input", "output"):
            if var.duplicable:
                raise SkipError(f"reads duplicable {'output' if is_out else 'input'} '{slot}' with "
                           f"ctx.{method}() (first tensor only)")
            uses.add("single")
            return self.name_node(name)
        if method in ("multi_input", "multi_output"):
            if not var.duplicable:
                raise SkipError(f"reads non-duplicable '{slot}' with ctx.{method}()")
            uses.add("list")
            return self.name_node(name)
        if method in ("has_input", "has_output"):
            uses.add("check")
            if var.duplicable:
                return cst.Comparison(cst.Call(cst.Name("len"), [cst.Arg(self.name_node(name))]),
                                      [cst.ComparisonTarget(cst.GreaterThan(), cst.Integer("0"))])
            return cst.Comparison(self.name_node(name), [cst.ComparisonTarget(
                cst.IsNot(), cst.Name("None"))])
        # input_size / output_size
        if not var.duplicable:
            raise SkipError(f"calls ctx.{method}({slot!r}) on a non-duplicable slot")
        uses.add("list")
        return cst.Call(cst.Name("len"), [cst.Arg(self.name_node(name))])

    def _attr(self, name: str) -> cst.BaseExpression:
        if name in LIBRARY_ATTRS:
            raise SkipError(f"branches on attribute '{name}', which picks another library "
                       "(needs one kernel per backend)")
        attr = self.proto.attr(name)
        if attr is None:
            raise SkipError(f"reads attribute '{name}' that the op proto does not declare")
        if attr.type not in ATTR_HINTS:
            raise SkipError(f"reads attribute '{name}' of type {attr.type}, which PHI kernels do "
                       "not take")
        self.attrs_read.add(name)
        if name in self.folds:
            return self.fold_expr(self.folds[name])
        return self.name_node(self.param_name(name, "attr"))

    def fold_expr(self, fold: Fold) -> cst.BaseExpression:
        param = self.name_node(self.param_name(fold.attr, "attr"))
        if fold.kind == "IntArray":
            return cst.Call(cst.Attribute(param, cst.Name("get_data")))
        if fold.conv is None:
            return param
        return cst.Call(cst.Attribute(param, cst.Name("to")), [cst.Arg(cst.Name(fold.conv))])

    # -- allocation ------------------------------------------------------------------------
    def alloc(self, tensor: cst.BaseExpression, call: cst.Call) -> cst.BaseExpression:
        place: cst.BaseExpression | None = None
        dtype: cst.Arg | None = None
        positional = [a for a in call.args if a.keyword is None]
        if any(a.star for a in call.args):
            raise SkipError("calls mutable_data(*args)")
        if positional:
            place = positional[0].value
        if len(positional) > 1:
            dtype = positional[1]
        for a in call.args:
            if a.keyword is not None and a.keyword.value == "place":
                place = a.value
            elif a.keyword is not None and a.keyword.value == "dtype":
                dtype = a.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
        if len(positional) > 2 or place is None:
            raise SkipError(f"calls {code_of(call)} with an unexpected signature")
        method = "alloc"
        if (isinstance(place, cst.Call) and not place.args
                and self.info.imports.is_symbol(place.func, "CPUPlace")):
            method = "host_alloc"  # an output kept on the host whatever the device
        elif dotted(place) != f"{self.dev_ctx_name}.place":
            raise SkipError(f"allocates on an explicit place ({code_of(place)}), not ctx.place")
        args = [cst.Arg(tensor)]
        if dtype is not None:
            args.append(dtype.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        return cst.Call(cst.Attribute(self.dev_ctx(), cst.Name(method)), args)

    # -- self.<x> ---------------------------------------------------------------------------
    def class_attr(self, name: str) -> cst.BaseExpression | None:
        if name not in self.class_attrs:
            return None
        value = self.class_attrs[name]
        if (isinstance(value, cst.Call) and dotted(value.func) == "staticmethod"
                and len(value.args) == 1):
            return value.args[0].value
        if _is_data(self.info, value):
            return value
        raise SkipError(f"reads class attribute self.{name} = {code_of(value)} (may be a bound "
                   "method; wrap functions in staticmethod() to migrate)")

    def helper(self, name: str) -> str | None:
        if name not in self.methods:
            return None
        cls, fn = self.methods[name]
        decorators = [dotted(d.decorator) for d in fn.decorators]
        static = decorators == ["staticmethod"]
        if not static and decorators:
            raise SkipError(f"helper {name}() has decorators {decorators}")
        params = list(fn.params.params)
        if fn.params.posonly_params:
            raise SkipError(f"helper {name}() has positional-only parameters")
        self_param = None if static else (params[0].name.value if params else None)
        if not static and self_param is None:
            raise SkipError(f"helper {name}() takes no self")
        key = (cls.name.value, name)
        uses_attrs = self_param is not None and any(
            isinstance(n, cst.Attribute) and dotted(n.value) == self_param
            and n.attr.value in self.class_attrs for n in _walk(fn.body))
        if uses_attrs:  # specialised by this kernel's class attributes: one copy per kernel
            key = (self.class_name, name)
        if key in self.mctx.lifted:
            lifted = self.mctx.lifted[key]
            if all(n != lifted for n, _ in self.helpers):
                self.helpers.append((lifted, self.mctx.lifted_nodes[lifted]))
            return lifted
        lifted = name if name.startswith("_") else f"_{name}"
        if lifted in self.mctx.taken or uses_attrs:
            lifted = f"_{snake(key[0])}_{name.lstrip('_')}"
        self.mctx.taken.add(lifted)
        self.mctx.lifted[key] = lifted
        body = fn.body.visit(_Rewriter(self, None, self_param or ""))
        if self_param is not None and any(n.value == self_param for n in load_names(body)):
            raise SkipError(f"helper {name}() uses {self_param} (instance state)")
        new_params = fn.params.with_changes(params=params if static else params[1:])
        node = fn.with_changes(name=cst.Name(lifted), decorators=(), params=new_params,
                               body=body, leading_lines=_blank(2))
        self.mctx.lifted_nodes[lifted] = node
        self.helpers.append((lifted, node))
        return lifted


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []

    class V(cst.CSTVisitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            out.append(n)
            return True

    node.visit(V())
    return out


def _is_data(info: ModuleInfo, value: cst.BaseExpression) -> bool:
    """A constant: literals, enum members, module constants holding data (not functions)."""

    def data(v: Any) -> bool:
        if isinstance(v, (list, tuple)):
            return all(data(x) for x in v)
        return v is None or isinstance(v, (str, int, float, bool, EnumRef))

    try:
        return data(info.ev.eval(value, {}))
    except UnresolvableError:
        return False


def _blank(n: int) -> list[cst.EmptyLine]:
    return [cst.EmptyLine() for _ in range(n)]


def _comment_lines(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
    """Comments a dropped statement carried (own-line and trailing)."""
    lines = [ln for ln in stmt.leading_lines if ln.comment is not None]
    if isinstance(stmt, cst.SimpleStatementLine) and stmt.trailing_whitespace.comment is not None:
        lines.append(cst.EmptyLine(comment=stmt.trailing_whitespace.comment))
    return lines


def _single_assign(stmt: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
            and isinstance(stmt.body[0].targets[0].target, cst.Name)):
        return stmt.body[0].targets[0].target.value, stmt.body[0].value
    return None


def _ctx_call(node: cst.BaseExpression, ctx: str, methods: tuple[str, ...]) -> str | None:
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.value.value == ctx
            and node.func.attr.value in methods and len(node.args) == 1):
        return literal_string(node.args[0].value)
    return None


class _CtxCalls(cst.CSTVisitor):
    def __init__(self, ctx: str) -> None:
        self.ctx = ctx
        self.names = 0
        self.reads: list[str | None] = []

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        if node.value == self.ctx:
            self.names += 1

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        slot = _ctx_call(node, self.ctx, ("input", "multi_input"))
        if slot is not None:
            self.reads.append(slot)


def _find_folds(mk: _KernelMigration, body: list[cst.BaseStatement], ctx: str
                ) -> list[cst.BaseStatement]:
    """Fold `if ctx.has_input(T): v = f(ctx.input(T))` into a Scalar/IntArray attribute."""
    bindings: dict[str, tuple[str, int]] = {}
    for i, stmt in enumerate(body):
        sa = _single_assign(stmt)
        if sa is not None:
            attr = _ctx_call(sa[1], ctx, ("attr",))
            if attr is not None:
                bindings[sa[0]] = (attr, i)
    drop: set[int] = set()
    for i, stmt in enumerate(body):
        if not isinstance(stmt, cst.If):
            continue
        chain = _fold_chain(stmt, ctx)
        if chain is None:
            continue
        local, branches, else_attr = chain
        if else_attr is not None:
            attr, bind_at = else_attr, None
        elif local in bindings and bindings[local][1] < i:
            attr, bind_at = bindings[local][0], bindings[local][1]
            between = body[bind_at + 1:i]
            if any(local in {n.value for n in load_names(s)} for s in between):
                raise SkipError(f"uses '{local}' between reading attribute '{attr}' and the "
                           "tensor override")
        else:
            continue
        proto_attr = mk.proto.attr(attr)
        if proto_attr is None:
            raise SkipError(f"reads attribute '{attr}' that the op proto does not declare")
        feeders = []
        convs = set()
        for slot, _method, value in branches:
            if mk.proto.input(slot) is None:
                raise SkipError(f"reads input '{slot}' that the op proto does not declare")
            v = _CtxCalls(ctx)
            value.visit(v)
            if v.names != len(v.reads) or set(v.reads) != {slot}:
                raise SkipError(f"the override of '{attr}' by '{slot}' uses ctx beyond "
                           f"ctx.input({slot!r})")
            conv = dotted(value.func) if isinstance(value, cst.Call) else None
            convs.add(conv)
            feeders.append(slot)
        if proto_attr.type in SCALAR_ATTRS:
            kind = "Scalar"
            want = SCALAR_ATTRS[proto_attr.type]
            conv = convs.pop() if len(convs) == 1 else None
            if conv not in ("float", "int", "bool") or (want is not None and conv != want):
                raise SkipError(f"tensor override of attribute '{attr}' ({proto_attr.type}) is not "
                           f"converted with {want or 'float/int/bool'}(...)")
            if want is None:
                conv = None
        elif proto_attr.type in INT_ARRAY_ATTRS:
            kind, conv = "IntArray", None
        else:
            raise SkipError(f"tensor override of attribute '{attr}' of type {proto_attr.type}")
        fold = Fold(attr, local, conv, kind, feeders)
        mk.folds[attr] = fold
        drop.add(i)
        if bind_at is not None:
            drop.add(bind_at)
    if not mk.folds:
        return body
    kept: list[cst.BaseStatement] = []
    carry: list[cst.EmptyLine] = []
    for i, stmt in enumerate(body):
        if i in drop:
            carry.extend(_comment_lines(stmt))
            continue
        if carry:
            stmt = stmt.with_changes(leading_lines=[*carry, *stmt.leading_lines])
            carry = []
        kept.append(stmt)
    locals_ = {f.local for f in mk.folds.values()}
    module = cst.IndentedBlock(kept)
    for ev in NameWalker().walk(module):
        if ev.name in locals_:
            if ev.store:
                raise SkipError(f"reassigns '{ev.name}' after folding its tensor override")
            fold = next(f for f in mk.folds.values() if f.local == ev.name)
            mk.fold_loads[id(ev.node)] = (fold, ev.node)
    return kept


def _fold_chain(stmt: cst.If, ctx: str
                ) -> tuple[str, list[tuple[str, str, cst.BaseExpression]], str | None] | None:
    branches: list[tuple[str, str, cst.BaseExpression]] = []
    local: str | None = None
    node: Any = stmt
    else_attr = None
    while isinstance(node, cst.If):
        test = node.test
        slot = _ctx_call(test, ctx, ("has_input", "has_inputs"))
        if slot is None or len(node.body.body) != 1:
            return None
        sa = _single_assign(node.body.body[0])
        if sa is None or (local is not None and sa[0] != local):
            return None
        local = sa[0]
        method = test.func.attr.value  # type: ignore[attr-defined]
        branches.append((slot, method, sa[1]))
        node = node.orelse
    if isinstance(node, cst.Else):
        if len(node.body.body) != 1:
            return None
        sa = _single_assign(node.body.body[0])
        if sa is None or sa[0] != local:
            return None
        else_attr = _ctx_call(sa[1], ctx, ("attr",))
        if else_attr is None:
            return None
    assert local is not None
    return local, branches, else_attr


def _drop_identities(block: cst.CSTNode, replacements: dict[int, cst.Name]) -> Any:
    """Remove `x = x` left where a read was bound to its own parameter name."""

    class Dropper(cst.CSTTransformer):
        def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                                updated: cst.IndentedBlock) -> cst.IndentedBlock:
            kept: list[Any] = []
            carry: list[cst.EmptyLine] = []
            for orig, new in zip(original.body, updated.body):
                if _is_identity(orig, replacements):
                    carry.extend(_comment_lines(new))
                    continue
                if carry:
                    new = new.with_changes(leading_lines=[*carry, *new.leading_lines])
                    carry = []
                kept.append(new)
            if not kept:
                kept = [cst.SimpleStatementLine([cst.Pass()], leading_lines=carry)]
                carry = []
            return updated.with_changes(body=kept, footer=[*carry, *updated.footer])

    return block.visit(Dropper())


def _inline_aliases(block: Any, mk: _KernelMigration, params: dict[str, str]) -> Any:
    """Drop `a = x` (x a parameter the rewrite put there) and read x where a was read.

    Only for an alias that spells the parameter's own name (`a` is the slot's snake
    name, or `x` with trailing underscores: the parameter was renamed, e.g. a DataType
    `out_dtype` -> `dtype`, `input_` -> `input`), when `a` is bound by that statement
    alone (no other store, no nested scope binding it) and `x` is never rebound: both
    names then denote one object throughout, so `out_dtype = dtype; alloc(out,
    out_dtype)` becomes `alloc(out, dtype)`. Aliases with a name of the author's own
    (`src = x`) stay.
    """
    events = NameWalker().walk(block)
    aliases: dict[str, str] = {}
    drop: set[int] = set()
    for stmt in block.body:
        pair = _single_assign(stmt)
        if pair is None or not isinstance(pair[1], cst.Name):
            continue
        local, value = pair[0], pair[1]
        if (id(value) not in mk.replacements or value.value not in params or local in params
                or local in aliases or value.value in aliases):
            continue
        if local != params[value.value] and local.rstrip("_") != value.value.rstrip("_"):
            continue  # the author's own name for the value
        if any(e.store for e in events if e.name == value.value):
            continue
        stores = [e for e in events if e.name == local and e.store]
        if len(stores) != 1 or stores[0].nested:
            continue
        aliases[local] = value.value
        drop.add(id(stmt))
    if not aliases:
        return block

    class Inline(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:  # noqa: N802
            if original.value in aliases:
                return mk.name_node(aliases[original.value])
            return updated

    kept: list[Any] = []
    carry: list[cst.EmptyLine] = []
    for stmt in block.body:
        if id(stmt) in drop:
            carry.extend(_comment_lines(stmt))
            continue
        loads = {n.value for n in load_names(stmt)}
        new = stmt.visit(Inline()) if loads & set(aliases) else stmt  # others keep their ids
        if carry:
            new = new.with_changes(leading_lines=[*carry, *new.leading_lines])
            carry = []
        kept.append(new)
    if not kept:
        kept = [cst.SimpleStatementLine([cst.Pass()], leading_lines=carry)]
        carry = []
    return block.with_changes(body=kept, footer=[*carry, *block.footer])


def _is_identity(stmt: Any, replacements: dict[int, cst.Name]) -> bool:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return False

    def same(t: Any, v: Any) -> bool:
        if isinstance(t, cst.Name) and isinstance(v, cst.Name):
            return t.value == v.value and id(v) in replacements
        if isinstance(t, (cst.Tuple, cst.List)) and isinstance(v, (cst.Tuple, cst.List)):
            return len(t.elements) == len(v.elements) and all(
                same(a.value, b.value) for a, b in zip(t.elements, v.elements))
        return False

    return same(target, value)


def _check_bindings(mk: _KernelMigration, body: cst.CSTNode, params: list[str]) -> set[str]:
    """Parameters whose name the body also uses for something else; empty when safe.

    A replaced read must not run after its parameter was rebound (in order, or
    through a loop), and a name the body took from module scope must not become
    a parameter.
    """
    events = NameWalker().walk(body)
    clash: set[str] = set()
    for p in params:
        mine = [e for e in events if e.name == p]
        reads = [e for e in mine if not e.store and id(e.node) in mk.replacements]
        own_scopes = {e.scope for e in mine if e.store and e.nested}  # comprehension targets
        other_loads = [e for e in mine if not e.store and id(e.node) not in mk.replacements
                       and e.scope not in own_scopes]
        stores = [e for e in mine if e.store and not e.nested]
        if not stores:
            if other_loads:
                clash.add(p)
            continue
        identity_stores = {id(e.node) for e in stores if _store_is_identity(e, events, mk)}
        real = [e for e in stores if id(e.node) not in identity_stores]
        if not real:
            continue
        first = events.index(real[0])
        for r in reads:
            if events.index(r) > first or r.nested:
                raise SkipError(f"rebinds '{p}', which is also the parameter for its slot, before "
                           "a later read of that slot")
            for s in real:
                if set(r.loops) & set(s.loops):
                    raise SkipError(f"rebinds '{p}' in a loop that also reads its slot")
    return clash


def _store_is_identity(store: Any, events: list[Any], mk: _KernelMigration) -> bool:
    i = events.index(store)
    return (i > 0 and not events[i - 1].store and events[i - 1].name == store.name
            and id(events[i - 1].node) in mk.replacements)


def migrate_kernel(mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
                   func_name: str) -> KernelFunction:
    info = mctx.info
    proto = info.protos.get(op_type)
    if proto is None:
        raise SkipError(f"op '{op_type}' is not registered (register_operator) in this module, so "
                   "its proto is unknown")
    if isinstance(proto, str):
        raise SkipError(proto)
    mro, outside = info.class_mro(class_name)
    for q in outside:
        if q.split(".")[-1] != "OpKernel":
            raise SkipError(f"inherits from {q}, defined outside this module")
    for cls in mro:
        for d in cls.decorators:
            if not _is_harmless(d):
                raise SkipError(f"class decorator @{code_of(d.decorator)} on {cls.name.value}")
    last_error: SkipError | None = None
    renamed: set[str] = set()
    for _ in range(4):
        mk = _KernelMigration(mctx, class_name, op_type, phi_name, proto)
        mk.renamed = set(renamed)
        try:
            return _migrate(mk, mro, func_name)
        except _RenameError as r:
            renamed |= r.names
            last_error = SkipError(f"parameter names {sorted(r.names)} clash with names in "
                                   "compute()")
    assert last_error is not None
    raise last_error


class _RenameError(Exception):
    def __init__(self, names: set[str]) -> None:
        self.names = names


def _check_runtime_access(info: ModuleInfo, compute: cst.FunctionDef) -> None:
    """Executor calls and scope objects have no place in a PHI kernel."""
    for n in load_names(compute.body):
        if n.value not in info.imports.names:
            continue
        q = info.imports.resolve(n) or ""
        last = q.split(".")[-1]
        if ".executor" in q or last in ("Executor", "run_program"):
            raise SkipError(f"calls into the executor ({n.value} = {q})")
        if ".scope" in q or last in ("Scope", "Variable"):
            raise SkipError(f"creates or writes scope variables ({n.value} = {q})")


def _migrate(mk: _KernelMigration, mro: list[cst.ClassDef], func_name: str) -> KernelFunction:
    compute: cst.FunctionDef | None = None
    for cls in mro:
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef):
                if stmt.name.value == "compute":
                    compute = compute or stmt
                else:
                    mk.methods.setdefault(stmt.name.value, (cls, stmt))
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                            small.targets[0].target, cst.Name):
                        mk.class_attrs.setdefault(small.targets[0].target.value, small.value)
                    elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) \
                            and small.value is not None:
                        mk.class_attrs.setdefault(small.target.value, small.value)
    if compute is None:
        raise SkipError("defines no compute() in this module")
    if compute.asynchronous:
        raise SkipError("compute() is async")
    for d in compute.decorators:
        if not _is_harmless(d):
            raise SkipError(f"compute() is decorated with @{code_of(d.decorator)}")
    params = compute.params
    if (len(params.params) != 2 or params.star_arg is not cst.MaybeSentinel.DEFAULT
            or params.kwonly_params or params.star_kwarg or params.posonly_params):
        raise SkipError("compute() does not take exactly (self, ctx)")
    self_name, ctx_name = params.params[0].name.value, params.params[1].name.value
    mk.dtype_attrs = _dtype_attrs(mk, compute.body, ctx_name)
    mk.assign_names()
    _check_runtime_access(mk.info, compute)
    body = list(compute.body.body)
    docstring: cst.BaseStatement | None = None
    cls_doc = mro[0].get_docstring(clean=False)
    if cls_doc is not None:
        docstring = next(s for s in mro[0].body.body)
    body = _find_folds(mk, body, ctx_name)
    block = compute.body.with_changes(body=body)
    new_block = block.visit(_Rewriter(mk, ctx_name, self_name))
    for n in load_names(new_block):
        if n.value == ctx_name:
            raise SkipError(f"passes the ExecutionContext '{ctx_name}' on or keeps it (only "
                       "ctx.input/output/attr/... reads can become parameters)")
        if n.value == self_name:
            raise SkipError(f"uses {self_name} beyond helpers and constant class attributes "
                       "(instance state)")
    for slot in [*mk.inputs_read, *mk.outputs_read]:
        uses = (mk.inputs_read.get(slot) or set()) | (mk.outputs_read.get(slot) or set())
        if {"single", "list"} <= uses:
            raise SkipError(f"reads '{slot}' both as one tensor and as a list")
    param_list = _params(mk, _none_checked(new_block))
    clash = _check_bindings(mk, new_block, [mk.dev_ctx_name, *[p.name for p in param_list]])
    if clash:
        raise _RenameError(clash)
    new_block = _inline_aliases(new_block, mk, {p.name: snake(p.slot) for p in param_list})
    new_block = _drop_identities(new_block, mk.replacements)
    own_names = {c.name.value for c in mro}
    for n in load_names(new_block):
        if n.value in own_names:
            raise SkipError(f"refers to kernel class {n.value} inside compute()")
    notes = [ln for ln in compute.leading_lines if ln.comment is not None]
    if notes:
        first = new_block.body[0]
        new_block = new_block.with_changes(
            body=[first.with_changes(leading_lines=[*notes, *first.leading_lines]),
                  *new_block.body[1:]])
    if docstring is not None:
        new_block = new_block.with_changes(
            body=[docstring.with_changes(leading_lines=()), *new_block.body])
    header = cst.parse_statement(f"def {func_name}():\n    pass\n")
    assert isinstance(header, cst.FunctionDef)
    node = header.with_changes(body=new_block, leading_lines=mro[0].leading_lines)
    return KernelFunction(mk.op_type, mk.class_name, func_name, mk.phi_name, param_list, [],
                          node, mk.helpers, list(mk.folds.values()), mk.hints,
                          [c.name.value for c in mro])


def _dtype_conversion(info: ModuleInfo, node: cst.CSTNode, ctx: str) -> str | None:
    """`VarType(ctx.attr("dtype")).to_phi()` (or with `int(...)` around the read) -> "dtype"."""
    if not (isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "to_phi"):
        return None
    inner = node.func.value
    if not (isinstance(inner, cst.Call) and len(inner.args) == 1 and not inner.args[0].keyword
            and info.imports.is_symbol(inner.func, "VarType")):
        return None
    arg = inner.args[0].value
    if (isinstance(arg, cst.Call) and isinstance(arg.func, cst.Name) and arg.func.value == "int"
            and len(arg.args) == 1):
        arg = arg.args[0].value
    return _ctx_call(arg, ctx, ("attr",))


def _dtype_attrs(mk: _KernelMigration, body: cst.CSTNode, ctx: str) -> set[str]:
    """Integer attributes compute() reads only through `VarType(...).to_phi()`.

    Such an attribute becomes a `DataType` parameter: the compat layer converts fluid's
    VarType number (negative: UNDEFINED) before the kernel runs, as Paddle's PHI kernels take
    `DataType dtype`."""
    converted: dict[str, int] = {}
    reads: dict[str, int] = {}

    class V(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
            name = _dtype_conversion(mk.info, node, ctx)
            if name is not None:
                converted[name] = converted.get(name, 0) + 1
            name = _ctx_call(node, ctx, ("attr",))
            if name is not None:
                reads[name] = reads.get(name, 0) + 1

    body.visit(V())
    out = set()
    for name, n in converted.items():
        attr = mk.proto.attr(name)
        if attr is not None and attr.type in ("INT", "LONG") and reads.get(name) == n:
            out.add(name)
    return out


def _none_checked(block: cst.CSTNode) -> set[str]:
    """Names the body compares with None: the legacy kernel treats them as optional."""
    names: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Comparison(self, node: cst.Comparison) -> None:  # noqa: N802
            operands = [node.left, *[c.comparator for c in node.comparisons]]
            if any(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons) and \
                    any(isinstance(o, cst.Name) and o.value == "None" for o in operands):
                names.update(o.value for o in operands if isinstance(o, cst.Name))

    block.visit(V())
    return names


def _params(mk: _KernelMigration, none_checked: set[str]) -> list[Param]:
    out: list[Param] = []
    for v in mk.proto.inputs:
        uses = mk.inputs_read.get(v.name)
        if not uses:
            continue
        is_list = v.duplicable
        name = mk.param_name(v.name, "input")
        optional = not is_list and (v.dispensable or name in none_checked)
        hint = "list[DenseTensor]" if is_list else (
            "DenseTensor | None" if optional else "DenseTensor")
        out.append(Param(name, "input", v.name, hint, optional, is_list))
    for a in mk.proto.attrs:
        fold = mk.folds.get(a.name)
        if a.name not in mk.attrs_read and fold is None:
            continue
        hint = fold.kind if fold is not None else (
            "DataType" if a.name in mk.dtype_attrs else ATTR_HINTS[a.type])
        out.append(Param(mk.param_name(a.name, "attr"), "attr", a.name, hint, attr_type=a.type,
                         feeders=list(fold.feeders) if fold else [], default=a.default))
    for v in mk.proto.outputs:
        if not mk.outputs_read.get(v.name):
            continue
        name = mk.param_name(v.name, "output")
        optional = not v.duplicable and (v.dispensable or name in none_checked)
        hint = "OutTensorList" if v.duplicable else (
            "OptionalOutTensor" if optional else "OutTensor")
        out.append(Param(name, "output", v.name, hint, optional, v.duplicable))
    return out
