"""One legacy `OpKernel` class -> one PHI functional kernel (a libcst FunctionDef).

`migrate_kernel` either returns a `KernelFunction` or raises `SkipError` with a
specific reason; it never returns a half-converted body. The passes live in
`kernel_rewrite` (reads -> parameters), `kernel_folds` (tensor-valued attributes) and
`kernel_bindings` (name safety).
"""

from __future__ import annotations

import builtins
from dataclasses import replace
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.class_keywords import keyword_members
from migrate.class_members import class_members
from migrate.class_registrations import registering_decorators
from migrate.class_stored_kernels import class_level_kernels
from migrate.cst_walk import find_all
from migrate.decorator_stores import decorator_stores, inherited_reads
from migrate.fstring_fields import spelled_for_old_pythons
from migrate.generator_managers import inline_managers
from migrate.grads import (
    GradPlan,
    check_optional,
    conform,
    none_checked,
    none_checked_through_aliases,
    none_handled,
)
from migrate.has_attr_folds import fold_has_attr
from migrate.helper_objects import held_helpers, inline_helpers
from migrate.inert_bases import INERT_ABC, abc_metaclass, abstract_left
from migrate.instance_constants import constant_note, instance_constants
from migrate.kept_contexts import kept_contexts, kept_note, read_kept, without_keeping
from migrate.kernel_bindings import (
    RebindError,
    check_bindings,
    drop_identities,
    inline_aliases,
)
from migrate.kernel_compose import (
    check_folds,
    compose_calls,
    composed_class,
    composing_stored,
    effective_init,
    static_method_of,
    stored_kernels,
    untraced,
)
from migrate.kernel_ctx_helpers import ctx_use
from migrate.kernel_folds import find_folds
from migrate.kernel_model import (
    ATTR_HINTS,
    KernelFunction,
    ModuleContext,
    Param,
    SkipError,
    is_harmless,
)
from migrate.kernel_outputs import require_output
from migrate.kernel_prepass import (
    constant_reader,
    fold_slot_names,
    inline_name_constants,
    prepare,
    qualify_builtins,
)
from migrate.kernel_receivers import ClassReceivers, ConstantKeywords, ExplicitBases
from migrate.kernel_rewrite import ConstantInliner, KernelMigration, Rewriter
from migrate.kernel_tidy import fold_dead_branches, tidy
from migrate.live_registrations import live_decorated
from migrate.local_renames import rename_local
from migrate.memo_caches import fold_memos, memo_note
from migrate.names import load_names, snake
from migrate.param_objects import inline_param_objects
from migrate.recording_decorators import recording
from migrate.static import ModuleInfo
from migrate.static_facts import StaticProto
from migrate.static_refs import UnresolvableError, code_of, quote
from migrate.syntax import ctx_call, dtype_conversion
from migrate.tree_bases import transplant_imports, tree_mro
from migrate.tree_operators import SPLIT_BLOCKER, not_registered_here, operator_proto
from migrate.write_only_counters import (
    class_counters,
    counter_note,
    drop_counters,
    write_only_counters,
)

#: how the reason of a kernel passing its context on begins (composition retries those)
PASSES_CTX = "passes the ExecutionContext"


def migrate_kernel(mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
                   func_name: str, grad: GradPlan | None = None) -> KernelFunction:
    info = mctx.info
    proto = info.protos.get(op_type)
    if proto is None:
        if op_type in info.unread_operators:
            raise SkipError(info.unread_operators[op_type])
        raise SkipError(not_registered_here(info, op_type) + _blocker(
            mctx, class_name, op_type, phi_name, func_name, grad))
    if isinstance(proto, str):
        raise SkipError(proto)
    return _migrate_class(mctx, class_name, op_type, phi_name, func_name, grad, proto)


def _blocker(mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
             func_name: str, grad: GradPlan | None) -> str:
    """For a kernel of an op whose operator another module of the tree registers: why the
    kernel could not migrate even with that module's proto (`; besides, ...`), "" when it
    could (the split alone keeps it legacy) or no such proto is read. Tried on a copy of
    the module's context: nothing of it is kept."""
    proto = operator_proto(mctx.info, op_type)
    if proto is None:
        return ""
    lifted = {k: list(v) for k, v in mctx.lifted.items()}
    trial = replace(mctx, taken=set(mctx.taken), lifted=lifted,
                    lifted_nodes=dict(mctx.lifted_nodes), composable=dict(mctx.composable),
                    foreign=dict(mctx.foreign))
    try:
        _migrate_class(trial, class_name, op_type, phi_name, func_name, grad, proto)
    except SkipError as exc:
        return f"; besides, {class_name} {SPLIT_BLOCKER}: {exc}"
    except Exception:  # an unexpected error proves nothing either way
        return ""
    return ""


def _migrate_class(mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
                   func_name: str, grad: GradPlan | None, proto: StaticProto) -> KernelFunction:
    info = mctx.info
    try:
        tree = tree_mro(info, class_name)
    except UnresolvableError as exc:
        raise SkipError(str(exc)) from None
    mro = tree.classes
    abc_ = any(q in INERT_ABC for q in tree.outside) or any(
        abc_metaclass(tree.owners.get(id(c), info), c) for c in mro)
    left = abstract_left(info, mro, tree.owners) if abc_ else None
    if left is not None:
        raise SkipError(f"is abstract (abc.ABC, abc.ABCMeta) and leaves {left}() "
                        "unimplemented: Python refuses to instantiate it")
    for q in tree.outside:
        if q.split(".")[-1] != "OpKernel" and q not in INERT_ABC:
            raise SkipError(f"inherits from {q}, defined outside this module and the tree")
    transplanted: dict[str, tuple[str, str]] = {}
    for cls in mro:  # a base of another module of the tree: its code moves here
        owner = tree.owners.get(id(cls))
        try:
            transplanted.update(transplant_imports(info, owner, cls) if owner else {})
        except UnresolvableError as exc:
            raise SkipError(str(exc)) from None
    for cls in mro:  # a registering decorator of a base ran on that base only
        home = tree.owners.get(id(cls), info)
        for d in cls.decorators:
            if not is_harmless(d) and id(d) not in registering_decorators(home) | \
                    live_decorated(home) and (why := recording(home, d, mro)):
                raise SkipError(f"class decorator @{code_of(d.decorator)} on {cls.name.value}"
                                f" ({why})")
            if cls is not mro[0] and (why := inherited_reads(  # a store the subclass inherits
                    decorator_stores(home).get(id(d), []), info, mro)):
                raise SkipError(f"class decorator @{code_of(d.decorator)} on {cls.name.value}"
                                f" stores what it may read: {why}")
    renames: dict[str, str] = {}
    qualified: set[str] = set()
    while True:
        mk = KernelMigration(mctx, class_name, op_type, phi_name, proto)
        mk.grad = grad
        try:
            kf = _migrate(mk, mro, func_name, renames, qualified)
            return _with_imports(kf, {**mk.moved, **transplanted})
        except _HiddenBuiltinsError as exc:  # again, compute()'s reads of them qualified
            qualified |= exc.names
            continue
        except RebindError as exc:
            # the local keeps the author's meaning under a fresh name, the parameter its own
            if exc.name in renames:
                raise
            renames[exc.name] = _fresh_name(mk, mro, f"{exc.name}_value")


def _with_imports(kf: KernelFunction, needs: dict[str, tuple[str, str]]) -> KernelFunction:
    """`kf` importing the names its code moved from a base of another module reads."""
    if needs:
        read = {n.value for node in [kf.node, *(h for _, h in kf.helpers)]
                for n in m.findall(node, m.Name())}
        for name in sorted(read & set(needs)):
            module, imported = needs[name]
            if module:
                kf.function_imports.add((module, imported))
            else:
                kf.module_imports.add(imported)
    return kf


def _fresh_name(mk: KernelMigration, mro: list[cst.ClassDef], name: str) -> str:
    """`name`, with trailing `_` until no name of the module, the kernel's classes or the
    op's slots and attributes spells it."""
    taken = set(mk.info.module_names()) | {n.value for c in mro for n in m.findall(c, m.Name())}
    taken |= {snake(v.name) for v in (*mk.proto.inputs, *mk.proto.outputs, *mk.proto.attrs)}
    while name in taken:
        name += "_"
    return name


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


class _HiddenBuiltinsError(Exception):
    """Parameters a helper's reads made (`min`, read only in a lifted method) that would
    hide builtins compute() calls: the kernel is migrated again with those qualified."""

    def __init__(self, names: set[str]) -> None:
        super().__init__(sorted(names))
        self.names = names


def _migrate(mk: KernelMigration, mro: list[cst.ClassDef], func_name: str,
             renames: dict[str, str], qualify: set[str]) -> KernelFunction:
    mk.members = keyword_members(mk.info, mro, class_members(mro))  # and class keywords
    mk.mro = mro
    for dunder in ("__new__", "__call__", "__getattr__", "__getattribute__"):
        if dunder in mk.members:
            raise SkipError(f"{mk.members[dunder].owner.name.value} defines {dunder} "
                            "(instance state or behaviour beyond compute)")
    member = mk.members.get("compute")
    compute = member.function if member is not None else None
    if compute is None:
        raise SkipError("defines no compute() in this module")
    init = effective_init(mro, mk.members.get("__init__"))
    params = {snake(v.name) for v in (*mk.proto.inputs, *mk.proto.outputs, *mk.proto.attrs)}
    compute, memos = fold_memos(mk.info, mro, init.function if init else None, compute,
                                frozenset(params))
    if memos:  # `w = self._cache[key]` -> `w = _make(n, kind)`
        mk.notes.append(memo_note(memos, compute.params.params[0].name.value))
    held = held_helpers(mk.info, mro, mk.members, init.function if init else None, compute)
    stored: dict[str, str] = {}
    if init is not None and init.function is None:
        raise SkipError(f"{init.owner.name.value} binds __init__ to something other than a "
                        "method")
    # `self._ctx = ctx` first in compute(), read for messages: read as what it is
    mk.kept, kept_op, not_kept = kept_contexts(mk.info, mro, init.function if init else None,
                                               compute)
    for attr in kept_op:  # `self._op = ctx.op_type`: the op's type wherever it is read
        compute = without_keeping(compute)
        mk.instance_constants[attr] = cst.SimpleString(quote(mk.op_type))
        mk.spells_op = True
        mk.notes.append(kept_note({attr}, compute.params.params[0].name.value, "op's type"))
    if mk.kept:
        compute = without_keeping(compute)
        compute = compute.with_changes(body=read_kept(
            compute.body, mk, compute.params.params[0].name.value,
            compute.params.params[1].name.value))
        mk.notes.append(kept_note(mk.kept, compute.params.params[0].name.value))
    counters: set[str] = set()
    # `type(self).calls += 1`, or a helper bumping it: dropped with the instance counters
    on_class, not_on_class = class_counters(mk.info, mro, compute)
    for attr, why in not_on_class.items():
        raise SkipError(f"compute() bumps `type(self).{attr}`, state of the kernel's class "
                        f"that a PHI kernel function cannot keep; not a write-only class "
                        f"counter: {why}")
    if init is not None:  # only kernels stored to be composed are read
        assert init.function is not None
        counters, not_counters = write_only_counters(mk.info, mro, init.function, compute)
        passed = set(held) | {mm.attr for mm in memos} | mk.kept | kept_op
        constants, not_constants = instance_constants(mk.info, mro, init.function,
                                                      passed | counters)
        not_dropped: dict[str, str] = {}
        for why, refused in (("not a write-only counter", not_counters),
                             ("not a context kept for messages", not_kept),
                             ("not an instance constant", not_constants)):
            for attr, words in refused.items():
                not_dropped[attr] = "; ".join(filter(None, [not_dropped.get(attr),
                                                            f"{why}: {words}"]))
        # `self._ball.query(...)` of a stored kernel's staticmethod: read through its class
        # (spelled as `__init__`'s module names it: only that of the kernel's own module)
        statics: set[str] = set()
        here = mk.info.owner_of(init.owner) is mk.info
        stored = stored_kernels(mro, init.function, compute, counters, not_dropped,
                                passed | set(constants),
                                static_method_of(mk.info) if here else None, statics)
        mk.instance_constants.update({a: cst.Name(stored[a]) for a in statics})
        if constants:
            mk.instance_constants.update(constants)
            mk.notes.append(constant_note(constants, init.function.params.params[0].name.value))
    if counters or on_class:
        compute = drop_counters(mro, compute, counters, on_class)
        mk.notes.append(counter_note(counters, compute.params.params[0].name.value, on_class))
    for attr, kernel in class_level_kernels(mk.info, mro, mk.members, compute).items():
        stored.setdefault(attr, kernel)  # `_impl = OtherKernel()` in a class body
    if held:  # `self._blend.apply(x)` -> `Blender().apply(x)`
        compute = inline_helpers(mk, compute, held)
    if compute.asynchronous:
        raise SkipError("compute() is async")
    for old, new in renames.items():
        renamed = rename_local(compute, old, new)
        if renamed is None:
            raise RebindError(old, f"rebinds '{old}', which is also the parameter for its slot, "
                                   "and the local cannot be renamed (not a plain local of "
                                   "compute(), or read by name through locals()/eval)")
        compute = renamed
    for d in compute.decorators:
        if not is_harmless(d):
            raise SkipError(f"compute() is decorated with @{code_of(d.decorator)}")
    params = compute.params
    if (len(params.params) != 2 or params.star_arg is not cst.MaybeSentinel.DEFAULT
            or params.kwonly_params or params.star_kwarg or params.posonly_params):
        raise SkipError("compute() does not take exactly (self, ctx)")
    self_name, ctx_name = params.params[0].name.value, params.params[1].name.value
    # `with produce(ctx, self.OUT, ...) as out:` inlined, the class's name constants first
    compute = inline_managers(mk, compute.with_changes(body=inline_name_constants(
        mk.info, mk.members, compute.body, self_name)), ctx_name, mk.info.owner_of(member.owner))
    # `p = ClipParams.from_ctx(ctx)`, `a = AttrView(ctx)`: each `p.lo` read as ctx's read
    # (the class named as compute()'s module names it: a base's of another module); a
    # view's keyword default that is a class constant, `AttrView(ctx, lo=self.LO)`, first
    # spelled as its literal
    block = compute.body.visit(ConstantKeywords(mk, self_name, ctx_name))
    # `type(self)._clip(...)` of a staticmethod or classmethod: `self._clip(...)`
    block = block.visit(ClassReceivers(mk.members, self_name))
    # `Base.compute(self, ctx)`: `super(Owner, self).compute(ctx)` where both reach one def
    block = block.visit(ExplicitBases(mk, member.owner, self_name))
    block = inline_param_objects(mk.info.owner_of(member.owner), block, ctx_name)
    # `ctx.input(X_SLOT)`, `ctx.input("Out" + GRAD)`: the names compute()'s module spells
    block = fold_slot_names(mk.info.owner_of(member.owner), block, ctx_name)
    block = prepare(mk.info, mk.members, block, ctx_name, self_name)
    if stored:
        block = composing_stored(block, stored, self_name)
    block = compose_calls(mk, block, ctx_name)
    # branches the class constants decide go first: what they read is never read
    # so do those ctx.has_attr() decides: an attribute the proto declares with a default
    block = fold_has_attr(mk.proto, block, ctx_name, mk.fallbacks,
                          constant_reader(mk.info.owner_of(member.owner), block))
    block = fold_dead_branches(block.visit(ConstantInliner(mk, self_name)))
    mk.dtype_attrs = _dtype_attrs(mk, block, ctx_name)
    mk.assign_names()
    block, qualified = qualify_builtins(mk.info, block,
                                        _read_names(mk, block, ctx_name) | qualify)
    if qualified:
        mk.module_imports.add("builtins")
    _check_runtime_access(mk.info, compute)
    body = list(block.body)
    docstring: cst.BaseStatement | None = None
    cls_doc = mro[0].get_docstring(clean=False)
    if cls_doc is not None:
        docstring = next(s for s in mro[0].body.body)
    body = find_folds(mk, body, ctx_name)
    check_folds(mk)
    if mk.grad is not None:
        if any(f.feeders for f in mk.folds.values()):
            raise SkipError("a gradient kernel reading a tensor-valued attribute (backward.yaml "
                            "entries take plain attributes)")
        for attr, fold in mk.grad.typed.items():
            mk.folds.setdefault(attr, fold)
    block = block.with_changes(body=body)
    new_block = block.visit(Rewriter(mk, ctx_name, self_name, member.owner))
    for n in load_names(new_block):
        if n.value == ctx_name:
            legacy = _legacy_composed(new_block, ctx_name)
            if legacy and (why := untraced(mk.info, legacy)):
                raise SkipError(f"{PASSES_CTX} '{ctx_name}' on to {legacy}().compute("
                                f"{ctx_name}): it {why}; not migrated")
            if legacy:
                raise SkipError(f"{PASSES_CTX} '{ctx_name}' on to {legacy}().compute("
                                f"{ctx_name}): kernel {legacy} stays legacy (not migrated as "
                                "one function this kernel can call), so this one does too")
            use = ctx_use(mk, new_block, ctx_name, self_name)
            raise SkipError(f"{PASSES_CTX} '{ctx_name}' on or keeps it ({ctx_name} {use}; "
                            "only ctx.input/output/attr/... reads can become parameters)")
        if n.value == self_name:
            raise SkipError(f"uses {self_name} beyond helpers and constant class attributes "
                       "(instance state)")
    for slot in [*mk.inputs_read, *mk.outputs_read]:
        uses = (mk.inputs_read.get(slot) or set()) | (mk.outputs_read.get(slot) or set())
        if {"single", "list"} <= uses:
            raise SkipError(f"reads '{slot}' both as one tensor and as a list")
    fallbacks = mk.fallbacks.check(mk.attr_reads, mk.attrs_read | set(mk.folds))
    param_list = _params(mk, none_checked(new_block), none_handled(new_block), fallbacks,
                         none_checked_through_aliases(new_block))
    read = {("input", s) for s in mk.inputs_read} | {("output", s) for s in mk.outputs_read}
    read |= {("attr", a) for a in mk.attrs_read}
    if mk.grad is not None:
        param_list = conform(mk.grad, mk.proto, param_list, read)
    require_output(mk.op_type, mk.proto, param_list)
    clash = check_bindings(mk, new_block, [mk.dev_ctx_name, *[p.name for p in param_list]])
    hidden = {n for n in clash if hasattr(builtins, n)} - qualify
    if hidden:
        raise _HiddenBuiltinsError(hidden)
    for name in clash:
        raise SkipError(f"compute() reads the module-level name '{name}', which is also the "
                        "name of a kernel parameter; rename one of them")
    new_block = inline_aliases(new_block, mk, {p.name: snake(p.slot) for p in param_list})
    new_block = drop_identities(new_block, mk.replacements)
    new_block = tidy(new_block, {p.name for p in param_list})
    if mk.grad is not None:
        check_optional(mk.grad.op_def, param_list, new_block, read)
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
    node = spelled_for_old_pythons(
        header.with_changes(body=new_block, leading_lines=mro[0].leading_lines), "compute()")
    return KernelFunction(mk.op_type, mk.class_name, func_name, mk.phi_name, param_list, [],
                          node, mk.helpers, list(mk.folds.values()), mk.hints,
                          [c.name.value for c in mro], set(mk.module_imports),
                          mk.grad.op_def if mk.grad is not None else None, set(mk.composes),
                          set(mk.function_imports), list(mk.notes), mk.spells_op)


def _read_names(mk: KernelMigration, block: cst.CSTNode, ctx: str) -> set[str]:
    """The parameter names of the slots and attributes the body reads by literal name."""
    out = {mk.dev_ctx_name}
    for call in find_all(block, m.Call(func=m.Attribute(value=m.Name(ctx)))):
        method = call.func.attr.value  # type: ignore[attr-defined]
        slot = ctx_call(call, ctx, (method,))
        kind = "attr" if "attr" in method else "output" if "output" in method else "input"
        if slot is not None and (kind, slot) in mk.names:
            out.add(mk.param_name(slot, kind))
    return out


def _dtype_attrs(mk: KernelMigration, body: cst.CSTNode, ctx: str) -> set[str]:
    """Integer attributes compute() reads only through `VarType(...).to_phi()`.

    Such an attribute becomes a `DataType` parameter: the compat layer converts fluid's
    VarType number (negative: UNDEFINED) before the kernel runs, as Paddle's PHI kernels take
    `DataType dtype`."""
    converted: dict[str, int] = {}
    reads: dict[str, int] = {}

    class V(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
            name = dtype_conversion(mk.info, node, ctx)
            if name is not None:
                converted[name] = converted.get(name, 0) + 1
            name = ctx_call(node, ctx, ("attr",))
            if name is not None:
                reads[name] = reads.get(name, 0) + 1

    body.visit(V())
    out = set()
    for name, n in converted.items():
        attr = mk.proto.attr(name)
        if attr is not None and attr.type in ("INT", "LONG") and reads.get(name) == n:
            out.add(name)
    return out


def _params(mk: KernelMigration, none_checked: set[str], none_handled: set[str],
            fallbacks: dict[str, Any], outputs_checked: set[str]) -> list[Param]:
    """The kernel's parameters. An input is optional as its proto declares it
    (dispensable): a guard refusing None (`if x is None: raise ...`) makes none optional;
    a forward kernel computing something when a required input is None is refused (the
    proto and the kernel disagree). An output is optional when dispensable, extra or
    checked for None, also through a local bound to it once (`outputs_checked`: a grad
    kernel writes what is asked). An attribute of `fallbacks` (a `ctx.has_attr` fallback,
    by attribute) takes that as its default."""
    out: list[Param] = []
    for v in mk.proto.inputs:
        uses = mk.inputs_read.get(v.name)
        if not uses:
            continue
        is_list = v.duplicable or "list" in uses  # read as a list: a tensor array
        name = mk.param_name(v.name, "input")
        if mk.grad is None and not is_list and not v.dispensable and name in none_handled:
            raise SkipError(f"the legacy kernel computes something when input '{v.name}' is "
                            f"None (checks `{name}` for None other than to raise), but op "
                            f"'{mk.op_type}' does not declare it dispensable")
        optional = not is_list and (v.dispensable or (
            mk.grad is not None and name in none_checked))
        hint = "list[DenseTensor]" if is_list else (
            "DenseTensor | None" if optional else "DenseTensor")
        out.append(Param(name, "input", v.name, hint, optional, is_list))
    for a in [*mk.proto.attrs, *mk.fallbacks.undeclared.values()]:
        fold = mk.folds.get(a.name)
        if a.name not in mk.attrs_read and fold is None:
            continue
        hint = fold.kind if fold is not None else (
            "DataType" if a.name in mk.dtype_attrs else ATTR_HINTS[a.type])
        if a.name in fallbacks and hint in ("Scalar", "IntArray", "DataType"):
            raise SkipError(f"calls ctx.has_attr({a.name!r}) with fallback "
                            f"{fallbacks[a.name]!r}: the op proto declares '{a.name}' with no "
                            f"default, and the PHI kernel takes it as a {hint}, which "
                            "carries no default of its own")
        out.append(Param(mk.param_name(a.name, "attr"), "attr", a.name, hint, attr_type=a.type,
                         feeders=list(fold.feeders) if fold else [],
                         default=fallbacks.get(a.name, a.default), fallback=a.name in fallbacks,
                         undeclared=a.name in mk.fallbacks.undeclared))
    for v in mk.proto.outputs:
        if not mk.outputs_read.get(v.name):
            continue
        name = mk.param_name(v.name, "output")
        # an extra output (`Diff`, a workspace) is one a program may omit (Paddle's
        # clip_extra drops them): the legacy kernel then read None, and so does this one
        optional = not v.duplicable and (v.dispensable or v.extra or name in outputs_checked)
        hint = "OutTensorList" if v.duplicable else (
            "OptionalOutTensor" if optional else "OutTensor")
        out.append(Param(name, "output", v.name, hint, optional, v.duplicable))
    return out


def _legacy_composed(block: cst.IndentedBlock, ctx: str) -> str:
    """The first kernel class `block` still composes as `C().compute(ctx)` (not replaced by
    its function: it stays legacy); "" when none."""
    for call in m.findall(block, m.Call()):
        callee = composed_class(cst.ensure_type(call, cst.Call), ctx)
        if callee is not None:
            return callee
    return ""
