"""Verify's fallback inputs for ops whose own rules refuse the plain derived ones
(tests/migrate/corpus/pkg_inputs, issue 23): a matrix product needing `W` shaped
`[K, M]` for an `X` of `[N, K]` (the first input with its last two dims swapped), a slope
input of one element (prelu's mode 'all'), a
rank-3 signal (a default shape of rank 3), a sequence op needing one value per sequence
of its LoD input, an op checking its input holds probabilities (inputs in [0, 1)), an op
whose string attribute declared with no default is invalid as "" (the desc lacking it,
tried after the candidate values). Each is verified on the first case its legacy op
accepts, and migrates."""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, verified_rows, write_copy

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.var_type import AttrType
from migrate.verify_cases import (
    cases_for,
    derived_cases,
    field_columns,
    trailing_inputs,
    unit_inputs,
)
from phi.common import DataType

PACKAGE = "pkg_inputs"
OPS = {"InProductKernel": "in_product", "InSharedSlopeKernel": "in_shared_slope",
       "InSignalPeakKernel": "in_signal_peak",
       "InSequenceScaleKernel": "in_sequence_scale", "InOddsKernel": "in_odds",
       "InRampKernel": "in_ramp", "InQuantileLossKernel": "in_quantile_loss"}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("inputs"), PACKAGE)


def test_every_op_is_verified_on_a_fallback_and_migrates(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert {k: (r["status"], r["op"]) for k, r in rows.items()} == {
        k: ("migrated", op) for k, op in OPS.items()}
    for row in rows.values():
        assert {(v["dtype"], v["status"]) for v in row["verify"]} == {
            ("FLOAT32", "identical"), ("FLOAT64", "identical")}, row
    assert_nothing_broken(written, OPS.values())


def _proto(*inputs: str) -> Any:
    class Maker(OpProtoAndCheckerMaker):
        def make(self) -> None:
            for name in inputs:
                self.add_input(name, "")
            self.add_output("Out", "")

    return Maker("probe").build()


def test_the_fallbacks_are_what_their_names_say() -> None:
    proto = _proto("X", "W")
    plain = [c for c in derived_cases(proto) if not c.lod]
    swapped = [c for c in trailing_inputs(proto, plain) if c.name.endswith("[4, 3]")]
    assert [c.inputs for c in swapped] == [{"W": {"shape": (4, 3)}}]
    fallbacks = trailing_inputs(proto, plain)
    single = [c for c in fallbacks if c.name.endswith(", W of shape [1]")]
    assert single and all(c.inputs == {"W": {"shape": (1,)}} and c.fallback for c in single)
    rows = [c for c in fallbacks if c.name.endswith(", W of shape [3]")]  # X's leading dims
    assert {"W": {"shape": (3, 2)}} in [c.inputs for c in fallbacks]  # two fields per row
    assert rows and rows[0].default_shape == (3, 4)
    every = [c for c in fallbacks if "every input" in c.name]
    assert [c.inputs for c in every if c.name.endswith("[1]")] == [
        {"X": {"shape": (1,)}, "W": {"shape": (1,)}}]
    assert {"X": {"shape": (2, 4, 4, 4)}, "W": {"shape": (2, 4, 4, 4)}} in [
        c.inputs for c in every]  # [2, 3, 4, 4] with its dims rounded up to even
    three = trailing_inputs(_proto("X", "W", "B"), [c for c in derived_cases(
        _proto("X", "W", "B")) if not c.lod])
    assert any(c.inputs == {"W": {"shape": (2, 5, 3)}, "B": {"shape": (2, 3)}}
               for c in three)  # each later input its own shape: a batched fc's W and bias
    units = unit_inputs(proto, plain, DataType.FLOAT32)
    assert units and all(c.fallback and c.name.endswith("inputs in [0, 1)") for c in units)
    assert all(s["low"] == 0.0 and s["high"] == 1.0 for c in units for s in c.inputs.values())
    assert unit_inputs(proto, plain, DataType.INT32) == []
    per_sequence = [c for c in derived_cases(proto) if c.lod and c.fallback]
    first = per_sequence[0]
    assert "lod" in first.inputs["X"] and first.inputs["W"] == {"shape": (3,)}, first
    assert {tuple(c.inputs["W"]["shape"]) for c in per_sequence} == {(3,), (3, 1), (3, 2),
                                                                      (3, 3)}
    assert not [c for c in derived_cases(_proto("X")) if c.fallback]  # nothing to give
    columns = [c.inputs for c in field_columns(proto, plain)]
    assert {"X": {"shape": (3, 2)}, "W": {"shape": (3,)}} in columns  # a value per row
    assert {"X": {"shape": (3, 3)}, "W": {"shape": (3, 3)}} in columns  # a few fields
    assert {"X": {"shape": (3, 2)}} in [c.inputs for c in field_columns(_proto("X"), [
        c for c in derived_cases(_proto("X")) if not c.lod])]


def test_an_attribute_without_default_is_left_out_after_its_candidates() -> None:
    class Maker(OpProtoAndCheckerMaker):
        def make(self) -> None:
            self.add_input("X", "")
            self.add_output("Out", "")
            self.add_attr("mode", AttrType.STRING, None, "")

    cases, why = cases_for("probe", Maker("probe").build(), None)
    assert why == "" and "mode" in cases[0].attrs
    tail = [c for c in cases if "mode" not in c.attrs]
    assert tail and cases[-len(tail):] == tail  # absent last, each named so
    assert all(c.name.endswith("mode absent") for c in tail)
