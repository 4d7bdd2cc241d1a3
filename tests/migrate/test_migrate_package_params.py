"""The codemod on kernels handing their context to a parameter object
(tests/migrate/corpus/pkg_params, issue 23, cm52): `p = ClipParams.from_ctx(ctx)` (a frozen
dataclass of `params.py`, its classmethod building it with keywords), `P.LeakyParams.of(ctx)`
(a plain value class reached through `from . import params as P`, positional, with a
`has_attr` fallback and a defaulted field), `_Band.from_ctx(context)` of the kernel's module;
`a = AttrView(ctx)` (`views.py`: `__getattr__` returning `self._ctx.attr(name)`);
`AffineSettings(ctx)` and `_Gain(ctx)` reading ctx into fields in `__init__`; a template
base's compute (`template.py`) building the view under the name its module imports it by;
a view and settings whose classes spell their `object` base out (`class LegacyView(object):`);
views taking keyword defaults (`DefaultingView(ctx, beta=0.125)`: `__getattr__` read for the
one literal name, a dunder guard, `has_attr` and the defaults; `TolerantView`'s `try:` /
`except KeyError:`; `OffsetView`, a subclass of a view copying its class table DEFAULTS
and reading ctx through `self.__dict__["_ctx"]`) on ops whose beta is optional (the default
becomes the PHI default); a view subclassing one with nothing of its own (`ScaledView`).
Each field read becomes the ctx read it holds, so they migrate. Negative twins, each refused
with its reason: a record stored on the kernel, one handed to a helper, `__post_init__`, a
field a method writes, a `__getattr__` doing more, settings keeping ctx, a view written to,
a view subclassed, a view's default named by a constant (and, inline, a class deriving
from an `object` its module rebinds).

After `--write` (verify on) every module still imports and every op computes what it
computed before, on several attribute values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    migrate,
    run_package_ops,
    unary,
    write_copy,
)

PACKAGE = "pkg_params"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_KEPT = "migrated; class kept for a module-level statement"
_STASHED = ("builds parameter object ClipParams by `ClipParams.from_ctx(ctx)` other than as "
            "a statement `p = ...` of compute(): the object escapes")
_HANDED = ("uses parameter object `p` (ClipParams, built by its classmethod from ctx) other "
           "than by reading its fields after it is built: `out[...] = _clipped(ctx.xp, "
           "x.data, p)` (the object escapes)")
_CHECKED = ("hands ctx to CheckedClipParams (CheckedClipParams.from_ctx(ctx)): "
            "CheckedClipParams is no spec class the codemod reads: it defines `__post_init__`")
_WIDENING = ("hands ctx to WideningParams (WideningParams.from_ctx(ctx)), which keeps state "
             "its methods mutate: widen() runs `self.hi = self.hi + by`")
_TRACING = ("hands ctx to TracingView (TracingView(ctx)), an attribute view whose __getattr__ "
            "does more than return `self._ctx.attr(name)`")
_KEEPING = ("hands ctx to KeepingSettings (KeepingSettings(ctx)), which keeps the "
            "ExecutionContext past its __init__ (`self.ctx = ctx`)")
_OVERRIDDEN = ("writes a.gamma of parameter object `a` (AttrView, a view of ctx's attributes): "
               "`a.gamma = 2.0`")
_PATCHED = ("hands ctx to PatchedOffsetView (PatchedOffsetView(ctx)), an attribute view "
            "whose defaults copy class attribute DEFAULTS: ")
_NAMED = ("builds attribute view DefaultingView by `DefaultingView(ctx, beta=_OFFSET)`, "
          "with arguments besides ctx and literal keyword defaults")

EXPECTED = {
    "clip.py": {
        "ClipKernel": ("migrated", "pp_clip", _KEPT, _FLOATS),
        # an undeclared attribute read by a getter of another module, in the builder
        "DecayedClipKernel": ("migrated", "pp_decayed_clip", _KEPT, _FLOATS),
        "BandKernel": ("migrated", "pp_band", _KEPT, _FLOATS),
        "LeakyKernel": ("migrated", "pp_leaky", _KEPT, _FLOATS),
        "StashedClipKernel": ("skipped", "pp_stashed_clip", _STASHED, {}),
        "HandedClipKernel": ("skipped", "pp_handed_clip", _HANDED, {}),
        "CheckedClipKernel": ("skipped", "pp_checked_clip", _CHECKED, {}),
        "WideningClipKernel": ("skipped", "pp_widening_clip", _WIDENING, {}),
        "SpecBandKernel": ("migrated", "pp_spec_band", _KEPT, _FLOATS),
        "WindowClipKernel": ("migrated", "pp_window_clip", _KEPT, _FLOATS),
    },
    "acts.py": {
        "ViewAffineKernel": ("migrated", "pp_view_affine", "", _FLOATS),
        "SettingsAffineKernel": ("migrated", "pp_settings_affine", "", _FLOATS),
        "GainKernel": ("migrated", "pp_gain", "", _FLOATS),
        "FlippedAffineKernel": ("migrated", "pp_flipped_affine", "", _FLOATS),
        "LegacyViewAffineKernel": ("migrated", "pp_legacy_view_affine", "", _FLOATS),
        "LegacySettingsAffineKernel": ("migrated", "pp_legacy_settings_affine", "", _FLOATS),
        "TracingAffineKernel": ("skipped", "pp_tracing_affine", _TRACING, {}),
        "KeptAffineKernel": ("skipped", "pp_kept_affine", _KEEPING, {}),
        "OverriddenAffineKernel": ("skipped", "pp_overridden_affine", _OVERRIDDEN, {}),
        "ScaledAffineKernel": ("migrated", "pp_scaled_affine", "", _FLOATS),
        "DefaultedAffineKernel": ("migrated", "pp_defaulted_affine", "", _FLOATS),
        "TolerantAffineKernel": ("migrated", "pp_tolerant_affine", "", _FLOATS),
        "NamedDefaultAffineKernel": ("skipped", "pp_named_default_affine", _NAMED, {}),
        "TabledAffineKernel": ("migrated", "pp_tabled_affine", "", _FLOATS),
        "PatchedAffineKernel": ("skipped", "pp_patched_affine", _PATCHED, {}),
    },
}
LEGACY = frozenset(op for rows in EXPECTED.values() for status, op, _, _ in rows.values()
                   if status == "skipped")
_RANGES = [{}, {"min": -0.1, "max": 0.2}, {"min": -2.0, "max": 2.0, "slope": 0.3}]
_AFFINE = [{}, {"alpha": -1.5}, {"alpha": 3.0}, {"alpha": 3.0, "beta": -0.75}]
CASES = {op: _RANGES if module == "clip.py" else _AFFINE
         for module, rows in EXPECTED.items() for _, op, _, _ in rows.values()}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.clip", f"{PACKAGE}.acts"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("params"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_each_field_read_is_the_ctx_read_it_holds(written: dict[str, Any]) -> None:
    clip = (written["pkg"] / "clip.py").read_text()
    acts = (written["pkg"] / "acts.py").read_text()
    assert "    out[...] = dev_ctx.xp.clip(x.data, float(min), max)\n" in clip
    assert "    inside = (x.data >= min) & (x.data <= max)\n" in clip
    # the positional slope, its `has_attr` fallback folded (declared with a default), and
    # the scale the call leaves to its default
    assert "    out[...] = dev_ctx.xp.where(x.data > 0, x.data, x.data * slope) * 1.0\n" in clip
    assert "    out[...] = x.data * alpha + beta\n" in acts
    assert "    out[...] = x.data * alpha\n" in acts
    # the template's compute, its view named as `template.py` imports it
    assert "    out[...] = beta - x.data * alpha\n" in acts
    # the classes spelling their `object` base out (`class LegacyView(object):`)
    assert "    out[...] = (x.data - beta) * alpha\n" in acts
    assert "    out[...] = x.data * beta + alpha\n" in acts
    # a view's keyword default where the op may lack the attribute: the PHI default
    assert "beta: Annotated[float, AttrDefault(0.125)]" in acts
    assert "beta: Annotated[float, AttrDefault(-1.0)]" in acts
    assert "    out[...] = x.data * alpha - beta\n" in acts
    # no migrated kernel builds its object any more
    for text, op in [(clip, "pp_clip"), (clip, "pp_band"), (clip, "pp_leaky"),
                     (acts, "pp_view_affine"), (acts, "pp_settings_affine"), (acts, "pp_gain"),
                     (acts, "pp_flipped_affine"), (acts, "pp_legacy_view_affine"),
                     (acts, "pp_legacy_settings_affine"), (acts, "pp_defaulted_affine"),
                     (acts, "pp_tolerant_affine"), (acts, "pp_tabled_affine"),
                     (acts, "pp_scaled_affine")]:
        function = text.split(f"def {op}_kernel(")[1].split("\n\n\n")[0]
        assert not any(made in function for made in ("from_ctx", ".of(", "AttrView",
                                                     "Settings", "_Gain", "_View",
                                                     "Legacy")), function
    # the parameter classes stay as their modules wrote them
    for name in ("params.py", "views.py"):
        assert (written["pkg"] / name).read_text() == (CORPUS / PACKAGE / name).read_text()
    assert "class _Band:" in clip and "class _Gain:" in acts


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    assert set(written["after"]["imported"].values()) == {"ok"}
    assert written["after"]["imported"] == written["before"]["imported"]
    before, after = written["before_ops"], written["after_ops"]
    assert after == before
    assert all(isinstance(v, list) for v in before.values()), before
    # the cases tell the attribute values apart
    assert before["pp_clip {}"] != before["pp_clip {'min': -0.1, 'max': 0.2}"]
    assert before["pp_leaky {}"] != before["pp_leaky {'min': -2.0, 'max': 2.0, 'slope': 0.3}"]
    assert before["pp_view_affine {}"] != before["pp_view_affine {'alpha': -1.5}"]
    assert before["pp_settings_affine {'alpha': 3.0, 'beta': -0.75}"] != \
        before["pp_settings_affine {'alpha': -1.5}"]
    # an op lacking beta takes the view's default
    assert before["pp_defaulted_affine {}"] != before["pp_view_affine {}"]
    assert before["pp_tolerant_affine {'alpha': 3.0, 'beta': -0.75}"] != \
        before["pp_tolerant_affine {'alpha': 3.0}"]


_PARAMS = '''
@dataclass(frozen=True)
class Params:
    alpha: float
    bias: float = 0.0

    @classmethod
    def from_ctx(cls, ctx):
        return cls(ctx.attr("alpha"))
'''
_VIEW = '''
class View:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name)
'''
_DEFAULTED = '''
class View:
    """The op's attributes by name, a keyword default where the op lacks one."""

    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = defaults

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if self._ctx.has_attr(name):
            return self._ctx.attr(name)
        if name in self._defaults:
            return self._defaults[name]
        raise AttributeError(f"no attribute {name}")
'''
#: a read-only view: its own slots set through `__dict__` past a `__setattr__` that raises,
#: the defaults read through a local, a plain method of its own
_SEALED = '''
class View(object):
    def __init__(self, ctx, **defaults):
        self.__dict__["_ctx"] = ctx
        self.__dict__["_defaults"] = defaults

    def __getattr__(self, name):
        ctx = self.__dict__["_ctx"]
        if ctx.has_attr(name):
            return ctx.attr(name)
        defaults = self.__dict__["_defaults"]
        if name in defaults:
            return defaults[name]
        raise AttributeError(name)

    def __setattr__(self, name, value):
        raise AttributeError("View is read-only")

    def get(self, name, default=None):
        return getattr(self, name, default)
'''
_TRIED = '''
class View(object):
    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = dict(defaults)

    def __getattr__(self, name):
        try:
            return self._ctx.attr(name)
        except KeyError:
            return self._defaults.get(name, 0.0)
'''
#: the defaults read by `try: return defaults[name]` `except KeyError: raise ...`
_TRIED_DEFAULTS = _SEALED.replace('''        defaults = self.__dict__["_defaults"]
        if name in defaults:
            return defaults[name]
        raise AttributeError(name)
''', '''        try:
            return self.__dict__["_defaults"][name]
        except KeyError:
            raise AttributeError(name) from None
''')
#: the defaults as one dict parameter that may be None, copied (`dict(defaults or {})`)
_MAPPED = _SEALED.replace("**defaults", "defaults=None").replace(
    '["_defaults"] = defaults', '["_defaults"] = dict(defaults or {})')
_USE = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx):
        BODY
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = ctx.input("X").data * READ
'''


@pytest.mark.parametrize(("classes", "body", "read", "reason"), [
    (_PARAMS, "p = Params.from_ctx(ctx)", "p.alpha + p.bias", ""),
    (_PARAMS, "p = Params.from_ctx(ctx)\n        return p", "p.alpha",
     "uses parameter object `p` (Params, built by its classmethod from ctx) other than by "
     "reading its fields after it is built: `return p`"),
    (_PARAMS, "q = p.alpha\n        p = Params.from_ctx(ctx)", "q", "after it is built: "
     "`q = p.alpha`"),
    (_PARAMS, "p = Params.from_ctx(ctx)\n        p = Params.from_ctx(ctx)", "p.alpha",
     "after it is built: `p = Params.from_ctx(ctx)`"),
    (_PARAMS, "p = Params.from_ctx(ctx)", "p.gamma",
     "reads p.gamma of parameter object `p` (Params, built by its classmethod from ctx), "
     "which is no field of Params"),
    (_PARAMS, "p = Params.from_ctx(ctx, 2.0)", "p.alpha",
     "passes ctx to from_ctx() with more arguments than it takes"),
    # a builder taking more than ctx is lifted, what it is given passed on
    (_PARAMS.replace("def from_ctx(cls, ctx):", "def from_ctx(cls, ctx, k):").replace(
        'cls(ctx.attr("alpha"))', 'cls(ctx.attr("alpha") * k)'),
     "p = Params.from_ctx(ctx, 2.0)", "p.alpha", ""),
    (_PARAMS.replace("@dataclass(frozen=True)", "@dataclass\n@functools.total_ordering"),
     "p = Params.from_ctx(ctx)", "p.alpha", "its decorator `@functools.total_ordering`"),
    (_PARAMS.replace("frozen=True", "frozen=False"),
     "p = Params.from_ctx(ctx)\n        p.bias = 1.0", "p.alpha + p.bias",
     "`p.bias = 1.0` (its module) may change a field of one of its instances"),
    (_PARAMS.replace("bias: float = 0.0", "bias: float = OFFSET"), "p = Params.from_ctx(ctx)",
     "p.alpha", "leaves field bias to its default `OFFSET`, no literal"),
    # arithmetic over attribute reads and constants (an attribute does not change while
    # compute() runs), never over a tensor (an input may)
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(ctx.attr("alpha") * 2)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(-ctx.attr("alpha") / SCALE)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    # a builder computing more than fields of ctx reads (a tensor's data, a local bound
    # twice, a call) is lifted as a helper taking ctx: the object, holding only values,
    # stays a local of the kernel
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(ctx.input("X").data * 2)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    # locals bound once to such values before `return cls(...)`, and a staticmethod
    # returning the class's own call
    (_PARAMS.replace('        return cls(ctx.attr("alpha"))',
                     '        a = ctx.attr("alpha")\n        b = a * SCALE\n'
                     '        return cls(a, bias=b)'),
     "p = Params.from_ctx(ctx)", "p.alpha + p.bias", ""),
    (_PARAMS.replace('        return cls(ctx.attr("alpha"))',
                     '        a = ctx.attr("alpha")\n        a = a * 2\n        return cls(a)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    (_PARAMS.replace("@classmethod\n    def from_ctx(cls, ctx):\n        return cls(",
                     "@staticmethod\n    def from_ctx(ctx):\n        return Params("),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    ("Params = None\n" + _PARAMS.replace(
        "@classmethod\n    def from_ctx(cls, ctx):\n        return cls(",
        "@staticmethod\n    def from_ctx(ctx):\n        return Params("),
     "p = Params.from_ctx(ctx)", "p.alpha", "whose module binds Params besides its class"),
    # a builtin conversion of a ctx read is read as compute() would read it, unless the
    # class's module, the kernel's module or compute() binds the builtin's name
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(float(ctx.attr("alpha")))'),
     "p = Params.from_ctx(ctx)", "p.alpha + p.bias", ""),
    (_PARAMS.replace('cls(ctx.attr("alpha"))',
                     'cls(float(ctx.attr("alpha")) if ctx.has_attr("alpha") else 1.0)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    ("float = abs\n" + _PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(float(ctx.attr("alpha")))'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),  # lifted: its module's float, abs
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(float(ctx.attr("alpha")))'),
     "float = abs\n        p = Params.from_ctx(ctx)", "p.alpha",
     'whose expression `float(ctx.attr("alpha"))` calls float, which the kernel\'s module or '
     "compute() binds to something else"),
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(round(ctx.attr("alpha")))'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    # lifted, it still hands ctx on: refused as any helper doing so
    (_PARAMS.replace("        return cls(", "        print(ctx)\n        return cls("),
     "p = Params.from_ctx(ctx)", "p.alpha", "passes ctx to from_ctx(), which keeps 'ctx'"),
    (_PARAMS.replace('cls(ctx.attr("alpha"))', 'cls(ctx)'),
     "p = Params.from_ctx(ctx)", "p.alpha", "passes ctx to from_ctx(): hands ctx to Params"),
    (_PARAMS + "\n    from_ctx = classmethod(lambda cls, ctx: cls(2.0))\n",
     "p = Params.from_ctx(ctx)", "p.alpha", "whose body binds from_ctx more than once"),
    ('''
class View:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name)
''', "v = View(ctx)", "v.alpha", ""),
    ('''
class View:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name)
''', "v = View(ctx)", "v._ctx.attr('alpha')",
     "reads v._ctx of parameter object `v` (View, a view of ctx's attributes), which is the "
     "ExecutionContext View keeps"),
    ('''
class View:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name.lower())
''', "v = View(ctx)", "v.alpha", "whose __getattr__ does more than return"),
    ('''
class Settings:
    def __init__(self, ctx):
        self.alpha = ctx.attr("alpha")

    def bump(self):
        self.count = 1
''', "s = Settings(ctx)", "s.alpha",
     "which keeps state its methods mutate: bump() runs `self.count = 1`"),
    ('''
class Settings:
    def __init__(self, ctx):
        self.alpha = ctx.attr("alpha")
        self.alpha = 2.0
''', "s = Settings(ctx)", "s.alpha",
     "(each field stored once, a ctx read, literal, constant, builtin conversion or "
     "attribute arithmetic of those, is read)"),
    ('''
class Settings:
    def __init__(self, ctx):
        self.alpha = float(ctx.attr("alpha"))
''', "s = Settings(ctx)", "s.alpha", ""),
    (_VIEW.replace("class View:", "class View(object):"), "v = View(ctx)", "v.alpha", ""),
    (_PARAMS.replace("class Params:", "class Params(object):"), "p = Params.from_ctx(ctx)",
     "p.alpha", ""),
    ("object = dict\n" + _VIEW.replace("class View:", "class View(object):"),
     "v = View(ctx)", "v.alpha", "hands ctx to View, which derives from object (a parameter "
     "object is read only from a class with no base)"),
    (_VIEW.replace("class View:", "class View(object, metaclass=type):"), "v = View(ctx)",
     "v.alpha", "hands ctx to View, which derives from type (a parameter object"),
    # a name the class body binds is found without __getattr__: no ctx read
    (_DEFAULTED.replace("    def __init__(self, ctx, **defaults):",
                        "    alpha = 0.25\n\n    def __init__(self, ctx, **defaults):"),
     "v = View(ctx)", "v.alpha", "which is an attribute the class body of View binds"),
    # a method of its own: the class may hold it, a read of it is refused
    (_DEFAULTED.replace("        self._defaults = defaults\n", "        self._defaults = "
                        "defaults\n\n    def alpha(self):\n        return 1\n"),
     "v = View(ctx)", "v.alpha", "which is an attribute the class body of View binds"),
    (_DEFAULTED.replace("        self._defaults = defaults\n", "        self._defaults = "
                        "defaults\n\n    def __len__(self):\n        return 1\n"),
     "v = View(ctx)", "v.alpha", "that also runs `def __len__(self):`"),
    (_SEALED, "v = View(ctx, alpha=0.5)", "v.alpha", ""),
    (_SEALED, "v = View(ctx)", "v.get('alpha')", "which is an attribute the class body"),
    (_SEALED.replace('raise AttributeError("View is read-only")', "print(name)"),
     "v = View(ctx)", "v.alpha", "that also runs `def __setattr__(self, name, value):`"),
    # an object read once where it is built: its field's ctx read
    (_VIEW, "pass", "View(ctx).alpha", ""),
    (_PARAMS, "pass", "Params.from_ctx(ctx).alpha + Params.from_ctx(ctx).bias", ""),
    # a builder lifted as a helper makes a real object: its method called where it is built
    (_PARAMS.replace('return cls(ctx.attr("alpha"))', 'a = ctx.attr("alpha")\n'
                     '        return cls(a if a > 0 else 1.0)') +
     "\n    def twice(self):\n        return self.alpha * 2\n", "pass",
     "Params.from_ctx(ctx).twice()", ""),
    (_VIEW, "pass", "View(ctx)._ctx.attr('alpha')", "which is the ExecutionContext View keeps"),
    (_VIEW, "View(ctx).alpha = 1.0", "1.0", "other than as a statement `p = ...`"),
    # a view keeping keyword defaults: `__getattr__` read for the one literal name, its
    # tests of the name and the defaults decided, `has_attr` left to the proto's fold
    (_DEFAULTED, "v = View(ctx, alpha=2.0)", "v.alpha", ""),
    (_DEFAULTED, "v = View(ctx)", "v.alpha", ""),
    # an attribute the op does not declare: has_attr undecided (an op desc may carry it),
    # read with the view's default as its fallback, a float: the argument's type and default
    (_DEFAULTED, "v = View(ctx, gamma=3.0)", "v.alpha * v.gamma", ""),
    # with no default, the view raises where the desc lacks it: a plain read, refused
    (_DEFAULTED, "v = View(ctx)", "v.alpha * v.gamma",
     "reads attribute 'gamma' that the op proto does not declare"),
    (_DEFAULTED.replace("        if self._ctx.has_attr(name):\n            return "
                        "self._ctx.attr(name)\n", ""), "v = View(ctx)", "v.alpha",
     "raising in View's __getattr__ whatever the op holds"),
    (_DEFAULTED.replace("return self._ctx.attr(name)", "return 1.0"), "v = View(ctx)",
     "v.alpha", "raises unless `ctx.has_attr('alpha')`"),
    (_DEFAULTED, "v = View(ctx, alpha=ALPHA)", "v.alpha",
     "with arguments besides ctx and literal keyword defaults"),
    (_DEFAULTED, "v = View(ctx, alpha=2.0)", "v._defaults",
     "which is the defaults View keeps"),
    (_DEFAULTED.replace("        self._defaults = defaults\n",
                        "        self._defaults = dict(defaults)\n        self.n = 0\n"),
     "v = View(ctx)", "v.alpha", "whose __init__ does more than store ctx"),
    (_DEFAULTED.replace("if self._ctx.has_attr(name):", "if not self._ctx.has_attr(name):"),
     "v = View(ctx)", "v.alpha", "raises unless `not ctx.has_attr('alpha')`"),
    (_DEFAULTED.replace("return self._defaults[name]", "return self._defaults[name] * 2"),
     "v = View(ctx, gamma=1.0)", "v.gamma", "for 'gamma' it runs `self._defaults[name] * 2`"),
    (_DEFAULTED.replace("return self._defaults[name]", "return self._defaults[name] * 2"),
     "v = View(ctx)", "v.alpha", ""),
    # the defaults given as one dict: a display of literals, None or nothing
    (_MAPPED, "v = View(ctx, defaults={'gamma': 3.0})", "v.alpha * v.gamma", ""),
    (_MAPPED, "v = View(ctx, {'gamma': 3.0})", "v.alpha * v.gamma", ""),
    (_MAPPED, "v = View(ctx, None)", "v.alpha", ""),
    (_MAPPED, "v = View(ctx)", "v.alpha * v.gamma",
     "reads attribute 'gamma' that the op proto does not declare"),
    (_MAPPED, "v = View(ctx, {'gamma': SCALE})", "v.gamma",
     "with arguments besides ctx and literal defaults"),
    (_MAPPED, "v = View(ctx, dict(gamma=3.0))", "v.gamma",
     "with arguments besides ctx and a dict display of defaults"),
    (_MAPPED, "v = View(ctx, {'self-loop': 3.0})", "v.alpha",
     "with arguments besides ctx and a dict display of defaults keyed by names"),
    (_MAPPED, "v = View(ctx, others={'gamma': 3.0})", "v.gamma",
     "with arguments besides ctx and a dict of defaults"),
    # `defaults=None` stored as given: `name in None` would raise where the call gives none
    (_MAPPED.replace("dict(defaults or {})", "defaults"), "v = View(ctx, {'gamma': 3.0})",
     "v.gamma", "whose __init__ does more than store ctx"),
    (_MAPPED.replace("dict(defaults or {})", "defaults").replace("defaults=None",
                                                                 "defaults={}"),
     "v = View(ctx, {'gamma': 3.0})", "v.gamma", ""),
    # a builder going through a memoized classmethod: the object is built at run time as
    # before, the cache running the same code; another decorator stays refused
    (_PARAMS.replace('return cls(ctx.attr("alpha"))', 'return cls.build(ctx.attr("alpha"))')
     + "\n    @classmethod\n    @functools.lru_cache(maxsize=8)\n    def build(cls, a):\n"
       "        return cls(a * 2)\n", "p = Params.from_ctx(ctx)", "p.alpha", ""),
    (_PARAMS.replace('return cls(ctx.attr("alpha"))', 'return cls.build(ctx.attr("alpha"))')
     + "\n    @classmethod\n    @functools.wraps(print)\n    def build(cls, a):\n"
       "        return cls(a * 2)\n", "p = Params.from_ctx(ctx)", "p.alpha",
     "whose method build() is decorated or takes no self"),
    # a builder falling back on a class constant (a dataclass field's default) for an
    # attribute the op does not declare: the constant, read as the fallback's literal
    (_PARAMS.replace('return cls(ctx.attr("alpha"))', 'g = ctx.attr("gamma") if '
                     'ctx.has_attr("gamma") else cls.bias\n        return cls(g * 2)'),
     "p = Params.from_ctx(ctx)", "p.alpha", ""),
    (_PARAMS.replace('return cls(ctx.attr("alpha"))', 'g = ctx.attr("gamma") if '
                     'ctx.has_attr("gamma") else cls.bias\n        return cls(g * 2)')
     .replace("bias: float = 0.0", "bias: float = dataclasses.field(default=0.0)"),
     "p = Params.from_ctx(ctx)", "p.alpha", "passes ctx to from_ctx(): reads attribute 'gamma'"),
    (_TRIED_DEFAULTS, "v = View(ctx, gamma=3.0)", "v.alpha * v.gamma", ""),
    (_TRIED_DEFAULTS, "v = View(ctx)", "v.gamma",
     "reads attribute 'gamma' that the op proto does not declare"),
    (_TRIED_DEFAULTS.replace("except KeyError:", "except AttributeError:"),
     "v = View(ctx, gamma=3.0)", "v.gamma", "it runs `try:"),
    (_TRIED, "v = View(ctx, alpha=1.5)", "v.alpha", ""),
    (_TRIED.replace("except KeyError:", "except AttributeError:"),
     "v = View(ctx)", "v.alpha", "it runs `try:"),
    (_TRIED.replace("self._ctx.attr(name)", "self._ctx.attr(name.upper())"),
     "v = View(ctx)", "v.alpha", "it runs `try:"),
    ('''
class Settings:
    def __init__(self, ctx, k=1):
        self.alpha = ctx.attr("alpha")
''', "s = Settings(ctx)", "s.alpha", "whose __init__ takes other than (self, ctx)"),
])
def test_a_parameter_object_is_read_only_where_each_field_is_a_ctx_read(
        classes: str, body: str, read: str, reason: str) -> None:
    source = unary(_USE.replace("BODY", body).replace("READ", read)).replace(
        "\nclass UnaryKernel", f"\n{classes}\n\nclass UnaryKernel")
    source = source.replace("from __future__ import annotations\n",
                            "from __future__ import annotations\n\nimport dataclasses\n"
                            "import functools\n"
                            "from dataclasses import dataclass\n\nSCALE = 4.0\n")
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert (record.status, reason in record.reason) == ("skipped", True), record.reason


def test_a_view_given_its_defaults_as_one_dict_reads_them_as_fallbacks() -> None:
    """`View(ctx, {"gamma": 3.0})` over `__init__(self, ctx, defaults=None)`: an attribute
    the op does not declare is read with the dict's value as its default."""
    source = unary(_USE.replace("BODY", "v = View(ctx, {'gamma': 3.0})").replace(
        "READ", "v.alpha * v.gamma")).replace("\nclass UnaryKernel",
                                              f"\n{_MAPPED}\n\nclass UnaryKernel")
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == "migrated", record.reason
    assert "gamma: Annotated[float, AttrDefault(3.0)]" in result.new_text
    assert "x.data * alpha * gamma" in result.new_text


def test_a_field_put_into_an_expression_keeps_its_grouping() -> None:
    """A field's value is an expression of its own: read where an operator binds tighter it
    is parenthesized (`x * p.bias`, bias `alpha + 1.0`, is `x * (alpha + 1.0)`), and a
    negative constant stays the base of a power (`(-1.0) ** 2`, not `-1.0 ** 2`)."""
    classes = _PARAMS.replace('        return cls(ctx.attr("alpha"))',
                              '        a = ctx.attr("alpha") + 1.0\n'
                              '        return cls(a, bias=NEG)')
    source = unary(_USE.replace("BODY", "p = Params.from_ctx(ctx)").replace(
        "READ", "p.alpha * p.bias ** 2")).replace(
        "\nclass UnaryKernel", f"\nNEG = -1.0\n{classes}\n\nclass UnaryKernel").replace(
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\nfrom dataclasses import dataclass\n")
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == "migrated", record.reason
    assert "    out[...] = x.data * (alpha + 1.0) * (-1.0) ** 2\n" in result.new_text


@pytest.mark.parametrize(("helper", "reason"), [
    ("    v = View(ctx)\n    return v.alpha * 2\n", ""),
    ("    v = View(ctx)\n    return v\n", "passes ctx to _scale_of(): uses parameter object `v`"),
])
def test_a_ctx_helper_may_build_a_parameter_object(helper: str, reason: str) -> None:
    """A helper taking ctx reads its parameter object field by field as compute() does."""
    source = unary(_USE.replace("BODY", "pass").replace("READ", "_scale_of(ctx)")).replace(
        "\nclass UnaryKernel", f"\n{_VIEW}\n\ndef _scale_of(ctx):\n{helper}\n\nclass UnaryKernel")
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert record.status == "skipped" and reason in record.reason, record.reason
