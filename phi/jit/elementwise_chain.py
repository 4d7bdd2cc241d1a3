"""An elementwise chain: the tree of element ops a plan pass fuses into one op
(`compat.passes.elementwise_chain`), and the Numba source it compiles to.

A `Chain` reads leaves (uses of its inputs, each viewed at the chain's rank with
trailing ones where Paddle's `axis` rule aligns it: `Leaf`), and computes `Step`s in
order, each an `ElementOp` of earlier values; the last step is the chain's output.
Each step computes in the dtype its plain kernel computes in: its operands' dtype (a
cast: its target's), with constants of that dtype and the result rounded to it, so a
chain of int32 adds wraps as the plain kernels do. Values are numbered leaves first,
then steps.

This module imports no Numba: the pass and the op's shape rule use it too.
`phi.jit.chain_kernel` compiles the source and runs it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from phi.common.vocabulary import Vocabulary
from phi.kernels.funcs.gelu import GELU_CUBIC, SQRT1_2, SQRT_2_OVER_PI

FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
INTEGERS = (np.dtype(np.int32), np.dtype(np.int64))


class ElementOp(Vocabulary):
    """The element ops a chain computes (named as the legacy ops, `compat` maps them)."""

    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    DIV = "div"
    RELU = "relu"
    RELU6 = "relu6"
    LEAKY_RELU = "leaky_relu"
    SIGMOID = "sigmoid"
    TANH = "tanh"
    EXP = "exp"
    LOG = "log"
    SQRT = "sqrt"
    ABS = "abs"
    SQUARE = "square"
    SILU = "silu"
    HARD_SWISH = "hard_swish"
    GELU = "gelu"
    SCALE = "scale"
    CAST = "cast"

    @property
    def arity(self) -> int:
        return 2 if self in BINARY else 1

    def computes(self, dtype: np.dtype) -> bool:
        """Whether the chain computes this op in `dtype` (the plain kernels' rule:
        integer arithmetic for add / sub / mul, floats for the rest)."""
        dtype = np.dtype(dtype)
        if self in (ElementOp.ADD, ElementOp.SUB, ElementOp.MUL, ElementOp.CAST):
            return dtype in FLOATS + INTEGERS
        return dtype in FLOATS


BINARY = frozenset({ElementOp.ADD, ElementOp.SUB, ElementOp.MUL, ElementOp.DIV})


@dataclass(frozen=True)
class Leaf:
    """A use of input `input`, viewed at the chain's rank: ones before its dims, and
    `trailing` ones after them (where an `axis` aligned it short of the last dim)."""

    input: int
    trailing: int = 0


@dataclass(frozen=True)
class Step:
    """`op` of the values `args`, with its constants (`CONSTANTS` names them; a cast's
    `dtype` is its target)."""

    op: ElementOp
    args: tuple[int, ...]
    consts: tuple[float, ...] = ()
    dtype: str = ""


#: The constants each op's step carries, in order.
CONSTANTS: dict[ElementOp, tuple[str, ...]] = {
    ElementOp.RELU6: ("threshold",), ElementOp.LEAKY_RELU: ("alpha",),
    ElementOp.HARD_SWISH: ("threshold", "scale", "offset"),
    ElementOp.GELU: ("approximate",), ElementOp.SCALE: ("scale", "bias", "bias_after_scale")}


@dataclass(frozen=True)
class Chain:
    """`ranks`: each input's rank as the program declares it (a tensor of another rank
    is refused: viewed at the chain's rank it would broadcast otherwise than the plain
    ops do)."""

    ranks: tuple[int, ...]
    rank: int
    leaves: tuple[Leaf, ...]
    steps: tuple[Step, ...]

    @property
    def inputs(self) -> int:
        return len(self.ranks)

    @cached_property
    def digest(self) -> str:
        """A digest of the chain's structure (computed once per chain object)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def to_json(self) -> str:
        return json.dumps({"ranks": list(self.ranks), "rank": self.rank,
                           "leaves": [[leaf.input, leaf.trailing] for leaf in self.leaves],
                           "steps": [[s.op.value, list(s.args), list(s.consts), s.dtype]
                                     for s in self.steps]}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Chain:
        """The chain `text` spells; ValueError saying what is wrong otherwise."""
        try:
            raw = json.loads(text)
            chain = cls(tuple(int(r) for r in raw["ranks"]), int(raw["rank"]),
                        tuple(Leaf(int(i), int(t)) for i, t in raw["leaves"]),
                        tuple(Step(ElementOp.parse(op), tuple(int(a) for a in args),
                                   tuple(float(c) for c in consts), str(dtype))
                              for op, args, consts, dtype in raw["steps"]))
        except (KeyError, TypeError, ValueError, json.JSONDecodeError) as exc:
            raise ValueError(f"elementwise chain {text!r} is malformed: {exc}") from None
        chain.check()
        return chain

    def check(self) -> None:
        """ValueError naming the first inconsistency (an operand not computed yet, a
        leaf of a missing input, a cast without target)."""
        if not self.steps:
            raise ValueError("an elementwise chain needs at least one step")
        for leaf in self.leaves:
            if not 0 <= leaf.input < self.inputs or leaf.trailing < 0 \
                    or self.ranks[leaf.input] + leaf.trailing > self.rank:
                raise ValueError(f"elementwise chain: leaf {leaf} names no input of ranks "
                                 f"{self.ranks} that fits rank {self.rank}")
        for k, step in enumerate(self.steps):
            known = len(self.leaves) + k
            if len(step.args) != step.op.arity or not all(0 <= a < known for a in step.args):
                raise ValueError(f"elementwise chain: step {k} ({step.op}) reads {step.args}"
                                 f", expected {step.op.arity} of the {known} values before it")
            if len(step.consts) != len(CONSTANTS.get(step.op, ())):
                raise ValueError(f"elementwise chain: step {k} ({step.op}) has constants "
                                 f"{step.consts}, expected {CONSTANTS.get(step.op, ())}")
            if step.op is ElementOp.CAST:
                np.dtype(step.dtype)

    def dtypes(self, inputs: list[np.dtype]) -> list[np.dtype]:
        """The dtype of every value (leaves, then steps) for inputs of `inputs`' dtypes;
        TypeError naming the step a dtype does not serve (or mixed binary operands)."""
        values = [np.dtype(inputs[leaf.input]) for leaf in self.leaves]
        for k, step in enumerate(self.steps):
            operands = [values[a] for a in step.args]
            if step.op is ElementOp.CAST:
                dtype = np.dtype(step.dtype)
                if not (ElementOp.CAST.computes(operands[0]) and dtype in FLOATS + INTEGERS) \
                        or (operands[0] in FLOATS and dtype in INTEGERS):
                    raise TypeError(f"elementwise chain step {k}: cast from {operands[0]} to "
                                    f"{dtype} is not compiled")
            else:
                dtype = operands[0]
                if any(o != dtype for o in operands) or not step.op.computes(dtype):
                    raise TypeError(f"elementwise chain step {k}: {step.op} of "
                                    f"{', '.join(map(str, operands))} is not compiled")
            values.append(dtype)
        return values

    def key(self, inputs: list[np.dtype], pattern: tuple[tuple[bool, ...], ...]) -> str:
        """A digest naming the compiled function for these dtypes and loop pattern."""
        text = json.dumps([self.digest, [str(np.dtype(d)) for d in inputs],
                           [list(p) for p in pattern]])
        return hashlib.sha256(text.encode()).hexdigest()[:24]


# -- source ------------------------------------------------------------------------------------
def _const(dtype: np.dtype, value: float) -> str:
    """A constant of `dtype` as source (Numba types np.float32(...) as float32)."""
    return f"np.{np.dtype(dtype).name}({float(value)!r})"


def step_source(step: Step, operands: list[str], dtype: np.dtype) -> str:
    """The expression of one step, in `dtype` (operands are names of that dtype). NaN
    follows the plain kernels: relu gives 0, clipping keeps NaN."""
    x = operands[0]
    t = np.dtype(dtype).name
    c = {name: _const(dtype, v) for name, v in zip(CONSTANTS.get(step.op, ()), step.consts)}
    zero, one = _const(dtype, 0), _const(dtype, 1)
    op = step.op
    if op in BINARY:
        sign = {ElementOp.ADD: "+", ElementOp.SUB: "-", ElementOp.MUL: "*",
                ElementOp.DIV: "/"}[op]
        return f"{x} {sign} {operands[1]}"
    simple = {ElementOp.RELU: f"{x} if {x} > {zero} else {zero}",
              ElementOp.SIGMOID: f"{one} / ({one} + math.exp(-{x}))",
              ElementOp.TANH: f"math.tanh({x})", ElementOp.EXP: f"math.exp({x})",
              ElementOp.LOG: f"math.log({x})", ElementOp.SQRT: f"math.sqrt({x})",
              ElementOp.ABS: f"abs({x})", ElementOp.SQUARE: f"{x} * {x}",
              ElementOp.SILU: f"{x} / ({one} + math.exp(-{x}))"}
    if op is ElementOp.CAST:
        return f"np.{np.dtype(step.dtype).name}({x})"
    if op in simple:
        return simple[op]
    if op is ElementOp.RELU6:
        return f"clip({x}, {zero}, {c['threshold']})"
    if op is ElementOp.LEAKY_RELU:
        return f"{x} if {x} >= {zero} else {x} * {c['alpha']}"
    if op is ElementOp.HARD_SWISH:
        return (f"clip({x} + {c['offset']}, {zero}, {c['threshold']}) * {x} "
                f"/ {c['scale']}")
    if op is ElementOp.GELU:
        if step.consts[0]:
            inner = f"{_const(dtype, SQRT_2_OVER_PI)} * ({x} + {_const(dtype, GELU_CUBIC)} " \
                    f"* ({x} * {x} * {x}))"
            return f"{x} * {_const(dtype, 0.5)} * ({one} + math.tanh({inner}))"
        erf = f"np.{t}(math.erf(np.float64({x} * {_const(dtype, SQRT1_2)})))"
        return f"{x} * ({one} + {erf}) * {_const(dtype, 0.5)}"
    assert op is ElementOp.SCALE
    if step.consts[2]:
        return f"{x} * {c['scale']} + {c['bias']}"
    return f"({x} + {c['bias']}) * {c['scale']}"


PRELUDE = '''"""Generated by fluidphi (phi/jit/elementwise_chain.py): one elementwise chain."""
import math

import numpy as np
from phi.jit.runtime import inline, kernel, helper, prange


@inline
def clip(v, low, high):
    """min(max(v, low), high) with NaN kept (np.clip's rule)."""
    v = low if v < low else v
    return high if v > high else v

'''


def source(chain: Chain, inputs: list[np.dtype], pattern: tuple[tuple[bool, ...], ...]
           ) -> str:
    """A module defining `run(out, a0, a1, ...)`: one loop nest over `out` (rank =
    len(pattern[k])), leaf k read from array `a{k}` with index 0 on the dims
    `pattern[k]` marks as broadcast. The outer loop is a prange: `run` is a compiled
    `Kernel`, run serially below the runtime's parallel work size."""
    dtypes = chain.dtypes(inputs)
    rank = len(pattern[0]) if pattern else 1
    idx = [f"i{d}" for d in range(rank)]
    leaves = [f"a{k}" for k in range(len(chain.leaves))]
    lines = [PRELUDE, "@kernel",
             f"def run(out{''.join(', ' + a for a in leaves)}):"]
    indent = "    "
    for d in range(rank):
        loop = "prange" if d == 0 else "range"
        lines.append(f"{indent}for i{d} in {loop}(out.shape[{d}]):")
        indent += "    "
    for k, name in enumerate(leaves):
        where = ", ".join("0" if pattern[k][d] else idx[d] for d in range(rank))
        lines.append(f"{indent}v{k} = {name}[{where}]")
    base = len(chain.leaves)
    for k, step in enumerate(chain.steps):
        dtype = dtypes[base + k]
        expr = step_source(step, [f"v{a}" for a in step.args], dtype)
        lines.append(f"{indent}v{base + k} = np.{dtype.name}({expr})")
    lines.append(f"{indent}out[{', '.join(idx)}] = v{base + len(chain.steps) - 1}")
    return "\n".join(lines) + "\n"
