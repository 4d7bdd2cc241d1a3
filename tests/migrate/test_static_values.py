"""Values the static reading computes from constants (migrate/static_values.py, issue 23):
`str` methods that read the string and their arguments alone, string indexes and slices,
`dict(D, k=v)` copies; anything else stays unreadable, named."""

from __future__ import annotations

from typing import Any

import libcst as cst
import pytest

from migrate.module_scan import scan_module
from migrate.static_refs import UnresolvableError

MODULE = '''
SPEC = "Bias?"
NAMES = ("X", "Bias?")
SLOTS = {"x": "X", "out": "Out"}
WIDTH = 3
'''


def _value(expr: str, module: str = MODULE) -> Any:
    return scan_module(module).ev.eval(cst.parse_expression(expr), {})


@pytest.mark.parametrize(("expr", "value"), [
    ('SPEC.endswith("?")', True),
    ('SPEC[:-1]', "Bias"),
    ('SPEC[0]', "B"),
    ('NAMES[::-1]', ("Bias?", "X")),
    ('SPEC.lower().replace("?", "")', "bias"),
    ('SPEC.startswith(("B", "C"))', True),
    ('SPEC.zfill(WIDTH + 4)', "00Bias?"),
    ('dict(SLOTS, y="Y")', {"x": "X", "out": "Out", "y": "Y"}),
    ('dict(z=WIDTH)', {"z": 3}),
])
def test_a_value_of_constants_is_what_python_gives(expr: str, value: Any) -> None:
    assert _value(expr) == value == eval(expr, {}, _names())  # the reference


def _names() -> dict[str, Any]:
    names: dict[str, Any] = {}
    exec(MODULE, {}, names)  # the module's own constants
    return names


@pytest.mark.parametrize("expr", [
    'SPEC.format(1)',  # no method that may run another object's code
    'SPEC.endswith(SLOTS)',  # an argument that is no string or number
    'SPEC[WIDTH:"a"]',
    'SPEC[::0]',
    'dict(SLOTS, **SLOTS)',
])
def test_anything_else_is_unreadable(expr: str) -> None:
    with pytest.raises(UnresolvableError):
        _value(expr)


def test_a_module_binding_dict_reads_its_own() -> None:
    module = MODULE + "\n\ndef dict(*args, **kwargs):\n    return {}\n"
    with pytest.raises(UnresolvableError):
        _value('dict(SLOTS, y="Y")', module)
