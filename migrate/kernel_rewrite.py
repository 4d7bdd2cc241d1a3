"""The rewrite of a compute() body: `ctx.input/output/attr(...)` reads become parameters,
output allocation becomes `dev_ctx.alloc`, helpers and class constants are inlined.

`KernelMigration` holds the state of one kernel's migration (parameter names, reads,
folds, helpers); `Rewriter` is the libcst transformer that applies it.
"""

from __future__ import annotations

import math

import libcst as cst

from migrate.class_calls import class_method_call
from migrate.class_members import Member, assigned_outside, class_body_names, constant_of
from migrate.constant_folds import SubstitutionFolds
from migrate.fstring_fields import FieldMerges, field_text_of, spelled_for_old_pythons
from migrate.function_tables import function_table, wrapped_table
from migrate.grads import GradPlan
from migrate.has_attr_folds import Fallbacks, why_undecided
from migrate.kept_contexts import read_kept
from migrate.kernel_ctx_helpers import lift_ctx_helper
from migrate.kernel_model import (
    ATTR_HINTS,
    LIBRARY_ATTRS,
    SCALAR_AS_IS,
    Fold,
    ModuleContext,
    SkipError,
    folded_name,
    literal_slot,
    tensor_attr_candidates,
)
from migrate.kernel_prepass import constant_reader
from migrate.method_dispatch import method_dispatch
from migrate.names import load_names, snake
from migrate.records import Composable
from migrate.static_facts import StaticProto
from migrate.static_refs import UnresolvableError, code_of, dotted
from migrate.super_calls import super_method, super_target
from migrate.super_helpers import (
    NESTED_SCOPES,
    check_unshadowed,
    lift_super_call,
    nested_super,
)
from migrate.syntax import blank, dtype_conversion, first_of, passes_ctx

#: ctx members with a direct PHI spelling (attribute access).
_CTX_ATTRS = {"xp": "xp", "place": "place"}
#: ctx members that expose the legacy runtime: no PHI equivalent.
_CTX_RUNTIME = {"scope": "writes to or reads the scope (ctx.scope)",
                "op": "reads the operator (ctx.op)", "runtime": "reads ctx.runtime",
                "kernel_type": "reads the chosen kernel type (ctx.kernel_type)"}
_SLOT_METHODS = ("input", "multi_input", "output", "multi_output", "attr", "has_input",
                 "has_inputs", "has_output", "input_size", "output_size", "has_attr")


class Rewriter(FieldMerges):
    """Rewrite ctx reads, allocation and self access in a compute (or helper) body (the
    op's name and class constants it writes merged into an f-string's text where they are
    a whole field: `fstring_fields`)."""

    def __init__(self, mk: KernelMigration, ctx: str | None, self_name: str,
                 owner: cst.ClassDef | None = None) -> None:
        super().__init__()
        self.mk, self.ctx, self.self_name = mk, ctx, self_name
        self.owner = owner  # the class whose method the body is (for `super()`)
        self._supers: set[cst.Call] = set()  # `super()` calls a method call resolves
        self._fstring_quotes: list[str] = []
        self._root: cst.CSTNode | None = None  # the body rewritten
        self._scopes: list[cst.CSTNode] = []  # the nested scopes the walk is inside
        self._targets: set[int] = set()  # ids of the targets stored to or deleted

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:  # noqa: N802
        self._targets.add(id(node.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:  # noqa: N802
        self._targets.add(id(node.target))

    def visit_Del(self, node: cst.Del) -> None:  # noqa: N802
        self._targets.add(id(node.target))

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self._root is None:
            self._root = node
        if isinstance(node, NESTED_SCOPES):
            self._scopes.append(node)
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode
                 ) -> cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNode]:
        if self._scopes and self._scopes[-1] is original_node:
            self._scopes.pop()
        return super().on_leave(original_node, updated_node)

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self._fstring_quotes.append(node.start)

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self._fstring_quotes.pop()
        return super().leave_FormattedString(original, updated)

    # -- names -------------------------------------------------------------------------
    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:  # noqa: N802
        fold = self.mk.fold_loads.get(original)
        if fold is not None:
            return self.mk.fold_expr(fold)
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
                self.mk.spells_op = True
                quote = "'" if self._fstring_quotes and '"' in self._fstring_quotes[-1] else '"'
                return self.substituted(cst.SimpleString(f"{quote}{self.mk.op_type}{quote}"))
            if attr in _CTX_RUNTIME:
                raise SkipError(_CTX_RUNTIME[attr])
            return updated
        if self._is(updated.value, self.self_name):
            value = self.mk.class_attr(attr)
            if value is not None:
                return self.substituted(value)
            getter = None if id(original) in self._targets else self.mk.property_getter(attr)
            if getter is not None:  # `self.PROP` read: its getter, lifted, called
                return cst.Call(cst.Name(getter))
        if attr == "__name__" and self._spells_class(updated.value):
            return cst.SimpleString(repr(self.mk.class_name))
        return updated

    def _spells_class(self, node: cst.BaseExpression) -> bool:
        """`type(self)` or `self.__class__`: the kernel's class, whose name is known."""
        if isinstance(node, cst.Attribute):
            return node.attr.value == "__class__" and self._is(node.value, self.self_name)
        return (isinstance(node, cst.Call) and self._is(node.func, "type")
                and len(node.args) == 1 and not node.args[0].keyword
                and not node.args[0].star and self._is(node.args[0].value, self.self_name)
                and "type" not in self.mk.info.module_names())

    # -- calls ----------------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        inner = super_method(node.func)
        if inner is not None and not self._scopes:
            self._supers.add(inner)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:  # noqa: N802
        func = updated.func
        if self.ctx is not None:
            dtype_attr = dtype_conversion(self.mk.info, original, self.ctx)
            if dtype_attr is not None and dtype_attr in self.mk.dtype_attrs:
                return self.mk.name_node(self.mk.param_name(dtype_attr, "attr"))
        if isinstance(func, cst.Name) and func.value == "getattr" and self.self_name:
            dispatch = method_dispatch(self.mk, updated, self.self_name)
            if dispatch is not None:  # `getattr(self, "_compute_" + mode)`
                return dispatch
        if isinstance(func, cst.Name) and func.value == "super":
            if original in self._supers:  # `super().NAME(...)`: its method call lifts it
                return updated
            if self._scopes:
                raise SkipError(nested_super(self._scopes[-1]))
            raise SkipError("calls super() (behaviour of a base kernel outside the codemod's view)")
        if self.ctx is not None and passes_ctx(updated, self.ctx):
            home = self.mk.info.owner_of(self.owner) if self.owner is not None else (
                self.mk.homes or [None])[-1]  # in a method, or in a helper being lifted
            constant = home and self._root and constant_reader(home, self._root)
            lifted_call = lift_ctx_helper(self.mk, updated, self.ctx, self.self_name,
                                          type(self), self.owner, original, constant)
            if lifted_call is not None:
                return lifted_call
            if super_method(func) is not None:
                why = super_target(self.mk.mro, self.owner, cst.ensure_type(func, cst.Attribute),
                                   self.self_name)
                raise SkipError(f"calls {why}" if isinstance(why, str) else
                                "calls super() (behaviour of a base kernel outside the "
                                "codemod's view)")
        if super_method(func) is not None and super_method(original.func) in self._supers:
            assert self._root is not None
            return lift_super_call(self.mk, updated, self.self_name, self.owner, self._root)
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if self._is(func.value, self.ctx):
                return self.mk.ctx_call(method, original)
            assert self._root is not None
            lifted = self.mk.helper(method) if self._is(func.value, self.self_name) else \
                class_method_call(self.mk, func, self._root)  # `HypotKernel._hypot(...)`
            if lifted is not None:
                check_unshadowed(lifted, self._root, f"{code_of(func).strip()}()")
                return updated.with_changes(func=cst.Name(lifted))
            if method == "mutable_data":
                return self.mk.alloc(func.value, updated)
        return updated


class ConstantInliner(SubstitutionFolds):
    """`self.NAME` -> the class constant it is (`KernelMigration.class_attr`), so that the
    branches those constants decide can be folded before any read is checked; what the
    values make of the expressions around them is folded in the same pass
    (`constant_folds`)."""

    def __init__(self, mk: KernelMigration, self_name: str) -> None:
        super().__init__()
        self.mk, self.self_name = mk, self_name
        self.quotes: list[str] = []  # the quote of each f-string the walk is inside
        self.fields: list[cst.FormattedString] = []  # and those f-strings

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self.quotes.append(node.quote)
        self.fields.append(node)

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self.quotes.pop()
        self.fields.pop()
        return super().leave_FormattedString(original, updated)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        if isinstance(updated.value, cst.Name) and updated.value.value == self.self_name:
            value = self.mk.class_attr(updated.attr.value)
            if value is not None:
                # inside an f-string a quote or backslash of the value would end or
                # break it (before Python 3.12): it is spelled by repr when that fits,
                # else such a constant is not inlined there
                whole = field_text_of(original, value, self.fields)  # merged as text
                if self._clashes(value) and not whole:
                    value = self._respelled(updated.attr.value, value)
                if self._clashes(value) and not whole:
                    raise SkipError(f"reads self.{updated.attr.value} inside an f-string, "
                                    "where its value's quotes cannot be spelled")
                return self.substituted(value)
        return updated


    def _clashes(self, value: cst.BaseExpression) -> bool:
        text = code_of(value)
        return any(q[0] in text or "\\" in text for q in self.quotes)

    def _respelled(self, name: str, value: cst.BaseExpression) -> cst.BaseExpression:
        """Class constant NAME (written `value`) spelled by `repr` where that round-trips
        (strings, finite numbers, booleans, None, tuples of those); else `value`."""
        try:
            constant = constant_of(self.mk.info, self.mk.members, name)
        except UnresolvableError:  # a table: as written (its quotes then refuse it)
            return value
        return cst.parse_expression(repr(constant)) if _repr_round_trips(constant) else value


def _repr_round_trips(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_repr_round_trips(v) for v in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (str, int))


class KernelMigration:
    def __init__(self, mctx: ModuleContext, class_name: str, op_type: str, phi_name: str,
                 proto: StaticProto) -> None:
        self.mctx, self.info = mctx, mctx.info
        self.class_name, self.op_type, self.phi_name, self.proto = (class_name, op_type,
                                                                    phi_name, proto)
        #: the parameter reads this migration wrote (LibCST nodes hash by identity)
        self.replacements: set[cst.Name] = set()
        #: reads of a folded tensor-attribute local, and their fold
        self.fold_loads: dict[cst.Name, Fold] = {}
        self.folds: dict[str, Fold] = {}
        self.inputs_read: dict[str, set[str]] = {}
        self.outputs_read: dict[str, set[str]] = {}
        self.attrs_read: set[str] = set()
        #: `ctx.attr(N)` reads turned into parameters, per attribute (`Fallbacks.check`)
        self.attr_reads: dict[str, int] = {}
        #: fallbacks of attributes declared with no default (`has_attr_folds`)
        self.fallbacks = Fallbacks()
        #: what `self.NAME` is, per the kernel class's MRO (`class_members`)
        self.members: dict[str, Member] = {}
        self.mro: list[cst.ClassDef] = []  # the kernel's classes, in MRO order
        self.lifting: set[tuple[str, str]] = set()  # helpers being lifted (recursion guard)
        self.homes: list = []  # the ModuleInfo of each helper being lifted, innermost last
        self.kept: set[str] = set()  # attributes compute() keeps its context in
        self.spells_op = False  # the op's type spelled as a literal somewhere
        #: `self.NAME` the instance holds as a constant (`self._op`, the op's type kept)
        self.instance_constants: dict[str, cst.BaseExpression] = {}
        self.module_imports: set[str] = set()  # `import M` the kernel needs (builtins)
        self.helpers: list[tuple[str, cst.FunctionDef]] = []
        self.candidates = tensor_attr_candidates(proto)
        self.dev_ctx_name = "dev_ctx"
        self.hints: set[str] = set()
        #: integer attributes read only as `VarType(ctx.attr(name)).to_phi()`: DataType params
        self.dtype_attrs: set[str] = set()
        #: a grad kernel's backward_op entry: parameter names and typed attributes from it
        self.grad: GradPlan | None = None
        #: kernel classes whose `C().compute(ctx)` became a call of their function
        self.composes: set[str] = set()
        #: (module as imported, function) of other modules' kernels called so
        self.function_imports: set[tuple[str, str]] = set()
        self.notes: list[str] = []  # what the row adds (a write-only counter dropped)
        # names inlined code reads from its module: name -> (module, name) to import
        self.moved: dict[str, tuple[str, str]] = {}
        #: every kernel class composed (this module's and others'), as it was composed
        self.composed: dict[str, Composable] = {}

    # -- names of parameters -------------------------------------------------------------------
    def param_name(self, slot: str, kind: str) -> str:
        if (kind, slot) not in self.names and kind == "attr" \
                and slot in self.fallbacks.undeclared:
            # an undeclared attribute read as a fallback, perhaps first in a helper lifted
            # after assign_names: named as a declared one would be, past those taken
            name, used = snake(slot), {self.dev_ctx_name, *self.names.values()}
            while name in used:
                name += "_"
            self.names[(kind, slot)] = name
        return self.names[(kind, slot)]

    def assign_names(self) -> None:
        names: dict[tuple[str, str], str] = dict(self.grad.names) if self.grad else {}
        used = {self.dev_ctx_name, *names.values()}
        groups = [("input", v.name) for v in self.proto.inputs]
        groups += [("attr", a.name) for a in self.proto.attrs]
        groups += [("output", v.name) for v in self.proto.outputs]
        attr_names = {snake(a.name) for a in self.proto.attrs}
        dtype_named = [a for a in self.dtype_attrs if snake(a).endswith("dtype")]
        for kind, slot in groups:
            if (kind, slot) in names:
                continue
            name = snake(slot)
            if (kind == "attr" and dtype_named == [slot] and "dtype" not in attr_names
                    and all(snake(v.name) != "dtype" for v in self.proto.inputs)):
                name = "dtype"  # PHI's name for the data type a kernel produces
            if kind == "input" and name in attr_names:
                name += "_tensor"  # Seed / seed -> seed_tensor, as PHI names them
            while name in used:
                name += "_"
            used.add(name)
            names[(kind, slot)] = name
        self.names = names

    def name_node(self, name: str) -> cst.Name:
        node = cst.Name(name)
        self.replacements.add(node)
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
        slot = literal_slot(folded_name(self.info, call), what)
        if method == "attr":
            return self._attr(slot)
        if method == "has_attr":
            raise SkipError(f"calls ctx.has_attr({slot!r}), which depends on the OpDesc: "
                            f"{why_undecided(self.proto, slot)}")
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
            if var.duplicable and is_out:
                raise SkipError(f"reads duplicable output '{slot}' with ctx.output() (first "
                                "tensor only)")
            uses.add("list" if var.duplicable else "single")  # ctx.input: its first tensor
            return first_of(self.name_node(name)) if var.duplicable else self.name_node(name)
        if method in ("multi_input", "multi_output"):
            # a non-duplicable input read as a list is a tensor array (Tensor[], as PHI takes
            # one: both forms get the array's tensors)
            if not var.duplicable and is_out:
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
        attr = self.fallbacks.slot(self.proto, name)
        if attr is None:
            raise SkipError(self.fallbacks.blocked.get(
                name, f"reads attribute '{name}' that the op proto does not declare"))
        if attr.type not in ATTR_HINTS:
            raise SkipError(f"reads attribute '{name}' of type {attr.type}, which PHI kernels do "
                       "not take")
        self.attrs_read.add(name)
        self.attr_reads[name] = self.attr_reads.get(name, 0) + 1
        if name in self.folds:
            return self.fold_expr(self.folds[name])
        return self.name_node(self.param_name(name, "attr"))

    def fold_expr(self, fold: Fold) -> cst.BaseExpression:
        param = self.name_node(self.param_name(fold.attr, "attr"))
        if fold.kind == "IntArray":
            return cst.Call(cst.Attribute(param, cst.Name("get_data")))
        if fold.conv is None:
            return param
        if fold.conv == SCALAR_AS_IS:
            return cst.Attribute(param, cst.Name("value"))
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
        """The expression `self.NAME` stands for, when it is an immutable class constant
        (or `staticmethod(f)`), or an instance constant; None when NAME is a method or not
        bound by the class."""
        if name in self.instance_constants:
            return self.instance_constants[name]
        member = self.members.get(name)
        if member is None or member.function is not None:
            return None
        value = member.value
        if value is None:
            raise SkipError(f"reads self.{name}, which {member.why or 'its class binds in a '}"
                            f"{'' if member.why else 'way the codemod cannot read'}")
        if (isinstance(value, cst.Call) and dotted(value.func) == "staticmethod"
                and len(value.args) == 1):
            value = value.args[0].value
            if isinstance(value, cst.Lambda):
                return self._lifted_lambda(member, name, value)
            if not isinstance(value, (cst.Name, cst.Attribute)):  # a partial, or refused
                return wrapped_table(self, name, member)
            if not member.keyword and (  # a class keyword's stores checked where read
                    assigned_outside(self.info, name)
                    or assigned_outside(self.info.owner_of(member.owner), name)
                    or (dotted(value) or "").split(".")[0] in class_body_names(member.owner)):
                raise SkipError(f"reads self.{name} = {code_of(member.value)}, which is not a "
                                "module-level function bound once")
            return value
        try:
            constant_of(self.info, self.members, name, tables=True)
        except UnresolvableError as exc:
            table = function_table(self, name, member)  # read from a module-level name
            if table is not None:
                return table
            raise SkipError(f"reads class attribute self.{name} = {code_of(value)}, which is "
                            f"not an immutable constant ({exc}); only numbers, strings, "
                            "tuples and frozensets of those, and lists, dicts and sets of "
                            "those nothing changes or hands out, are inlined") from None
        return value

    def _lifted_lambda(self, member: Member, name: str, fn: cst.Lambda) -> cst.Name:
        """`NAME = staticmethod(lambda ...: expr)` as a module-level function: a lambda of
        a class body reads no name of the class body but in its defaults (then refused)."""
        defaults = [p.default for p in (*fn.params.params, *fn.params.kwonly_params)
                    if p.default is not None]
        if any(n.value in class_body_names(member.owner) for d in defaults
               for n in load_names(d)) or assigned_outside(self.info, name) or \
                assigned_outside(self.info.owner_of(member.owner), name):
            raise SkipError(f"reads self.{name} = {code_of(member.value)}, which is not a "
                            "lambda bound once reading no name of its class")
        node = cst.FunctionDef(
            cst.Name(name), fn.params.with_changes(star_arg=fn.params.star_arg),
            cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(fn.body)])]),
            leading_lines=blank(2))
        return cst.Name(self.lift((member.owner.name.value, name), name, node))

    def helper(self, name: str) -> str | None:
        """The module-level function `self.NAME(...)` becomes, lifted for this kernel class:
        its body is rewritten as this class sees it (the methods it calls resolved through
        this class's MRO), and an existing lifted copy is shared only when identical."""
        member = self.members.get(name)
        if member is None or member.function is None:
            return None
        return self.lift_method(member.owner, member.function)

    def property_getter(self, name: str) -> str | None:
        """The module-level function `self.NAME` becomes when NAME is a read-only property
        of the kernel's MRO (its getter lifted as `helper` lifts a method), else None."""
        member = self.members.get(name)
        fn = member.function if member is not None else None
        if fn is None or [dotted(d.decorator) for d in fn.decorators] != ["property"]:
            return None
        return self.lift_method(member.owner, fn, getter=True)

    def lift_method(self, cls: cst.ClassDef, fn: cst.FunctionDef,
                    fallback: str | None = None, getter: bool = False) -> str:
        """Method `fn` of class `cls` (of the kernel's MRO) lifted for this kernel class
        (`helper`; `super()` in it resolved from `cls`); `fallback`: the class naming the
        lifted copy where its own name is taken (the kernel class by default); `getter`:
        `fn` is a property's getter, read as `self.NAME` (`property_getter`)."""
        name = fn.name.value
        decorators = [dotted(d.decorator) for d in fn.decorators]
        static = decorators == ["staticmethod"]
        # a classmethod's cls is the kernel's class (through self or the class's own name)
        if not static and decorators and decorators != ["classmethod"] and not (
                getter and decorators == ["property"]):
            raise SkipError(f"helper {name}() has decorators {decorators}")
        params = list(fn.params.params)
        if fn.params.posonly_params:
            raise SkipError(f"helper {name}() has positional-only parameters")
        self_param = None if static else (params[0].name.value if params else None)
        if not static and self_param is None:
            raise SkipError(f"helper {name}() takes no self")
        key = (cls.name.value, name)
        if key in self.lifting:
            raise SkipError(f"helper {name}() calls itself through self (recursion)")
        self.lifting.add(key)
        try:
            body = fn.body if self_param is None else read_kept(fn.body, self, self_param)
            body = body.visit(Rewriter(self, None, self_param or "", cls))
        finally:
            self.lifting.discard(key)
        if self_param is not None and any(n.value == self_param for n in load_names(body)):
            raise SkipError(f"helper {name}() uses {self_param} (instance state)")
        new_params = fn.params.with_changes(params=params if static else params[1:])
        node = fn.with_changes(decorators=(), params=new_params, body=body,
                               leading_lines=blank(2))
        return self.lift(key, name, node, fallback)

    def lift(self, key: tuple[str, ...], name: str, node: cst.FunctionDef,
             fallback: str | None = None) -> str:
        """The module-level name of the lifted function `node` (from helper `name`, `key`
        its origin): an existing identical lift of the same origin is shared; a new one is
        `_name`, or, where that is taken, prefixed by `fallback` (a class: this kernel's
        when None)."""
        fn = node = spelled_for_old_pythons(node, f"helper {name}()")
        variants = self.mctx.lifted.setdefault(key, [])
        for lifted in variants:
            shared = self.mctx.lifted_nodes[lifted]
            if code_of(shared.with_changes(name=fn.name)) == code_of(node):
                break
        else:
            lifted = name if name.startswith("_") else f"_{name}"
            if lifted in self.mctx.taken:
                lifted = f"_{snake(fallback or self.class_name)}_{name.lstrip('_')}"
            while lifted in self.mctx.taken:
                lifted += "_"
            self.mctx.taken.add(lifted)
            variants.append(lifted)
            self.mctx.lifted_nodes[lifted] = node.with_changes(name=cst.Name(lifted))
        if all(n != lifted for n, _ in self.helpers):
            self.helpers.append((lifted, self.mctx.lifted_nodes[lifted]))
        return lifted
