"""Verify's fallback for integer inputs (tests/migrate/corpus/pkg_ids): an index-like op
whose kernel raises for an id outside [0, depth) rejects every derived case (random ints
in [-5, 6)); verify then tries the same cases with the inputs left to the integer dtype
fed small non-negative integers (all 0, then in [0, 2)), and the first the legacy op accepts
is a case both paths must agree on. A kernel raising on every input stays failed as before,
its reason naming the derived cases only.

An op whose int attribute's default is invalid for it (`depth` -1, `groups` 0: depth.py)
raises on every case at the defaults; verify then tries each int attribute at 1 to 4 (an
integer dtype's inputs in [0, that value)), and the row says which value it ran with. A
kernel raising for every such value stays failed as before (issue 23, cm41)."""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import write_copy

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.var_type import AttrType
from migrate.verify_cases import (
    SMALL_ATTR_VALUES,
    SMALL_INT_RANGES,
    cases_for,
    small_int_attrs,
    small_ints,
)
from phi.common import DataType

PACKAGE = "pkg_ids"


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("ids"), PACKAGE)


def _rows(written: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["kernel"]: r for r in written["doc"]["kernels"]}


def test_an_op_checking_its_ids_gets_a_case_both_paths_agree_on(written: dict[str, Any]
                                                                ) -> None:
    row = _rows(written)["OneHotLikeKernel"]
    assert row["status"] == "migrated", row
    assert {(v["dtype"], v["status"], v["cases"]) for v in row["verify"]} == {
        ("INT32", "identical", 1), ("INT64", "identical", 1)}
    assert all(v["reimported"] for v in row["verify"])
    assert "class OneHotLikeKernel" not in (written["pkg"] / "ids.py").read_text()


def test_a_kernel_raising_on_every_input_stays_unable_to_run(written: dict[str, Any]) -> None:
    row = _rows(written)["NeverValidKernel"]
    assert row["status"] == "failed", row
    assert row["reason"].startswith(
        "not written: verify found it unable to run it (CPU INT32: no valid inputs (derived: "
        "shape [3, 4]: legacy op raised ValueError: no ids are valid here"), row
    assert "integer inputs" not in row["reason"]  # the fallbacks add nothing to say
    assert "class NeverValidKernel(OpKernel):" in (written["pkg"] / "never.py").read_text()
    assert written["code"] == 1
    assert written["after"]["ran"]["t_never_valid"] == written["before"]["ran"]["t_never_valid"]


class _Maker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "ids")
        self.add_input("Ids", "an index slot: its own spec")
        self.add_input("Bias", "optional", dispensable=True)
        self.add_output("Out", "out")
        self.add_attr("depth", AttrType.INT, 2, "classes")


def _proto() -> Any:
    return _Maker("t").build()


def test_the_fallbacks_feed_small_ints_to_the_inputs_left_to_the_dtype() -> None:
    proto = _proto()
    cases, _ = cases_for("t", proto, None)
    made = small_ints(proto, cases, DataType.INT32)
    plain = [c for c in cases if not c.lod]
    assert len(made) == len(SMALL_INT_RANGES) * len(plain)
    for i, case in enumerate(made):
        low, high = SMALL_INT_RANGES[i // len(plain)]
        base = plain[i % len(plain)]
        assert case.fallback and case.derived and case.name.startswith(base.name + ", ")
        assert case.inputs["X"] == {"shape": base.default_shape, "low": low, "high": high}
        assert case.inputs["Ids"] == base.inputs["Ids"] and "Bias" not in case.inputs
    arrays = made[0].call(proto, DataType.INT64, "seed")[0]
    assert not arrays["X"].any() and str(arrays["X"].dtype) == "int64"
    second = made[len(plain)].call(proto, DataType.INT32, "seed")[0]["X"]
    assert second.min() >= 0 and second.max() <= 1


@pytest.mark.parametrize("dtype", [DataType.FLOAT32, DataType.FLOAT64, DataType.BOOL])
def test_no_fallback_for_a_dtype_of_no_integers(dtype: DataType) -> None:
    proto = _proto()
    assert small_ints(proto, cases_for("t", proto, None)[0], dtype) == []


@pytest.mark.parametrize(("kernel", "attr"), [("DepthOneHotKernel", "depth=1"),
                                              ("GroupCenterKernel", "groups=1")])
def test_an_int_attribute_invalid_at_its_default_is_tried_at_small_values(
        written: dict[str, Any], kernel: str, attr: str) -> None:
    row = _rows(written)[kernel]
    assert row["status"] == "migrated", row
    assert all(v["status"] == "identical" and v["cases"] == 1 and v["reimported"]
               for v in row["verify"]), row
    assert f"run with {attr}: every case at the attributes' defaults raised" in \
        row["verification"], row
    assert f"class {kernel}" not in (written["pkg"] / "depth.py").read_text()


def test_a_kernel_raising_for_every_small_value_stays_unable_to_run(written: dict[str, Any]
                                                                   ) -> None:
    row = _rows(written)["DeepOnlyKernel"]
    assert row["status"] == "failed", row
    assert row["reason"].startswith(
        "not written: verify found it unable to run it (CPU INT32: no valid inputs (derived: "
        "shape [3, 4]: legacy op raised ValueError: depth must be at least 5, got -1"), row
    assert "depth=" not in row["reason"]  # the fallbacks add nothing to say
    assert "class DeepOnlyKernel(OpKernel):" in (written["pkg"] / "depth.py").read_text()


def test_the_attribute_fallbacks_set_each_int_attribute_and_bound_the_ids() -> None:
    proto = _proto()
    cases, _ = cases_for("t", proto, None)
    plain = [c for c in cases if not c.lod]
    made = small_int_attrs(proto, cases, DataType.INT64)
    assert len(made) == len(SMALL_ATTR_VALUES) * len(plain)
    for i, case in enumerate(made):
        value = SMALL_ATTR_VALUES[i // len(plain)]
        assert case.fallback and case.attrs["depth"] == value
        assert case.attr_note == f"depth={value}"
        assert case.inputs["X"] == {"shape": case.default_shape, "low": 0, "high": value}
        x = case.call(proto, DataType.INT64, "seed")[0]["X"]
        assert x.min() >= 0 and x.max() < value
    floats = small_int_attrs(proto, cases, DataType.FLOAT32)
    assert [c.attrs["depth"] for c in floats] == [c.attrs["depth"] for c in made]
    assert all("X" not in c.inputs for c in floats)  # a float input keeps its random values
