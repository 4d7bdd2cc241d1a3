"""The codemod on kernels computing through functor objects and class keywords
(tests/migrate/corpus/pkg_functors, issue 23, cm53).

`held.py`: kernels holding functors of `functors.py` (`from . import functors as F`) and
calling them, `self._functor(ctx.xp, x.data)`: a class attribute `_functor =
F.AbsSquareFunctor()` (or `F.ScaleFunctor(2.0)`), `self._f = F.SigmoidFunctor()` in
`__init__` (one also calling its `backward`), and subclasses of `bases.py`'s
`FunctorTemplate` (whose body binds `_functor = None`) setting `_functor`. They migrate with
the constructor call inline, `F.AbsSquareFunctor()(dev_ctx.xp, x.data)`: the functors hold
literals nothing changes. `keyed.py`: kernels naming their ufunc and scale as class keywords
of `bases.py`'s `UnaryBase`, whose `__init_subclass__` only stores them on the class
(`cls.ufunc = staticmethod(ufunc)`, `cls.scale = scale`): read as class-body bindings,
`0.5 * np.exp(x.data)`. Negative twins (`twins.py`), each refused with its reason: a functor
counting its calls, one built from a value computed at import, and keyword bases whose hook
also books the class or stores under a condition.

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_ops_as_before,
    migrate,
    run_package_ops,
    unary,
    write_copy,
)

PACKAGE = "pkg_functors"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_KEPT = "migrated; class kept for a module-level statement"
_COUNTING = ("holds a helper object `_functor = F.CountingFunctor()`: F.CountingFunctor keeps "
             "state its methods mutate: __call__() runs `self.calls += 1`; one object per "
             "kernel and one per call would compute differently")
_TRIPLE = ("holds a helper object `_functor = F.ScaleFunctor(_factor())` whose constructor "
           "reads `_factor()`, not a literal: the object cannot be rebuilt alike in a "
           "function (only literal constructor arguments are read)")
_ONLY = ("(only `cls.NAME = <parameter>` or `cls.NAME = staticmethod(<parameter>)` after "
         "`super().__init_subclass__(**kwargs)` is read)")
_LOGGED = ("reads self.ufunc, which `LoggedBase.__init_subclass__` sets for LoggedTanhKernel "
           f"and runs `SEEN.append(cls.__name__)` {_ONLY}")
_GUARDED = ("reads self.ufunc, which `GuardedBase.__init_subclass__` sets for "
            "GuardedTanhKernel and runs `cls.ufunc = staticmethod(ufunc) if ufunc else None` "
            f"{_ONLY}")

EXPECTED = {
    "held.py": {kernel: ("migrated", op, _KEPT, _FLOATS) for kernel, op in (
        ("AbsSquareKernel", "fx_abs_square"), ("DoubleKernel", "fx_double"),
        ("SigmoidKernel", "fx_sigmoid"), ("SigmoidSlopeKernel", "fx_sigmoid_slope"),
        ("ShiftedKernel", "fx_shifted"), ("TemplateAbsSquareKernel", "fx_template_abs_square"))},
    "keyed.py": {"ExpKernel": ("migrated", "fx_exp", "", _FLOATS),
                 "HalfExpKernel": ("migrated", "fx_half_exp", "", _FLOATS),
                 "SoftsignKernel": ("migrated", "fx_softsign", "", _FLOATS)},
    "twins.py": {"CountingKernel": ("skipped", "fx_counting", _COUNTING, {}),
                 "TripleKernel": ("skipped", "fx_triple", _TRIPLE, {}),
                 "LoggedTanhKernel": ("skipped", "fx_logged_tanh", _LOGGED, {}),
                 "GuardedTanhKernel": ("skipped", "fx_guarded_tanh", _GUARDED, {})},
}
LEGACY = frozenset(op for _, op, _, _ in EXPECTED["twins.py"].values())
# each op run twice in one process: a functor counting its calls gives another value
CASES = {op: [{}, {}] for rows in EXPECTED.values() for _, op, _, _ in rows.values()}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.{name}" for name in ("held", "keyed", "twins")],
                           CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("functors"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    rows = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    assert [rows[k] for k in EXPECTED["twins.py"]] == [
        _COUNTING, _TRIPLE, _LOGGED, _GUARDED]


def test_the_functor_is_called_as_its_constructor_call_inline(written: dict[str, Any]
                                                              ) -> None:
    held = (written["pkg"] / "held.py").read_text()
    assert "    out[...] = F.AbsSquareFunctor()(dev_ctx.xp, x.data)\n" in held
    assert "    out[...] = F.ScaleFunctor(2.0)(dev_ctx.xp, x.data)\n" in held
    assert "    y = F.SigmoidFunctor()(dev_ctx.xp, x.data)\n" in held
    assert "    out[...] = F.SigmoidFunctor().backward(dev_ctx.xp, y, " \
        "dev_ctx.xp.ones_like(y))\n" in held
    assert "    out[...] = F.ScaleFunctor(factor=0.5, shift=-1.0)(dev_ctx.xp, x.data)\n" in held
    assert "self._f" not in held.split("class SigmoidSlopeKernel")[1].split("def fx_")[1]
    for name in ("functors.py", "bases.py"):
        assert (written["pkg"] / name).read_text() == (CORPUS / PACKAGE / name).read_text()


def test_the_class_keywords_are_read_as_the_class_attributes(written: dict[str, Any]) -> None:
    keyed = (written["pkg"] / "keyed.py").read_text()
    assert "    out[...] = 1.0 * np.exp(x.data)\n" in keyed
    assert "    out[...] = 0.5 * np.exp(x.data)\n" in keyed
    assert "    out[...] = -1.0 * _softsign(x.data)\n" in keyed
    assert "class ExpKernel(" not in keyed and "from .bases import PlainMaker, SameShape\n" \
        in keyed
    twins = (written["pkg"] / "twins.py").read_text()
    assert "class LoggedTanhKernel(LoggedBase, ufunc=np.tanh):" in twins


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert all(isinstance(v, list) for v in before.values()), before
    # the cases tell the readings apart: the keyword scale, the functor's state, its factor
    assert before["fx_exp {}"] != before["fx_half_exp {}"]
    assert before["fx_shifted {}"] != before["fx_double {}"]
    assert before["fx_abs_square {}"] == before["fx_template_abs_square {}"]


_FUNCTOR = '''
class Functor:
BODY

class UnaryKernel(OpKernel):
    _f = Functor(ARGS)

    def compute(self, ctx):
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = self._f(ctx.input("X").data) * ctx.attr("alpha")
USE'''
_CALL = "    def __call__(self, x):\n        return x * 2\n"


@pytest.mark.parametrize(("body", "args", "use", "reason"), [
    (_CALL, "", "", ""),
    ("    def __init__(self, k=2):\n        self.k = k\n\n"
     "    def __call__(self, x):\n        return x * self.k\n", "k=3", "", ""),
    ("    def apply(self, x):\n        return x * 2\n", "", "",
     "calls it, `self._f(...)`, but Functor does not define __call__ of its own"),
    ("    def __call__(self, x):\n        self.last = x\n        return x\n", "", "",
     "keeps state its methods mutate: __call__() runs `self.last = x`"),
    (_CALL, "", "UnaryKernel._f = Functor()\n", "the object escapes: `UnaryKernel._f`"),
    (_CALL, "[2]", "", "whose constructor reads `[2]`, not a literal"),
])
def test_a_functor_is_read_only_when_it_cannot_change(body: str, args: str, use: str,
                                                      reason: str) -> None:
    source = unary(_FUNCTOR.replace("BODY", body).replace("ARGS", args).replace("USE", use))
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert (record.status, reason in record.reason) == ("skipped", True), record.reason


_KEYED = '''
def _twice(x):
    return x * 2


class KeyedBase(OpKernel):
    def __init_subclass__(cls, fn=None, gain=1.0, **kwargs):
HOOK
    def compute(self, ctx):
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = self.gain * self.fn(ctx.input("X").data) * ctx.attr("alpha")


class UnaryKernel(KeyedBase, KEYWORDS):
    pass
AFTER'''
_STORES = ("        super().__init_subclass__(**kwargs)\n"
           "        cls.fn = staticmethod(fn)\n        cls.gain = gain\n")


@pytest.mark.parametrize(("hook", "keywords", "after", "reason"), [
    (_STORES, "fn=_twice, gain=0.5", "", ""),
    ('        """Stores the keywords."""\n' + _STORES, "fn=_twice", "", ""),
    (_STORES, "fn=_twice, gain=_twice(1.0)", "",
     "is given `gain=_twice(1.0)`, neither a literal nor a module-level name bound once"),
    (_STORES, "fn=_twice", "UnaryKernel.gain = 3.0\n",
     "but `gain` is also assigned as an attribute in its module"),
    (_STORES.replace("staticmethod(fn)", "fn"), "fn=_twice", "",
     "reads class attribute self.fn = _twice, which is not an immutable constant"),
    (_STORES + "        print(cls)\n", "fn=_twice", "", "and runs `print(cls)`"),
    (_STORES.replace("cls.gain = gain", "cls.gain, cls.bias = gain, 0"), "fn=_twice", "",
     "and runs `cls.gain, cls.bias = gain, 0`"),
    (_STORES, "fn=_twice, other=1", "", "is passed ['other'] on to another"),
])
def test_class_keywords_are_read_only_where_the_hook_only_stores_them(
        hook: str, keywords: str, after: str, reason: str) -> None:
    source = unary(_KEYED.replace("HOOK", hook).replace("KEYWORDS", keywords).replace(
        "AFTER", after))
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert (record.status, reason in record.reason) == ("skipped", True), record.reason
