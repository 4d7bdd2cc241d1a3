"""Which blocks' variables an op may name (the loader's structural check): its own block's
and the enclosing blocks', and for a grad block (while_grad's, conditional_block_grad's:
forward_block_idx set) its forward block's too, as Paddle's backward writes such blocks."""

from __future__ import annotations

from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.io.validate import program_problems
from phi.common import DataType


def _program(forward_block_idx: int | None) -> ProgramDesc:
    program = ProgramDesc()
    main = program.global_block()
    for name in ("x", "t@GRAD", "x@GRAD"):
        main.var(name, dtype=DataType.FLOAT32, shape=[2])
    body = program.append_block(main)
    body.var("t", dtype=DataType.FLOAT32, shape=[2])
    body.append_op("relu", {"X": ["x"]}, {"Out": ["t"]}, {})
    grad = program.append_block(main)
    grad.forward_block_idx = forward_block_idx
    grad.append_op("relu_grad", {"Out": ["t"], "Out@GRAD": ["t@GRAD"]},
                   {"X@GRAD": ["x@GRAD"]}, {})
    return program


def test_a_grad_block_names_its_forward_blocks_variables() -> None:
    assert program_problems(_program(1)) == []


def test_other_blocks_variables_stay_unknown() -> None:
    problems = program_problems(_program(None))
    assert len(problems) == 1 and "names variable 't', which is not declared in block 2" \
        in problems[0]
