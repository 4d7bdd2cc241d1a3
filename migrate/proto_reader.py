"""Op protos read statically: run a maker's `make()` over its `add_input` / `add_output` /
`add_attr` calls (helpers, loops and conditions included) without importing it.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from legacy_fluid.framework.derived_proto import ProtoDerivationError, derived_proto
from migrate.class_members import class_members, constant_of
from migrate.factory_makers import FactoryCall, bind_factory, check_cosmetics, factory_class
from migrate.static import ModuleInfo, info_for
from migrate.static_eval import Evaluator, is_mutable, is_type_call
from migrate.static_facts import UNKNOWN_DEFAULT, AttrSlot, StaticProto, VarSlot
from migrate.static_refs import (
    ClassRef,
    EnumRef,
    FunctionRef,
    InstanceRef,
    UnresolvableError,
    code_of,
    dotted,
    literal_string,
)
from migrate.super_calls import super_target
from migrate.tree_bases import base_class, find_tree_method, tree_mro
from migrate.type_factories import class_form

#: `info.memo` key: op -> what the reading of its maker got before it stopped
PARTIAL_PROTOS = "partial_protos"


def read_protos(info: ModuleInfo) -> ModuleInfo:
    """Fill `info.protos`: each registered op's proto, or why it cannot be read statically.

    A plain op (registered without a maker) has the proto its yaml entries give it."""
    for op in info.operators.values():
        try:
            info.protos[op.op_type] = (read_proto(info, op.op_type, op.maker_ref or op.maker)
                                       if op.maker_ref or op.maker else yaml_proto(op.op_type))
        except ProtoDerivationError as exc:
            info.protos[op.op_type] = str(exc)
        except UnresolvableError as exc:
            info.protos[op.op_type] = (f"op proto of '{op.op_type}' is not statically "
                                       f"readable: {exc}")
            if isinstance(partial := getattr(exc, "partial", None), StaticProto):
                info.memo.setdefault(PARTIAL_PROTOS, {})[op.op_type] = partial
    return info


def yaml_proto(op_type: str) -> StaticProto:
    """A plain op's proto, derived from phi/ops.yaml and op_compat.yaml as the framework
    derives it (`legacy_fluid.framework.derived_proto`)."""
    proto = derived_proto(op_type)
    return StaticProto(
        op_type, "",
        [VarSlot(v.name, v.duplicable, v.dispensable, v.extra, v.quant) for v in proto.inputs],
        [VarSlot(v.name, v.duplicable, v.dispensable, v.extra, v.quant) for v in proto.outputs],
        [AttrSlot(a.name, a.type.name, a.default, a.extra, a.quant)
         for a in proto.attrs if not a.generated])


def read_proto(info: ModuleInfo, op_type: str, maker: str | ClassRef | FactoryCall
               ) -> StaticProto:
    if isinstance(maker, FactoryCall):
        return _factory_proto(info, op_type, maker)
    ref = maker if isinstance(maker, ClassRef) else ClassRef(maker)
    home = info_for(info, ref)
    proto = StaticProto(op_type, ref.name)
    built = built_at_run_time(home, ref.name)
    if built is not None:
        raise UnresolvableError(f"its maker {built}")
    found = find_tree_method(home, ref.name, "make")
    if found is None:
        raise UnresolvableError(f"maker {ref.name} has no make() in its module or its "
                                "bases in the tree")
    run = _MakerRun(home, proto, ref.name)
    return _made(run, found[:2], found[2])


def _factory_proto(info: ModuleInfo, op_type: str, call: FactoryCall) -> StaticProto:
    """The proto of the class a maker factory's call builds: its make() run with the
    factory's parameters (and constants) bound to the call's values (`factory_makers`)."""
    home = info_for(info, call.func)
    fn = home.ev.functions[call.func.name]
    where = f" ({home.path.parent.name}/{home.path.name})" if home.path is not None and (
        info.path is None or home.path.resolve() != info.path.resolve()) else ""
    shown = f"{fn.name.value}(){where} (`{call.name}`)"
    try:
        fn = class_form(fn, home.module, home.path)
    except UnresolvableError as exc:
        raise UnresolvableError(f"built by the factory {shown}, which the codemod cannot read "
                                f"as a class: {exc}") from None
    cls, constants = factory_class(fn, shown, home.module, home.path)
    shared = sorted({n.value for n in m.findall(fn, m.Name()) if isinstance(n, cst.Name)
                     and n.value in home.ev.assigns and is_mutable(home.ev.assigns[n.value])})
    if shared:
        raise UnresolvableError(f"built by the factory {shown}, which reads '{shared[0]}', a "
                                "module-level container any module may change before the "
                                "call")
    closure = bind_factory(fn, call, lambda node: home.ev.eval(node, {}))
    check_cosmetics(fn, cls, closure, shown)
    for small in constants:
        home.ev.bind(small.targets[0].target, home.ev.eval(small.value, closure), closure)
    make = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == "make"), None)
    if make is None:
        raise UnresolvableError(f"the class {shown} builds has no make() of its own")
    proto = StaticProto(op_type, call.name)
    run = _MakerRun(home, proto, cls.name.value, (cls, closure))
    return _made(run, (cls, make), home)


def _made(run: _MakerRun, found: tuple[cst.ClassDef, cst.FunctionDef], info: ModuleInfo
          ) -> StaticProto:
    """The proto `run` reads from make(); when the reading stops, what it read so far rides
    on the error (`partial`), for `live_protos` to check the imported proto against."""
    try:
        run.call_method(found, [run.self_ref], {}, info)
    except UnresolvableError as exc:
        exc.partial = run.proto  # type: ignore[attr-defined]
        raise
    return run.proto


def built_at_run_time(info: ModuleInfo, name: str) -> str | None:
    """Why class `name` of `info`'s module cannot be read when no class statement binds it
    (`N = type("N", (Base,), {...})`: built at run time); None when one does."""
    if name in info.classes:
        return None
    if (refused := info.factory_refusal(name)) is not None:
        return f"{name} is {refused}"
    call = info.ev.assigns.get(name)
    if call is not None and is_type_call(call):
        spelled = code_of(call).strip().splitlines()[0]
        return (f"{name} is built by type(...) at run time (`{name} = {spelled}`): the "
                "codemod reads class statements only")
    return f"{name} is bound by no class statement of its module"


class _ReturnError(Exception):
    pass


class _MakerRun:
    """Interpret make() (and the helpers it calls) just enough to collect the proto."""

    def __init__(self, info: ModuleInfo, proto: StaticProto, maker: str,
                 built: tuple[cst.ClassDef, dict[str, Any]] | None = None) -> None:
        self.info, self.proto, self.maker = info, proto, maker
        self.depth = 0
        #: a factory's class and the factory's names its methods read (`_factory_proto`)
        self.built = built
        members = class_members([built[0]] if built else tree_mro(info, maker).classes)
        self.self_ref = InstanceRef(lambda name: constant_of(info, members, name))

    def call_method(self, found: tuple[cst.ClassDef, cst.FunctionDef], args: list[Any],
                    kwargs: dict[str, Any], info: ModuleInfo | None = None) -> None:
        cls, fn = found
        self._call(fn, args, kwargs, info or self.info, cls)

    def _call(self, fn: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any],
              info: ModuleInfo, cls: cst.ClassDef | None) -> None:
        self.depth += 1
        if self.depth > 12:
            raise UnresolvableError("make() helpers nest too deep")
        env: dict[str, Any] = dict(self.built[1]) if self.built and cls is self.built[0] \
            else {}
        params = list(fn.params.params)
        if fn.params.star_arg is not cst.MaybeSentinel.DEFAULT or fn.params.star_kwarg:
            raise UnresolvableError(f"helper {fn.name.value}(*args/**kwargs)")
        for i, p in enumerate(params):
            name = p.name.value
            if i < len(args):
                env[name] = args[i]
            elif name in kwargs:
                env[name] = kwargs[name]
            elif p.default is not None:
                env[name] = info.ev.eval(p.default, {})
            else:
                raise UnresolvableError(f"missing argument {name} of {fn.name.value}()")
        for p in fn.params.kwonly_params:
            name = p.name.value
            if name in kwargs:
                env[name] = kwargs[name]
            elif p.default is not None:
                env[name] = info.ev.eval(p.default, {})
        try:
            self._block(fn.body.body, env, info, cls)
        except _ReturnError:
            pass
        self.depth -= 1

    def _block(self, body: Any, env: dict[str, Any], info: ModuleInfo,
               cls: cst.ClassDef | None) -> None:
        ev = info.ev
        for stmt in body:
            if isinstance(stmt, cst.For) and stmt.orelse is None:
                for value in ev._seq(ev.eval(stmt.iter, env), stmt.iter):
                    ev.bind(stmt.target, value, env)
                    self._block(stmt.body.body, env, info, cls)
                continue
            if isinstance(stmt, cst.If):
                node: Any = stmt
                while isinstance(node, cst.If):
                    if ev.eval(node.test, env):
                        self._block(node.body.body, env, info, cls)
                        break
                    node = node.orelse
                else:
                    if isinstance(node, cst.Else):
                        self._block(node.body.body, env, info, cls)
                continue
            if not isinstance(stmt, cst.SimpleStatementLine):
                raise UnresolvableError(f"`{code_of(stmt).strip().splitlines()[0]}` in make()")
            for small in stmt.body:
                self._small(small, env, info, cls)

    def _small(self, small: Any, env: dict[str, Any], info: ModuleInfo,
               cls: cst.ClassDef | None) -> None:
        ev = info.ev
        if isinstance(small, cst.Pass):
            return
        if isinstance(small, cst.Return) and small.value is None:
            raise _ReturnError()
        if isinstance(small, cst.Expr) and literal_string(small.value) is not None:
            return
        if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
            targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                       else [small.target])
            if any(self._proto_part(t, env) for t in targets):
                raise UnresolvableError(f"`{code_of(small).strip()}` in make() changes self.proto "
                                        "(only `.inputs.clear()` / `.outputs.clear()` is read)")
            value = ev.eval(small.value, env)
            for t in targets:
                ev.bind(t, value, env)
            return
        if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)):
            raise UnresolvableError(f"`{code_of(small).strip()}` in make()")
        call = small.value
        func = call.func
        if (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call)
                and dotted(func.value.func) == "super"):
            self._super_call(info, cls, call, env)
            return
        if (isinstance(func, cst.Attribute) and func.attr.value == "make"
                and len(call.args) == 1 and isinstance(call.args[0].value, cst.Name)
                and not call.args[0].star and call.args[0].keyword is None
                and env.get(call.args[0].value.value) is self.self_ref):
            self._base_make(info, func)
            return
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                env.get(func.value.value) is self.self_ref:
            self._maker_method(func.attr.value, call, env, info)
            return
        if isinstance(func, cst.Attribute) and (part := self._proto_part(func.value, env)):
            # a grad maker reusing its forward maker, then dropping its outputs
            exact = m.matches(func.value, m.Attribute(value=m.Attribute(
                value=m.Name(), attr=m.Name("proto"))))  # `self.proto.outputs`, nothing below
            if part not in ("inputs", "outputs") or func.attr.value != "clear" or call.args \
                    or not exact:
                raise UnresolvableError(f"`{code_of(call)}` in make() changes self.proto (only "
                                        "`.inputs.clear()` / `.outputs.clear()` is read)")
            getattr(self.proto, part).clear()
            return
        target = ev.eval(func, env) if isinstance(func, (cst.Name, cst.Attribute)) else None
        if isinstance(target, FunctionRef):
            home = info_for(info, target)
            fn = home.ev.functions.get(target.name)
            if fn is None:
                raise UnresolvableError(f"function {target.name}")
            args, kwargs = self._args(call, env, info)
            self._call(fn, args, kwargs, home, None)
            return
        raise UnresolvableError(f"`{code_of(call)}` in make()")

    def _proto_part(self, node: cst.BaseExpression, env: dict[str, Any]) -> str:
        """What of the maker's proto `node` reaches: `self.proto` ("proto"), `self.proto.X`
        ("X"), anything below them ("X" too); "" for anything else."""
        parts: list[str] = []
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            if isinstance(node, cst.Attribute):
                parts.append(node.attr.value)
            node = node.value
        if not (parts and parts[-1] == "proto" and isinstance(node, cst.Name)
                and env.get(node.value) is self.self_ref):
            return ""
        return parts[-2] if len(parts) > 1 else "proto"

    def _args(self, call: cst.Call, env: dict[str, Any], info: ModuleInfo
              ) -> tuple[list[Any], dict[str, Any]]:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for a in call.args:
            if a.star:
                raise UnresolvableError(f"*args in {code_of(call)}")
            value = info.ev.eval(a.value, env)
            if a.keyword is not None:
                kwargs[a.keyword.value] = value
            else:
                args.append(value)
        return args, kwargs

    def _super_call(self, info: ModuleInfo, cls: cst.ClassDef | None, call: cst.Call,
                    env: dict[str, Any]) -> None:
        """`super().make()` / `super(C, self).make()` (or any other method of the maker,
        `super().extra_attrs()` in a hook): the next definition in the maker's MRO
        (`super_calls.super_target`), bases of other modules of the tree and factory-made
        classes (read as their class statements) included."""
        func = cst.ensure_type(call.func, cst.Attribute)
        spelled = f"super().{func.attr.value}()"
        if self.built is not None:
            raise UnresolvableError(f"{spelled} in a class a factory builds")
        mro = tree_mro(self.info, self.maker)  # bases of other modules of the tree too
        if cls is None or all(c is not cls for c in mro.classes):
            raise UnresolvableError(f"{spelled} outside a maker class")
        self_name = next((k for k, v in env.items() if v is self.self_ref), "")
        found = super_target(mro.classes, cls, func, self_name)
        if isinstance(found, str):
            raise UnresolvableError(found.replace("kernel's MRO", "maker's MRO"))
        parent, method = found
        args, kwargs = self._args(call, env, info)
        self._call(method, [self.self_ref, *args], kwargs, mro.owners.get(id(parent), self.info),
                   parent)

    def _base_make(self, info: ModuleInfo, func: cst.Attribute) -> None:
        """`Base.make(self)`: the first make() of Base's own MRO, Base a class of the maker's
        MRO (of a factory's class: one of the bases it names) that the name reads where the
        call stands."""
        spelled = code_of(func).strip()
        base = base_class(info, func.value)
        if self.built is not None:  # a class a factory builds: one of the bases it names
            named = [base_class(info, a.value) for a in self.built[0].bases]
            if base is None or not any(b is not None and b[0] == base[0] and b[1] is base[1]
                                       for b in named):
                raise UnresolvableError(f"{spelled}(self): no base of the class the factory "
                                        "builds")
        elif base is None or all(c is not base[1].classes[base[0]]
                                 for c in tree_mro(self.info, self.maker).classes):
            raise UnresolvableError(f"{spelled}(self): no class of the maker's MRO")
        found = find_tree_method(base[1], base[0], "make")
        if found is None:
            raise UnresolvableError(f"{spelled}(self) reaches no make() in the tree")
        self._call(found[1], [self.self_ref], {}, found[2], found[0])

    def _maker_method(self, method: str, call: cst.Call, env: dict[str, Any],
                      info: ModuleInfo) -> None:
        ev = info.ev
        if method in ("add_input", "add_output"):
            named = {}
            positional = [a for a in call.args if a.keyword is None]
            if positional:
                named["name"] = ev.eval(positional[0].value, env)
            for a in call.args:
                if a.keyword is not None and a.keyword.value != "comment":
                    named[a.keyword.value] = ev.eval(a.value, env)
            slot = VarSlot(str(named["name"]), bool(named.get("duplicable", False)),
                           bool(named.get("dispensable", False)),
                           bool(named.get("extra", False)), bool(named.get("quant", False)))
            (self.proto.inputs if method == "add_input" else self.proto.outputs).append(slot)
        elif method == "add_attr":
            named = _attr_call(call, ev, env)
            atype = named["type"]
            if not isinstance(atype, EnumRef):
                raise UnresolvableError(f"attribute type in {code_of(call)}")
            self.proto.attrs.append(AttrSlot(str(named["name"]), atype.member,
                                             named.get("default"),
                                             bool(named.get("extra", False)),
                                             bool(named.get("quant", False))))
        elif method == "add_comment":
            return
        elif self.built is not None:
            found = next(((self.built[0], s, info) for s in self.built[0].body.body
                          if isinstance(s, cst.FunctionDef) and s.name.value == method), None)
            if found is None:
                raise UnresolvableError(f"maker method {method}()")
            args, kwargs = self._args(call, env, info)
            self._call(found[1], [self.self_ref, *args], kwargs, found[2], found[0])
        else:
            found = find_tree_method(self.info, self.maker, method)
            if found is None:
                raise UnresolvableError(f"maker method {method}()")
            args, kwargs = self._args(call, env, info)
            self._call(found[1], [self.self_ref, *args], kwargs, found[2], found[0])


def _attr_call(call: cst.Call, ev: Evaluator, env: dict[str, Any]) -> dict[str, Any]:
    """add_attr's arguments; an unreadable default becomes UNKNOWN_DEFAULT, not an error."""
    names = ["name", "type", "default", "comment"]
    named: dict[str, Any] = {}
    # each positional argument's node, or the values a `*spec` of a known sequence spreads
    # (`self.add_attr(*a)` over a maker factory's `(name, AttrType, default)` tuples)
    positional: list[tuple[cst.BaseExpression | None, Any]] = []
    for a in call.args:
        if a.star == "**":
            raise UnresolvableError(f"**kwargs in {code_of(call)}")
        if a.star:
            spread = ev.eval(a.value, env)
            if not isinstance(spread, (tuple, list)):
                raise UnresolvableError(f"*args in {code_of(call)}: no sequence")
            positional.extend((None, v) for v in spread)
        elif a.keyword is None:
            positional.append((a.value, None))
    for n, arg in zip(names, positional):
        named[n] = arg
    for a in call.args:
        if a.keyword is not None:
            named[a.keyword.value] = (a.value, None)
    out: dict[str, Any] = {}
    for key, (node, value) in named.items():
        if key == "comment":
            continue
        if node is None:
            out[key] = value
            continue
        try:
            out[key] = ev.eval(node, env)
        except UnresolvableError:
            if key != "default":
                raise
            out[key] = UNKNOWN_DEFAULT
    return out
