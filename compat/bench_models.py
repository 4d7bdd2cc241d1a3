"""The models `fluidphi bench` times: fixtures, generated full-size models, the dispatch chain.

Models are named by their short name (the directory holding `model.pdmodel`) so report
rows stay narrow. The dispatch chain is a program fluidphi writes itself: `CHAIN_OPS`
scale and relu ops, alternating, on a [1, 4] tensor, so that its time per op is the
cost of running one tiny op (dispatch, not math).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import feed_target_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.io import save_inference_model
from legacy_fluid.io.layout import resolve_model
from legacy_fluid.io.program_io import load_program
from phi.common import DataType

FIXTURES = Path("tests/fixtures/models")
CHAIN = "chain"
CHAIN_OPS = 200
CHAIN_SHAPE = (1, 4)
#: the chain's scale attributes (a value near 1 keeps the numbers tame)
CHAIN_SCALE, CHAIN_BIAS = 1.001, -0.001


def short_names(models: list[str]) -> list[str]:
    """'tests/fixtures/models/lenet/model' -> 'lenet': the folder of a prefix named 'model'
    (or the prefix's own name), unless two models would get the same name (then the
    prefixes as given)."""
    names = []
    for m in models:
        p = Path(m)
        names.append(p.parent.name if p.name in ("model", "__model__", "") and p.parent.name
                     else p.name.removesuffix(".pdmodel"))
    return names if len(set(names)) == len(names) else list(models)


def default_models() -> list[str]:
    """Every model under tests/fixtures/models (the generated full-size ones included)."""
    if not FIXTURES.is_dir():
        return []
    return [str(p / "model") for p in sorted(FIXTURES.iterdir())
            if (p / "model.pdmodel").is_file()]


def write_chain(root: Path, ops: int = CHAIN_OPS) -> str:
    """Write the scale/relu chain model under `root`/chain; returns its prefix."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.FLOAT32, shape=[-1, CHAIN_SHAPE[1]], need_check_feed=True)
    name = "x"
    for i in range(ops):
        out = f"chain_{i}.tmp"
        block.var(out, dtype=DataType.FLOAT32, shape=[-1, CHAIN_SHAPE[1]])
        if i % 2 == 0:
            op = block.append_op("scale", {"X": [name]}, {"Out": [out]})
            op.set_attr("scale", CHAIN_SCALE, AttrType.FLOAT)
            op.set_attr("bias", CHAIN_BIAS, AttrType.FLOAT)
            op.set_attr("bias_after_scale", True, AttrType.BOOLEAN)
        else:
            block.append_op("relu", {"X": [name]}, {"Out": [out]})
        name = out
    prefix = root / CHAIN / "model"
    prefix.parent.mkdir(parents=True, exist_ok=True)
    save_inference_model(prefix, program, ["x"], [name], Scope())
    return str(prefix)


def _program(prefix: str) -> ProgramDesc:
    """The model's program alone (its parameters are not read)."""
    return load_program(resolve_model(prefix, None, None).model_path)


def chain_steps(prefix: str) -> list[tuple[str, float, float]]:
    """The chain's ops as (kind, scale, bias), for the direct-NumPy backend."""
    steps = []
    for op in _program(prefix).global_block().ops:
        if op.type == "scale":
            steps.append(("scale", np.float32(op.attr("scale")), np.float32(op.attr("bias"))))
        elif op.type == "relu":
            steps.append(("relu", np.float32(0), np.float32(0)))
    return steps


def model_inputs(prefix: str, batch: int) -> dict[str, np.ndarray]:
    """The stored inputs_b{batch}.npz beside the model, else seeded N(0, 1) / zeros."""
    stored = Path(prefix).parent / f"inputs_b{batch}.npz"
    if stored.is_file():
        with np.load(stored, allow_pickle=False) as npz:
            return {k: npz[k] for k in npz.files}
    program = _program(prefix)
    rng = np.random.default_rng(0)
    feeds = {}
    for name in feed_target_names(program):
        var = program.global_block().find_var(name)
        shape = [batch if d < 0 else d for d in var.shape]
        dtype = var.dtype.to_numpy() if var.dtype is not None else np.float32
        feeds[name] = (np.zeros(shape, dtype) if np.issubdtype(dtype, np.integer)
                       else rng.standard_normal(shape).astype(dtype))
    return feeds


def op_types(prefix: str) -> list[str]:
    """The model's op types, feed and fetch left out."""
    return [op.type for op in _program(prefix).global_block().ops
            if op.type not in ("feed", "fetch")]
