"""Outputs written through a generator context manager taking ctx (issue 23, cm50).

`with quiet_fp(ctx.xp), produce(ctx, "Out", like=x, keep_lod=True) as out: <body>` in
compute(), `produce` a module-level function of the tree decorated exactly by
`contextlib.contextmanager` (LibCST's qualified names: any import form), is inlined before
the kernel is read, so the usual ctx rewriting and dead-branch folding see plain code:

    with quiet_fp(ctx.xp):
        <the statements before produce's `yield`, its locals renamed fresh>
        out = <the yielded expression>
        <body>
        <the statements after the `yield`>

The call's arguments bind the parameters (positional, keyword, literal defaults): a
literal, or a name the `with` statement never rebinds (and the helper never spells), is
substituted where the helper reads the parameter; anything else, or a parameter the helper
rebinds, is bound to a fresh local first, in the call's order. The helper has one `yield`,
a statement at the top level of its body (never inside try/with/loop/if), no `return`, no
`global`/`nonlocal`, uses its ctx parameter only as `ctx.NAME`, and reads no state of its
module (`tree_bases.transplant_imports`); so the code after the `yield` runs exactly when
the body did not raise, as the generator runs it (no try/finally in the helper). The
`with` body must not leave the block early (`return`, a `break`/`continue` of an outer
loop: the generator would still run its code after the `yield`), its target is a plain
name, and no `try` around it reads that name in a handler. Other items of the `with`
stay a `with` in their order: those before around the inlined code, those after around
the body. Tests of the helper its literal arguments decide are folded first
(`generator_folds`). Anything else is a named refusal (SkipError).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import libcst as cst
import libcst.matchers as m
from libcst.metadata import MetadataWrapper, QualifiedNameProvider, ScopeProvider

from migrate.cst_walk import wrapper_of
from migrate.fstring_fields import FieldMerges
from migrate.generator_folds import fold_known, followed
from migrate.kernel_ctx_helpers import module_function
from migrate.kernel_model import SkipError
from migrate.local_renames import variable_names
from migrate.moved_reads import own_state
from migrate.names import load_names, snake, store_names
from migrate.static_refs import UnresolvableError, code_of, dotted
from migrate.syntax import passes_ctx
from migrate.tree_bases import global_reads, transplant_imports
from migrate.tree_origins import origin_of

if TYPE_CHECKING:
    from migrate.static import ModuleInfo

#: `kernel_rewrite.KernelMigration` (not imported here)
KernelMigration = Any

CONTEXTMANAGER = "contextlib.contextmanager"
_LITERAL_NAMES = ("None", "True", "False")
_BY_NAME = ("locals", "vars", "eval", "exec", "dir")


def inline_managers(mk: KernelMigration, compute: cst.FunctionDef, ctx: str,
                    where: ModuleInfo) -> cst.FunctionDef:
    """`compute` (a method of a class of module `where`) with each `with` item calling
    such a context manager with `ctx` inlined (the names the inlined code reads from the
    helper's module recorded in `mk.moved`); unchanged when it has none."""
    for _ in range(16):  # a `with` of several managers taking ctx: one per pass
        inliner = _Inliner(mk, compute, ctx, where)
        new = compute.visit(inliner)
        if not inliner.changed:
            return new
        compute = new
    return compute


def _is_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
        return True
    return isinstance(node, cst.Name) and node.value in _LITERAL_NAMES


class _Inliner(cst.CSTTransformer):
    def __init__(self, mk: KernelMigration, compute: cst.FunctionDef, ctx: str,
                 where: ModuleInfo) -> None:
        super().__init__()
        self.mk, self.ctx, self.compute, self.where = mk, ctx, compute, where
        self.changed = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and \
                node is not self.compute:
            return False
        if isinstance(node, cst.Try) or type(node).__name__ == "TryStar":
            self._check_handlers(node)
        return super().on_visit(node)

    def _managed(self, w: cst.With) -> tuple[int, cst.FunctionDef, ModuleInfo] | None:
        """The first item of `w` calling a generator context manager with ctx."""
        for i, item in enumerate(w.items):
            call = item.item
            if not isinstance(call, cst.Call) or not passes_ctx(call, self.ctx):
                continue
            spelled = dotted(call.func)
            if spelled is None:
                continue
            found = module_function(self.where, spelled)
            if isinstance(found, str):
                continue
            _, fn, home = found
            if _decorated_as_manager(home, fn):
                return i, fn, home
        return None

    def _check_handlers(self, node: Any) -> None:
        """A `try` around such a `with` whose handlers or `finally` read its target."""
        for w in m.findall(node.body, m.With()):
            found = self._managed(cst.ensure_type(w, cst.With))
            if found is None:
                continue
            target = w.items[found[0]].asname  # type: ignore[attr-defined]
            if target is None or not isinstance(target.name, cst.Name):
                continue
            name = target.name.value
            around = [*node.handlers, *([node.finalbody] if node.finalbody else [])]
            if any(n.value == name for h in around for n in load_names(h)):
                raise SkipError(f"writes through {found[1].name.value}() inside a `try` whose "
                                f"handler reads its output '{name}' (inlined, the handler "
                                "would see code that was the context manager's)")

    def leave_With(self, original_node: cst.With, updated_node: cst.With  # noqa: N802
                   ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement]:
        if self.changed or updated_node.asynchronous is not None:
            return updated_node
        found = self._managed(updated_node)
        if found is None:
            return updated_node
        at, fn, home = found
        self.changed = True
        stmts = _Inlining(self.mk, self.compute, self.ctx, updated_node, at, fn, home).run()
        stmts[0] = stmts[0].with_changes(leading_lines=updated_node.leading_lines)
        before = updated_node.items[:at]
        if not before:
            return cst.FlattenSentinel(stmts)
        before = [*before[:-1], before[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
        return updated_node.with_changes(items=before, body=cst.IndentedBlock(body=stmts))


def _decorated_as_manager(home: ModuleInfo, fn: cst.FunctionDef) -> bool:
    """Whether `fn` (a def of `home`'s module) has a decorator LibCST qualifies as
    `contextlib.contextmanager`."""
    memo = home.memo.setdefault("manager_qnames", {})
    if "qnames" not in memo:
        wrapper = wrapper_of(home.module)
        memo["qnames"] = wrapper.resolve(QualifiedNameProvider)
    qnames = memo["qnames"]
    for d in fn.decorators:
        names = qnames.get(d.decorator, ())
        if CONTEXTMANAGER in {q.name for q in (names() if callable(names) else names)}:
            return True  # QualifiedNameProvider's values are loaded lazily
    return False


class _Inlining:
    """One `with` item's call of helper `fn` (of module `home`) inlined."""

    def __init__(self, mk: KernelMigration, compute: cst.FunctionDef, ctx: str, w: cst.With,
                 at: int, fn: cst.FunctionDef, home: ModuleInfo) -> None:
        self.mk, self.compute, self.ctx, self.w, self.at = mk, compute, ctx, w, at
        self.fn, self.home = fn, home
        self.name = fn.name.value
        self.call = cst.ensure_type(w.items[at].item, cst.Call)

    def refuse(self, why: str) -> SkipError:
        return SkipError(f"writes through the context manager {self.name}(), {why}")

    def run(self) -> list[cst.BaseStatement]:
        fn = self.fn
        self._check_helper()
        self._check_with()
        bound = self._bind()
        ctx_param = self._ctx_param(bound)
        needs = self._moved_reads()
        local = store_names(self.compute.body, outer_only=False)
        reads = {n.value for n in load_names(fn.body)}
        for name in sorted(global_reads(self.home, fn) & reads & local):
            raise self.refuse(f"which reads the module-level name '{name}', a local of "
                              "compute() here")
        self.mk.moved.update(needs)
        return self._statements(bound, ctx_param)

    def _moved_reads(self) -> dict[str, tuple[str, str]]:
        """What the helper's module-level reads need imported here (name -> (module, name)):
        each means the same here or is imported from where its module gets it, and none is
        state of its module (for a helper of this module too: the brief's rule, stricter
        than the live read it would be)."""
        fn, home = self.fn, self.home
        if home is not self.mk.info and home.path != self.mk.info.path:
            try:
                return transplant_imports(self.mk.info, home, fn,
                                          role="writes through the context manager")
            except UnresolvableError as exc:
                raise SkipError(str(exc)) from None
        for name in sorted(global_reads(home, fn)) if home.path is not None else ():
            theirs = origin_of(home.path, name)
            state = own_state(home, theirs, name) if theirs is not None else ""
            if state:
                raise self.refuse(f"which reads '{name}', state of its module ({state})")
        return {}

    def _ctx_param(self, bound: dict[str, cst.BaseExpression | None]) -> str:
        """The parameter given ctx, used only as `ctx.NAME` and never rebound."""
        fn = self.fn
        given = [k for k, v in bound.items() if v is not None and m.matches(v, m.Name(self.ctx))]
        if len(given) != 1:
            raise self.refuse("given ctx more than once")
        ctx_param = given[0]
        if ctx_param in store_names(fn.body, outer_only=False):
            raise self.refuse(f"which rebinds its ctx parameter '{ctx_param}'")
        for use in _bare_uses(fn.body, ctx_param):
            raise self.refuse(f"which keeps or passes on its ctx parameter (`{use}`): only "
                              f"{ctx_param}.NAME reads are read")
        return ctx_param

    def _check_helper(self) -> None:
        fn = self.fn
        if len(fn.decorators) != 1 or fn.asynchronous is not None:
            raise self.refuse("which is decorated by more than contextlib.contextmanager or "
                              "async")
        params = fn.params
        if params.posonly_params or params.star_kwarg or isinstance(params.star_arg, cst.Param):
            raise self.refuse("whose parameters are not plain positional or keyword-only ones")
        for p in [*params.params, *params.kwonly_params]:
            if p.default is not None and not _is_literal(p.default):
                raise self.refuse(f"whose parameter '{p.name.value}' defaults to "
                                  f"`{code_of(p.default).strip()}`, not a literal")
        own = _own_nodes(fn.body)
        if any(isinstance(n, (cst.Global, cst.Nonlocal)) for n in own):
            raise self.refuse("which declares global or nonlocal names")
        if any(isinstance(n, cst.Return) for n in own):
            raise self.refuse("which returns (a generator's `return` ends it early)")
        yields = [n for n in own if isinstance(n, cst.Yield)]
        if len(yields) != 1:
            raise self.refuse(f"which yields {len(yields)} times (a `with` runs one yield)")
        if self._yield_at() is None:
            raise self.refuse("whose yield is not a statement of its body's top level (inside "
                              "a try, with, loop or if, the code around it is no plain "
                              "before and after)")
        if any(n.value in _BY_NAME for n in load_names(fn.body)):
            raise self.refuse("which reads its locals by name (locals(), eval, ...)")

    def _yield_at(self) -> int | None:
        for i, stmt in enumerate(self.fn.body.body):
            if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and \
                    m.matches(stmt.body[0], m.Expr(value=m.Yield())) and not isinstance(
                        cst.ensure_type(stmt.body[0], cst.Expr).value.value, cst.From):  # type: ignore[attr-defined]
                return i
        return None

    def _check_with(self) -> None:
        item = self.w.items[self.at]
        if item.asname is not None and not isinstance(item.asname.name, cst.Name):
            raise self.refuse(f"whose value the `with` binds to "
                              f"`{code_of(item.asname.name).strip()}`, not a plain name")
        escape = _escapes(self.w.body)
        if escape:
            raise self.refuse(f"whose block leaves early by `{escape}` (the generator would "
                              "still run its code after the yield)")

    def _bind(self) -> dict[str, cst.BaseExpression | None]:
        """Each parameter's argument (None: not given, its default applies)."""
        params = self.fn.params
        positional = [p.name.value for p in params.params]
        names = positional + [p.name.value for p in params.kwonly_params]
        bound: dict[str, cst.BaseExpression | None] = {}
        order: list[str] = []
        pos = 0
        for arg in self.call.args:
            if arg.star:
                raise self.refuse("called with star arguments")
            if arg.keyword is None:
                if pos >= len(positional):
                    raise self.refuse("called with more positional arguments than it takes")
                key = positional[pos]
                pos += 1
            else:
                key = arg.keyword.value
                if key not in names:
                    raise self.refuse(f"called with keyword '{key}', no parameter of it")
            if key in bound:
                raise self.refuse(f"called with parameter '{key}' twice")
            bound[key] = arg.value
            order.append(key)
        for p in [*params.params, *params.kwonly_params]:
            if p.name.value not in bound:
                if p.default is None:
                    raise self.refuse(f"called without its parameter '{p.name.value}'")
                bound[p.name.value] = None
        self.order = order
        return bound

    def _statements(self, bound: dict[str, cst.BaseExpression | None], ctx_param: str
                    ) -> list[cst.BaseStatement]:
        fn, ctx = self.fn, self.ctx
        defaults = {p.name.value: p.default for p in [*fn.params.params,
                                                      *fn.params.kwonly_params]}
        stored = store_names(fn.body, outer_only=False)
        helper_names = {n.value for n in m.findall(fn, m.Name())}
        read_params = {n.value for n in load_names(fn.body)}
        # what the `with` binds from this item on: its target, later items, the body
        in_with = store_names(self.w.body, outer_only=False) | {
            n for item in self.w.items[self.at:] for n in
            _target_names(item) | store_names(item.item, outer_only=False)}
        taken = self._taken() | helper_names
        values: dict[str, cst.BaseExpression] = {ctx_param: cst.Name(ctx)}
        known: dict[str, cst.BaseExpression] = {}  # literals: the tests they decide go
        first: list[cst.BaseStatement] = []
        renamed: dict[str, str] = {}
        for key in [*self.order, *(k for k, v in bound.items() if v is None)]:
            if key == ctx_param:
                continue
            arg = bound[key]
            value = arg if arg is not None else defaults[key]
            assert value is not None
            # a name read nowhere would not be evaluated at all (its NameError lost)
            pure = _is_literal(value) or (isinstance(value, cst.Name) and value.value not in
                                          in_with and value.value not in helper_names
                                          and key in read_params)
            if _is_literal(value) and (key not in stored or followed(fn.body, key)):
                known[key] = value
            if pure and key not in stored:
                values[key] = value
                continue
            renamed[key] = _fresh(key, taken)
            if key not in known:  # a known one is bound where fold_known first needs it
                first.append(cst.SimpleStatementLine([cst.Assign(
                    [cst.AssignTarget(cst.Name(renamed[key]))], value)]))
        for name in sorted(_function_locals(fn) - set(values) - set(renamed)):
            renamed[name] = _fresh(name, taken)
        reads: dict[cst.Name, cst.BaseExpression] = {}
        stmts = fold_known(list(fn.body.body), known, reads)
        body = _substituted(fn.with_changes(body=fn.body.with_changes(body=stmts)), values,
                            renamed, reads)
        at = next((i for i, s in enumerate(body.body) if m.matches(
            s, m.SimpleStatementLine(body=[m.Expr(value=m.Yield())]))), None)
        if at is None:  # it raises for sure before its yield: the block never runs
            return [*first, *body.body]
        pre, post = list(body.body[:at]), list(body.body[at + 1:])
        if pre and fn.get_docstring(clean=False) is not None:
            pre = pre[1:]  # its docstring is no statement to run here
        yielded = cst.ensure_type(cst.ensure_type(body.body[at], cst.SimpleStatementLine)
                                  .body[0], cst.Expr).value
        value = cst.ensure_type(yielded, cst.Yield).value
        item = self.w.items[self.at]
        got: list[cst.BaseStatement] = []
        if item.asname is not None:
            got = [cst.SimpleStatementLine([cst.Assign(
                [cst.AssignTarget(item.asname.name)],
                value if value is not None else cst.Name("None"))])]  # type: ignore[arg-type]
        elif value is not None and not _is_literal(value):
            got = [cst.SimpleStatementLine([cst.Expr(value)])]  # type: ignore[arg-type]
        inner = _statements_of(self.w.body)
        after = self.w.items[self.at + 1:]
        if after:
            inner = [self.w.with_changes(items=after, body=cst.IndentedBlock(body=inner),
                                         leading_lines=())]
        return [*first, *pre, *got, *inner, *post]

    def _taken(self) -> set[str]:
        mk = self.mk
        taken = {n.value for n in m.findall(self.compute, m.Name())}
        taken |= set(mk.info.module_names()) | variable_names(self.compute)
        taken |= {snake(v.name) for v in (*mk.proto.inputs, *mk.proto.outputs,
                                            *mk.proto.attrs)}
        taken |= {c.name.value for c in mk.mro}
        return taken


def _fresh(name: str, taken: set[str]) -> str:
    new = name
    while new in taken:
        new += "_"
    taken.add(new)
    return new


def _own_nodes(body: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes of `body` outside the functions, lambdas and classes nested in it."""
    out: list[cst.CSTNode] = []

    class V(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            out.append(node)
            return True

    body.visit(V())
    return out


def _escapes(body: cst.BaseSuite) -> str:
    """The first statement leaving `body` early: a `return`, or a `break`/`continue` not
    inside a loop of `body`; "" when none."""
    found: list[str] = []

    class V(cst.CSTVisitor):
        loops = 0

        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            if isinstance(node, (cst.For, cst.While)):
                self.loops += 1
            if isinstance(node, cst.Return) or (
                    isinstance(node, (cst.Break, cst.Continue)) and not self.loops):
                found.append(code_of(node).strip() or type(node).__name__.lower())
            return True

        def on_leave(self, original_node: cst.CSTNode) -> None:
            if isinstance(original_node, (cst.For, cst.While)):
                self.loops -= 1

    body.visit(V())
    return found[0] if found else ""


def _bare_uses(body: cst.CSTNode, ctx: str) -> list[str]:
    """The statements reading `ctx` otherwise than as `ctx.NAME`."""
    attrs = {id(a.value) for a in m.findall(body, m.Attribute(value=m.Name(ctx)))}
    bare = {id(n) for n in load_names(body) if n.value == ctx and id(n) not in attrs}
    if not bare:
        return []
    for stmt in m.findall(body, m.SimpleStatementLine()):
        if any(id(n) in bare for n in m.findall(stmt, m.Name(ctx))):
            return [code_of(stmt).strip()]
    return [f"{ctx} read otherwise"]


def _target_names(item: cst.WithItem) -> set[str]:
    if item.asname is None:
        return set()
    return {n.value for n in m.findall(item.asname.name, m.Name())}


def _statements_of(body: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(body, cst.IndentedBlock):
        return list(body.body)
    small = list(cst.ensure_type(body, cst.SimpleStatementSuite).body)
    small[-1] = small[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
    return [cst.SimpleStatementLine(small)]


def _function_locals(fn: cst.FunctionDef) -> set[str]:
    """The names `fn`'s own scope binds (its parameters and locals)."""
    wrapper = MetadataWrapper(cst.Module(body=[fn]))
    func = cst.ensure_type(wrapper.module.body[0], cst.FunctionDef)
    scope = wrapper.resolve(ScopeProvider).get(func.body)
    return {a.name for a in scope.assignments} if scope is not None else set()


def _substituted(fn: cst.FunctionDef, values: dict[str, cst.BaseExpression],
                 renamed: dict[str, str], reads: dict[cst.Name, cst.BaseExpression]
                 ) -> cst.IndentedBlock:
    """`fn`'s body with each read of a parameter of `values` spelled as its value, each
    read of `reads` (by identity) as its literal, and each other binding and access of a
    local of `renamed` under its new name (LibCST's ScopeProvider: comprehensions and nested
    functions reading them included)."""
    wrapper = MetadataWrapper(cst.Module(body=[fn]), unsafe_skip_copy=True)
    scopes = wrapper.resolve(ScopeProvider)
    params = {id(p.name) for p in [*fn.params.params, *fn.params.kwonly_params]}
    nodes: dict[cst.Name, cst.BaseExpression] = dict(reads)
    for scope in {s for s in scopes.values() if s is not None}:
        for access in scope.accesses:
            name = access.node
            if not isinstance(name, cst.Name) or name in nodes:
                continue
            if name.value in values and _is_own(access.referents, scopes.get(fn.body)):
                nodes[name] = values[name.value]
            elif name.value in renamed and _is_own(access.referents, scopes.get(fn.body)):
                nodes[name] = cst.Name(renamed[name.value])
    scope = scopes.get(fn.body)
    assert scope is not None
    for old, new in renamed.items():
        for a in scope.assignments[old]:
            if isinstance(a.node, cst.Name) and id(a.node) not in params:
                nodes.setdefault(a.node, cst.Name(new))
    return cst.ensure_type(fn.body.visit(_Spelled(nodes)), cst.IndentedBlock)


def _is_own(referents: Any, scope: Any) -> bool:
    """Whether an access reaches a binding of the helper's own scope (a parameter or local)."""
    return bool(referents) and all(getattr(a, "scope", None) is scope for a in referents)


class _Spelled(FieldMerges):
    """Each name of `nodes` (by identity) spelled as a copy of its value there (a string
    literal landing as a whole f-string field merged into its text)."""

    def __init__(self, nodes: dict[cst.Name, cst.BaseExpression]) -> None:
        super().__init__()
        self.nodes = nodes

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name  # noqa: N802
                   ) -> cst.BaseExpression:
        if original_node in self.nodes:
            return self.substituted(self.nodes[original_node].deep_clone())
        return updated_node
