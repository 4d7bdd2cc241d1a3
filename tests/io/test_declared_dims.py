"""Declared dims below -1: Paddle 2.x's compile-time InferShape writes products of -1 and
known dims (instance_norm's SavedMean [-N*C] as [-8]) for what ops compute; those load as
unknown, while state (persistable variables) and feeds must declare -1 or >= 0."""

from __future__ import annotations

import pytest

from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.validate import program_problems, validate_program
from phi.common import DataType


def _program(out_dims: list[int], persistable: bool = False,
             feed_dims: list[int] | None = None) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    block.var("feed", type=VarType.FEED_MINIBATCH, dtype=None)
    block.var("fetch", type=VarType.FETCH_LIST, dtype=None)
    block.var("x", dtype=DataType.FLOAT32, shape=feed_dims or [-1, 4])
    block.var("y", dtype=DataType.FLOAT32, shape=out_dims, persistable=persistable)
    block.append_op("feed", {"X": ["feed"]}, {"Out": ["x"]}, {"col": 0})
    block.append_op("relu", {"X": ["x"]}, {"Out": ["y"]}, {})
    block.append_op("fetch", {"X": ["y"]}, {"Out": ["fetch"]}, {"col": 0})
    return program


def test_a_computed_variable_may_declare_a_negative_product() -> None:
    assert program_problems(_program([-8])) == []


def test_state_and_feeds_may_not() -> None:
    with pytest.raises(ModelFormatError, match=r"variable 'y'.*each must be -1 for unknown"):
        validate_program(_program([-8], persistable=True))
    with pytest.raises(ModelFormatError, match=r"variable 'x'.*each must be -1 for unknown"):
        validate_program(_program([-1, 4], feed_dims=[-3, 4]))
