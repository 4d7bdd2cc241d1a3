"""The census's grads (compat/coverage/census_grads.py): Paddle's grad op types per op type
joined with fluidphi's registries; every figure follows from the census data."""

from __future__ import annotations

import copy
import json

from compat.coverage.census import CENSUS_PATH, load_census, parse_census
from compat.coverage.census_grads import grads_headline_text, grads_missing_rows, grads_section
from compat.coverage.census_report import census_section
from compat.coverage.render_md import _census as census_markdown
from compat.coverage.validate import load_schema


def _forms(known: dict[str, str]):
    return lambda t: known.get(t, "missing")


def test_grads_follow_from_the_census_data() -> None:
    census = load_census()
    forms = _forms({"relu_grad": "both", "conv2d_grad": "legacy", "scale": "both",
                    "unbind": "both", "conditional_block_grad": "framework"})
    g = grads_section(census, forms, census.paddle_version)
    rows = {r["op_type"]: r for r in g["ops"]}
    assert g["headline"]["total"] == 318 == len(rows)
    assert "accuracy" not in rows and "feed" not in rows  # no grad / left out
    # relu_grad runs with both forms; conv2d_grad only with a legacy kernel
    assert rows["relu"]["complete"] and rows["relu"]["phi_complete"]
    assert rows["conv2d"]["complete"] and not rows["conv2d"]["phi_complete"]
    assert rows["scale"]["complete"]  # differentiated by a forward scale op
    assert rows["unbind"]["missing"] == ["stack"]  # its grad is stack, not unbind
    assert rows["while"]["missing"] == ["while_grad"] and not rows["while"]["complete"]
    assert rows["conditional_block"]["complete"]  # run by the executor (framework)
    complete = {t for t, r in rows.items() if r["complete"]}
    assert g["headline"]["complete"] == len(complete)
    assert complete == {o.op_type for o in census.counted
                        if o.grad_ops and all(forms(t) != "missing" for t in o.grad_ops)}
    assert sum(f["total"] for f in g["by_family"]) == 318
    assert sum(f["complete"] for f in g["by_family"]) == len(complete)
    assert {t for f in g["by_family"] for t in f["missing"]} == set(rows) - complete
    assert grads_headline_text(g).startswith(f"grads: {len(complete)} / 318 op types")


def test_changing_the_data_changes_the_figure() -> None:
    raw = json.loads(CENSUS_PATH.read_text(encoding="utf-8"))
    forms = _forms({"relu_grad": "both", "abs_grad": "phi"})
    before = grads_section(parse_census(raw, "census.json"), forms, "3.3.1")["headline"]
    changed = copy.deepcopy(raw)
    abs_op = next(o for o in changed["ops"] if o["op_type"] == "abs")
    relu = next(o for o in changed["ops"] if o["op_type"] == "relu")
    abs_op["grad_ops"], abs_op["grad_kernels"] = [], {}  # Paddle no longer differentiates abs
    # nor does fluidphi have all of relu's now
    relu["grad_ops"] = ["relu", "relu_grad"]
    relu["grad_kernels"]["relu"] = relu["grad_kernels"]["relu_grad"]
    after = grads_section(parse_census(changed, "census.json"), forms, "3.3.1")["headline"]
    assert (before["total"] - after["total"], before["complete"] - after["complete"]) == (1, 2)
    relu["grad_ops"], relu["grad_kernels"] = [], {}
    relu["grad_note"] = "Paddle crashed"  # still counted: Paddle has a grad for it
    last = grads_section(parse_census(changed, "census.json"), forms, "3.3.1")["headline"]
    assert (last["total"], last["complete"]) == (after["total"], after["complete"])


def test_report_shows_the_grads_headline_and_missing_ones() -> None:
    section = census_section()
    for g in (section["grads"], _partial_grads()):  # fluidphi's, and one lacking many grads
        shown = {**section, "grads": g}
        text = "\n".join(census_markdown(shown))
        assert f"**{grads_headline_text(g)}.**" in text
        rows = grads_missing_rows(g)
        assert [r[0] for r in rows] == [f["family"] for f in g["by_family"]]
        lacking = [r for r in g["ops"] if not r["complete"]]
        for r in lacking:  # each op type lacking a grad is named in its family's row
            row = next(x for x in rows if x[0] == r["family"])
            assert r["op_type"] in row[5]
            assert f"| {row[0]} | {row[1]} | {row[2]} |" in text
        complete = {row[0] for row in rows} - {r["family"] for r in lacking}
        assert all(row[5] == "—" for row in rows if row[0] in complete)
    assert _partial_grads()["headline"]["complete"] < section["grads"]["headline"]["total"]


def _partial_grads() -> dict:
    """The grads section of a fluidphi that has only relu's and conv2d's grads."""
    census = load_census()
    return grads_section(census, _forms({"relu_grad": "both", "conv2d_grad": "legacy"}),
                         census.paddle_version)


def test_schema_describes_the_grads() -> None:
    grads = load_schema()["$defs"]["census"]["properties"]["grads"]
    g = census_section()["grads"]
    assert set(grads["properties"]) == set(g)
    assert set(grads["properties"]["headline"]["properties"]) == set(g["headline"])
    assert set(grads["properties"]["ops"]["items"]["properties"]) >= set(g["ops"][0])
