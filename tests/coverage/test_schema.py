"""The JSON schema, its self-written validator, and the report built in process."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from compat.coverage.cli_entry import render
from compat.coverage.report import SCHEMA_VERSION, build_report
from compat.coverage.validate import load_schema, validate

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(render(build_report([], ROOT / "reports"), "json"))


def test_schema_file_is_draft_2020_12_and_versioned() -> None:
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["schema_version"]["const"] == SCHEMA_VERSION
    docs = (ROOT / "docs" / "coverage_schema.md").read_text(encoding="utf-8")
    assert f"`{SCHEMA_VERSION}`" in docs


def test_registry_report_validates(doc: dict) -> None:
    assert validate(doc) == []
    assert doc["schema_version"] == SCHEMA_VERSION
    scale = next(r for r in doc["ops"] if r["op_type"] == "scale")
    assert scale["forms"] == "both" and scale["arg_mapping"]["kind"] == "custom"
    assert scale["infer_meta"] and scale["ops_yaml"] == "scale"
    assert {k["place"] for k in scale["legacy_kernels"]} == {"CPU", "GPU"}
    assert all(k["twin"] for k in scale["legacy_kernels"])
    assert doc["matrix"]["cells"]["CPU"]["float32"] >= 1


def test_validator_reports_violations(doc: dict) -> None:
    bad = copy.deepcopy(doc)
    bad["schema_version"] = "0.9"
    del bad["summary"]["progress"]
    bad["ops"][0]["forms"] = "sideways"
    bad["ops"][0]["legacy_kernels"] = "none"
    bad["matrix"]["kernel_keys"] = -1
    bad["surprise"] = True
    errors = validate(bad)
    assert any("$.schema_version" in e for e in errors)
    assert any("'progress'" in e for e in errors)
    assert any("$.ops[0].forms" in e for e in errors)
    assert any("$.ops[0].legacy_kernels: expected array" in e for e in errors)
    assert any("minimum" in e for e in errors)
    assert any("'surprise'" in e for e in errors)


def test_validator_basics() -> None:
    schema = {"type": "object", "required": ["a"], "additionalProperties": {"type": "integer"},
              "properties": {"a": {"$ref": "#/$defs/s"}, "b": {"type": ["string", "null"]}},
              "$defs": {"s": {"enum": ["x", "y"]}}}
    assert validate({"a": "x", "b": None, "c": 3}, schema) == []
    assert validate({"a": "z", "c": True}, schema) == [
        "$.a: 'z' is not one of ['x', 'y']", "$.c: expected integer, got bool"]
