"""The codemod on team F's package (tests/migrate/corpus/pkg_fallbacks, issue 23, cm58):
attributes a maker declares with no default (an op desc may lack them) read through
`ctx.has_attr` fallbacks, `ctx.attr(N) if ctx.has_attr(N) else 3.0` and the if/else
forms, or read only where `ctx.has_attr(N)` holds (a helper returning its default
otherwise, an `and`): the test becomes `N is not None`, the argument's default None. A
literal fallback becomes the PHI argument's default, carried in its hint
(`gain: Annotated[float, AttrDefault(3.0)]`: a Python default cannot stand before the
outputs) and in ops.yaml (`float gain=3.0`), and verify runs each case again with the
attribute absent from the op desc. Negative twins: two kernels of one op falling back to
different values (its PHI default could be only one), a fallback that is no literal and a
test kept in a variable (a read it does not provably guard).

An attribute no maker declares (`boost`, `negate`, `bias`: old programs carried them) read
as such a fallback, inline or through a getter helper given a module constant, is taken
the same way, typed by its fallback; verify also runs each case with it given (its
fallback, and another value of its type), and a desc holding it with another type is
refused by name rather than converted. Falling back to None (no type) or also read
plainly, it is refused.

After `--write` (verify on) every module imports and every op computes what it computed
before, with the attributes given and without them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from migrate_helpers import assert_module_rows, assert_ops_as_before, run_package_ops, write_copy

PACKAGE = "pkg_fallbacks"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
SPLIT = ("kernels of op 'fb_split' (HalfGainKernel, DoubleGainKernel) read an attribute with "
         "different ctx.has_attr fallbacks")
EXPECTED = {"ops.py": {
    "GainKernel": ("migrated", "fb_gain", "", _FLOATS),
    "ClipKernel": ("migrated", "fb_clip", "", _FLOATS),
    "HalfGainKernel": ("skipped", "fb_split", SPLIT, {}),
    "DoubleGainKernel": ("skipped", "fb_split", SPLIT, {}),
    "TestedKernel": ("migrated", "fb_tested", "", _FLOATS),
    "FlaggedKernel": ("skipped", "fb_flagged", "calls ctx.has_attr('gain'), which depends on "
                      "the OpDesc: the op proto declares 'gain' with no default", {}),
    "ComputedGainKernel": ("skipped", "fb_computed", "calls ctx.has_attr('gain') with fallback "
                           '`float(len("abc"))`, not a literal', {}),
    "BoostKernel": ("migrated", "fb_boost", "", _FLOATS),
    "UntypedBoostKernel": ("skipped", "fb_untyped", "calls ctx.has_attr('boost') with fallback "
                           "None: the op proto does not declare 'boost', so only a bool, int, "
                           "float or str fallback gives its type", {}),
    "TwiceReadBoostKernel": ("skipped", "fb_twice", "reads attribute 'boost' plainly (ctx.attr) "
                             "beside a ctx.has_attr('boost') fallback: the op proto does not "
                             "declare it", {}),
}}
CASES = {
    "fb_gain": [{}, {"gain": 1.5}, {"mode": "raw"}, {"gain": -0.5, "mode": "raw"}],
    "fb_clip": [{}, {"clip": False}, {"clip": True}],
    "fb_split": [{}, {"gain": 4.0}],
    "fb_computed": [{}],
    "fb_tested": [{}, {"gain": 2.0}, {"clip": True}, {"gain": -1.5, "clip": False}],
    "fb_flagged": [{}, {"gain": 2.0}],
    "fb_boost": [{}, {"boost": 3.0}, {"negate": True}, {"bias": -1.0, "boost": 0.5}],
    "fb_untyped": [{}, {"boost": 3.0}],
    "fb_twice": [{"boost": 3.0}],
}


LEFT_LEGACY = frozenset({"fb_split", "fb_computed", "fb_flagged", "fb_untyped", "fb_twice"})


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], CASES, mode, LEFT_LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("fallbacks"), PACKAGE, _run)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_verify_ran_each_case_without_each_defaulted_attribute(written: dict[str, Any]) -> None:
    rows = {r["kernel"]: r for r in written["doc"]["kernels"]}
    # one case per dtype, again without `gain`, again without `mode` (or `clip`)
    assert [v["cases"] for v in rows["GainKernel"]["verify"]] == [3, 3]
    assert [v["cases"] for v in rows["ClipKernel"]["verify"]] == [2, 2]
    assert [v["cases"] for v in rows["TestedKernel"]["verify"]] == [3, 3]
    # one case per dtype, again with each undeclared attribute at its fallback and at
    # another value
    assert [v["cases"] for v in rows["BoostKernel"]["verify"]] == [7, 7]


def test_an_undeclared_attribute_is_typed_by_its_fallback(written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    assert "boost: Annotated[float, AttrDefault(2.0)]" in ops
    assert "negate: Annotated[bool, AttrDefault(False)]" in ops
    # the getter's module constant, as its value
    assert "bias: Annotated[float, AttrDefault(0.25)]" in ops
    entries = {e["op"]: e for e in yaml.safe_load((written["pkg"] / "ops.yaml").read_text())}
    assert entries["fb_boost"]["args"] == \
        "(Tensor x, float boost=2.0, bool negate=false, float bias=0.25)"
    # the default mapping (the maker's attributes) does not name them: the op's own does
    assert '["boost", "negate", "bias"]' in ops


def test_a_desc_giving_an_undeclared_attribute_another_type_is_refused_by_name(
        written: dict[str, Any]) -> None:
    root = written["pkg"].parent
    got = run_package_ops(root, [PACKAGE], {"fb_boost": [{"boost": 3}]}, "phi")
    assert "attribute 'boost', which its proto does not declare, holds 3 (int)" in str(
        got["fb_boost {'boost': 3}"])


def test_a_fallback_is_the_phi_default_in_the_hint_and_in_ops_yaml(written: dict[str, Any]
                                                                     ) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    assert "gain: Annotated[float, AttrDefault(3.0)]" in ops
    assert 'mode: Annotated[str, AttrDefault("abs")]' in ops
    assert "clip: Annotated[bool, AttrDefault(True)]" in ops
    assert "from typing import Annotated\n" in ops
    assert "from phi.core.kernel_args import AttrDefault, OutTensor\n" in ops
    entries = {e["op"]: e for e in yaml.safe_load((written["pkg"] / "ops.yaml").read_text())}
    assert entries["fb_gain"]["args"] == '(Tensor x, float gain=3.0, str mode="abs")'
    assert entries["fb_clip"]["args"] == "(Tensor x, bool clip=true)"
    # a getter returning the read unless None (no desc attribute is None): a fallback
    assert "gain: Annotated[float, AttrDefault(0.5)]" in ops
    # read only where `ctx.has_attr` holds: the test is `is not None`, None the default
    assert "clip: Annotated[bool, AttrDefault(None)]" in ops
    assert "clip = bool(clip) if (clip is not None) and clip else False\n" in ops
    assert entries["fb_tested"]["args"] == "(Tensor x, float gain=0.5, bool clip)"


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert all(isinstance(v, list) for v in before.values()), before
    # the cases tell the fallbacks from the values given
    assert before["fb_gain {}"] != before["fb_gain {'gain': 1.5}"]
    assert before["fb_gain {}"] != before["fb_gain {'mode': 'raw'}"]
    assert before["fb_clip {}"] == before["fb_clip {'clip': True}"] != \
        before["fb_clip {'clip': False}"]
    assert len({str(before[f"fb_tested {c}"]) for c in CASES["fb_tested"]}) == 4
    assert len({str(before[f"fb_boost {c}"]) for c in CASES["fb_boost"]}) == 4
