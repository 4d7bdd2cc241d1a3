"""The elementwise-chain pass: for a run that prefers the compiled library (`--library
numba`, on the CPU), every maximal tree of element ops (activations and unary math,
scale, elementwise_add / sub / mul / div with Paddle's trailing-dims broadcasting, cast
between floats or from an integer to a float) whose intermediates have one reader and
are neither persistable nor fetched becomes one `fused_elementwise_chain` op
(`compat.passes.elementwise_chain_op`), whose kernel is generated from the tree
(`phi.jit.elementwise_chain`). The trace names the op types each fused op replaced.

An op joins a chain only where the program declares what the chain needs: the ranks
of its operands and output, and dtypes the chain computes the op in (the plain kernel's
dtype: `ElementOp.computes`). Anything else stays the plain op it was; without Numba
the pass is not run (`compat.passes.optimize`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from compat.passes.graph import Rewrite, op
from legacy_fluid.framework.program_desc import OpDesc
from legacy_fluid.framework.var_type import VarType
from phi.jit.elementwise_chain import CONSTANTS, Chain, ElementOp, Leaf, Step

BINARY_OPS = {"elementwise_add": ElementOp.ADD, "elementwise_sub": ElementOp.SUB,
              "elementwise_mul": ElementOp.MUL, "elementwise_div": ElementOp.DIV}
UNARY_OPS = {"relu": ElementOp.RELU, "relu6": ElementOp.RELU6,
             "leaky_relu": ElementOp.LEAKY_RELU, "sigmoid": ElementOp.SIGMOID,
             "tanh": ElementOp.TANH, "exp": ElementOp.EXP, "log": ElementOp.LOG,
             "sqrt": ElementOp.SQRT, "abs": ElementOp.ABS, "square": ElementOp.SQUARE,
             "silu": ElementOp.SILU, "swish": ElementOp.SILU,
             "hard_swish": ElementOp.HARD_SWISH, "gelu": ElementOp.GELU,
             "scale": ElementOp.SCALE, "cast": ElementOp.CAST}
#: Attribute defaults of the ops' constants (relu6 and swish only at their usual
#: threshold 6 and beta 1, the constants their PHI kernels assume).
DEFAULTS = {"threshold": 6.0, "alpha": 0.02, "scale": 6.0, "offset": 3.0,
            "approximate": False, "bias": 0.0, "bias_after_scale": True}
FIXED = {"relu6": {"threshold": 6.0}, "swish": {"beta": 1.0}}
SCALE_DEFAULTS = {"scale": 1.0, "bias": 0.0, "bias_after_scale": True}


@dataclass
class Node:
    """One element op the chain may take in: its operands (with the trailing ones each
    is viewed with), its step's constants and its output."""

    index: int
    op: ElementOp
    operands: list[tuple[str, int]]
    consts: tuple[float, ...]
    dtype: str
    out: str
    members: list[int] = field(default_factory=list)


def _rank(rw: Rewrite, name: str) -> int | None:
    shape = rw.shape(name)
    return None if shape is None else len(shape)


def _dtype(rw: Rewrite, name: str) -> np.dtype | None:
    var = rw.program.global_block().find_var(name)
    if var is None or var.dtype is None or not var.is_tensor:
        return None
    try:
        return var.dtype.to_numpy()
    except TypeError:
        return None


def _operands(rw: Rewrite, desc: OpDesc) -> tuple[list[tuple[str, int]], int] | None:
    """The operands with their trailing ones, and the output rank; None where the
    broadcast is not of the trailing-dims kind (or the ranks are not declared)."""
    if desc.type in UNARY_OPS:
        x = desc.input("X")
        rank = _rank(rw, x[0]) if len(x) == 1 else None
        return None if rank is None else ([(x[0], 0)], rank)
    x, y = desc.input("X"), desc.input("Y")
    if len(x) != 1 or len(y) != 1:
        return None
    rx, ry, axis = _rank(rw, x[0]), _rank(rw, y[0]), int(desc.attr("axis", -1))
    if rx is None or ry is None:
        return None
    if axis in (-1, abs(rx - ry)):  # numpy's alignment (Paddle's default)
        return [(x[0], 0), (y[0], 0)], max(rx, ry)
    if ry < rx and 0 <= axis and axis + ry <= rx:
        return [(x[0], 0), (y[0], rx - axis - ry)], rx
    return None


def _consts(desc: OpDesc, element: ElementOp) -> tuple[float, ...] | None:
    """The step's constants; None where the op's attributes fall outside what the chain
    computes (a scale fed by a tensor, relu6 / swish at other constants)."""
    if any(float(desc.attr(k, v)) != v for k, v in FIXED.get(desc.type, {}).items()):
        return None
    if desc.type == "scale":
        if desc.input("ScaleTensor") or desc.input("BiasTensor"):
            return None
        return tuple(float(desc.attr(k, v)) for k, v in SCALE_DEFAULTS.items())
    return tuple(float(desc.attr(k, DEFAULTS[k])) for k in CONSTANTS.get(element, ()))


def node(rw: Rewrite, index: int) -> Node | None:
    """Op `index` as a chain step, or None when a chain cannot take it in."""
    desc = rw.ops[index]
    element = BINARY_OPS.get(desc.type) or UNARY_OPS.get(desc.type)
    out = desc.output("Out")
    if element is None or len(out) != 1 or set(desc.outputs) != {"Out"}:
        return None
    found = _operands(rw, desc)
    consts = _consts(desc, element)
    if found is None or consts is None or _rank(rw, out[0]) != found[1]:
        return None
    operands = found[0]
    dtypes = [_dtype(rw, n) for n, _ in operands]
    out_dtype = _dtype(rw, out[0])
    if out_dtype is None or any(d is None or d != dtypes[0] for d in dtypes):
        return None
    dtype = dtypes[0]
    if element is ElementOp.CAST:
        target = VarType(int(desc.attr("out_dtype", -1))).to_phi().to_numpy() \
            if int(desc.attr("out_dtype", -1)) >= 0 else None
        try:
            Chain((0,), 0, (Leaf(0),), (Step(element, (0,), (), str(target)),)).dtypes([dtype])
        except (TypeError, ValueError):
            return None
        if target != out_dtype:
            return None
    elif not element.computes(dtype) or out_dtype != dtype:
        return None
    return Node(index, element, operands, consts,
                str(out_dtype) if element is ElementOp.CAST else "", out[0])


def _groups(rw: Rewrite) -> list[Node]:
    """The roots of the trees to fuse (two ops or more), each with its members."""
    writers: dict[str, list[int]] = {}
    for i, desc in enumerate(rw.ops):
        for name in desc.output_arg_names():
            writers.setdefault(name, []).append(i)
    nodes: dict[int, Node] = {}
    taken: set[int] = set()
    for i in range(len(rw.ops)):
        found = node(rw, i)
        if found is None:
            continue
        found.members = [i]
        for name, _ in found.operands:
            producer = writers.get(name, [])
            if len(producer) != 1 or producer[0] not in nodes or producer[0] in taken \
                    or producer[0] in found.members:
                continue
            if rw.consumers(name) != [i] or rw.protected(name):
                continue
            taken.add(producer[0])
            found.members.extend(nodes[producer[0]].members)
        nodes[i] = found
    roots = [n for i, n in nodes.items() if i not in taken and len(n.members) > 1]
    return [n for n in roots if _movable(rw, n.members)]


def _movable(rw: Rewrite, members: list[int]) -> bool:
    """Whether every member may move down to the root: no other op in between writes
    what it reads."""
    root = max(members)
    for j in members:
        reads = set(rw.ops[j].input_arg_names())
        for k in range(j + 1, root):
            if k not in members and reads & set(rw.ops[k].output_arg_names()):
                return False
    return True


def build_chain(rw: Rewrite, root: Node, nodes: dict[int, Node]) -> tuple[Chain, list[str]]:
    """The chain computing `root`'s tree, and the names of its inputs."""
    by_out = {nodes[m].out: nodes[m] for m in root.members}
    inputs: list[str] = []
    leaves: list[Leaf] = []
    steps: list[tuple[ElementOp, list[tuple[str, int]], tuple[float, ...], str]] = []
    done: dict[tuple[str, int], tuple[str, int]] = {}

    def value(name: str, trailing: int) -> tuple[str, int]:
        key = (name, trailing)
        if key in done:
            return done[key]
        member = by_out.get(name)
        if member is None:
            if name not in inputs:
                inputs.append(name)
            leaves.append(Leaf(inputs.index(name), trailing))
            ref = ("leaf", len(leaves) - 1)
        else:
            args = [value(n, trailing + t) for n, t in member.operands]
            steps.append((member.op, args, member.consts, member.dtype))
            ref = ("step", len(steps) - 1)
        done[key] = ref
        return ref

    value(root.out, 0)
    rank = _rank(rw, root.out)
    assert rank is not None

    def number(ref: tuple[str, int]) -> int:
        return ref[1] if ref[0] == "leaf" else len(leaves) + ref[1]

    ranks = tuple(_rank(rw, n) for n in inputs)
    assert all(r is not None for r in ranks)
    chain = Chain(ranks, rank, tuple(leaves),  # type: ignore[arg-type]
                  tuple(Step(e, tuple(number(a) for a in args), consts, dtype)
                        for e, args, consts, dtype in steps))
    chain.check()
    return chain, inputs


def fuse_elementwise_chains(rw: Rewrite) -> None:
    """Replace every chain `_groups` finds by one fused_elementwise_chain op."""
    from compat.passes import elementwise_chain_op

    roots = _groups(rw)
    if not roots:
        return
    elementwise_chain_op.register()
    nodes = {}
    for root in roots:
        for m in root.members:
            found = node(rw, m)
            assert found is not None
            nodes[m] = found
    planned = [(root, *build_chain(rw, root, nodes),
                [id(rw.ops[m]) for m in root.members]) for root in roots]
    for root, chain, inputs, members in planned:
        where = {id(desc): i for i, desc in enumerate(rw.ops)}
        indices = sorted(where[m] for m in members)
        types = [rw.ops[i].type for i in indices]
        new = op(elementwise_chain_op.OP_TYPE, {"X": inputs}, {"Out": [root.out]},
                 {"chain": chain.to_json()})
        rw.replace(indices, new, f"{' + '.join(types)} -> {elementwise_chain_op.OP_TYPE} "
                                 f"({root.out})")
