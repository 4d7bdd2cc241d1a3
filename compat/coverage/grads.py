"""The backward dimension of the coverage report: per forward op type, its grad op in both
forms and the evidence that verifies it.

A forward op type has a grad when fluidphi registers its legacy grad op (`<type>_grad`,
Paddle's naming) or its ops.yaml entry names a `backward :` op, or when Paddle emits a grad
op for it in static training programs (`PADDLE_TRAINING_GRADS`, so a grad fluidphi lacks
shows as missing). Verified means both kernel forms exist, the legacy grad op runs in some
Paddle-made single-op grad fixture (tests/fixtures/grads/*/cases.json, export_grads.py)
and the backward op has a finite-difference case (`GRAD_CASES` in
tests/api/grad_fd/<family>.py, read as text: nothing of the tests is imported).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat.coverage import sources
from compat.coverage.facts import OpFacts
from phi.op_defs import op_compat_defs, op_def

GRAD_SUFFIX = "_grad"
GRAD_FIXTURES = Path(sources.GRAD_FIXTURES)
FD_CASES = Path(sources.FD_CASES_DIR)

#: Legacy forward op types Paddle 3.3.1 emits a grad op type of their own for in static
#: training programs (issue 10's list): a report shows their grads even where fluidphi has
#: none yet. (split, cast, scale and sum are differentiated by forward ops: concat, cast,
#: scale; they have no grad op type.)
PADDLE_TRAINING_GRADS = frozenset({
    "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
    "elementwise_max", "elementwise_min", "elementwise_pow", "matmul_v2", "mul",
    "relu", "gelu", "tanh", "sigmoid", "leaky_relu", "softmax", "log_softmax",
    "softmax_with_cross_entropy", "cross_entropy2",
    "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
    "conv2d", "depthwise_conv2d", "conv2d_transpose", "pool2d", "batch_norm", "layer_norm",
    "dropout", "lookup_table_v2", "reshape2", "transpose2", "squeeze2", "unsqueeze2",
    "flatten_contiguous_range", "concat", "slice", "gather", "stack", "expand_v2", "tile",
    "rnn",
})
#: Grad op types that are not `<forward>_grad` in Paddle (phi/op_compat.yaml's `backward`).
GRAD_OP_TYPE = {e.names.legacy: e.backward[0].legacy for e in op_compat_defs()
                if e.backward and e.backward[0].legacy != e.names.legacy + GRAD_SUFFIX}
_FORWARD_OF = {g: f for f, g in GRAD_OP_TYPE.items()}

GRAD_DEFINITION = ("forward op types with a grad (fluidphi registers its legacy grad op or "
                   "ops.yaml names a backward op, or Paddle emits one in static training "
                   "programs) whose grad is verified: a legacy grad kernel and a PHI grad "
                   "kernel exist, the legacy grad op runs in a Paddle-made grad fixture, and "
                   "its backward.yaml op has a finite-difference case")


@dataclass(frozen=True)
class GradEvidence:
    """What verifies grads: grad op types in Paddle grad fixtures, backward ops with FD cases."""

    fixture_ops: frozenset[str]
    fd_cases: frozenset[str]
    fixtures: str | None
    fd_file: str | None

    def as_source(self) -> dict[str, Any]:
        return {"fixtures": self.fixtures, "fd_cases": self.fd_file}


def _fixture_ops(folder: Path) -> frozenset[str]:
    found: set[str] = set()
    for cases in sorted(folder.glob(sources.GRAD_CASES_GLOB)):
        for entry in json.loads(cases.read_text(encoding="utf-8")).get("cases", {}).values():
            found.update(t for t in entry.get("program", [])
                         if t.endswith(GRAD_SUFFIX) or t in _FORWARD_OF)
    return frozenset(found)


def _dict_keys(node: ast.Dict) -> set[str]:
    """The string keys of a dict literal whose case list is not empty, with those of
    `**{f"{op}_grad": [...] for op in ("a", "b")}` entries spelled out."""
    keys: set[str] = set()
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            if not (isinstance(value, ast.List) and not value.elts):
                keys.add(key.value)
        elif key is None and isinstance(value, ast.DictComp):
            keys |= _comprehension_keys(value)
    return keys


def _comprehension_keys(node: ast.DictComp) -> set[str]:
    """Keys of `{f"...{name}..." : v for name in <tuple of strings>}`; none for other forms."""
    if len(node.generators) != 1 or not isinstance(node.key, ast.JoinedStr):
        return set()
    loop = node.generators[0]
    if not isinstance(loop.target, ast.Name) or loop.ifs:
        return set()
    try:
        names = ast.literal_eval(loop.iter)
    except ValueError:
        return set()
    keys = set()
    for name in names if isinstance(names, tuple | list) else ():
        parts = []
        for part in node.key.values:
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
            elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) \
                    and part.value.id == loop.target.id and part.format_spec is None:
                parts.append(str(name))
            else:
                return set()
        keys.add("".join(parts))
    return keys


def _module_fd_cases(path: Path) -> frozenset[str]:
    """Backward ops with cases in one module's `GRAD_CASES` dict literal."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        if isinstance(target, ast.Name) and target.id == "GRAD_CASES" \
                and isinstance(node.value, ast.Dict):
            return frozenset(_dict_keys(node.value))
    return frozenset()


def _fd_cases(folder: Path) -> frozenset[str]:
    """Backward ops with finite-difference cases in any family module of `folder`."""
    found: set[str] = set()
    for module in sorted(folder.glob(sources.FD_CASES_GLOB)):
        found |= _module_fd_cases(module)
    return frozenset(found)


def load_evidence(root: Path) -> GradEvidence:
    fixtures, fd = root / GRAD_FIXTURES, root / FD_CASES
    return GradEvidence(
        _fixture_ops(fixtures) if fixtures.is_dir() else frozenset(),
        _fd_cases(fd) if fd.is_dir() else frozenset(),
        GRAD_FIXTURES.as_posix() if fixtures.is_dir() else None,
        FD_CASES.as_posix() if fd.is_dir() else None)


def grad_of(op_type: str, facts: Mapping[str, OpFacts]) -> str | None:
    """The forward op type of grad op type `op_type` (None for a forward op)."""
    forward = _FORWARD_OF.get(op_type) or (
        op_type[: -len(GRAD_SUFFIX)] if op_type.endswith(GRAD_SUFFIX) else None)
    return forward if forward in facts else None


def _backward_op(f: OpFacts) -> str | None:
    if f.ops_yaml is None:
        return None
    try:
        return op_def(f.ops_yaml).backward
    except KeyError:
        return None


def backward_row(f: OpFacts, facts: Mapping[str, OpFacts], stages: Mapping[str, str],
                 evidence: GradEvidence) -> dict[str, Any] | None:
    """The grad of forward op type `f`, or None when it has none (see the module doc)."""
    grad_type = GRAD_OP_TYPE.get(f.op_type, f.op_type + GRAD_SUFFIX)
    grad = facts.get(grad_type)
    backward = _backward_op(f)
    if grad is None and backward is None and f.op_type not in PADDLE_TRAINING_GRADS:
        return None
    legacy = grad is not None and bool(grad.legacy_kernels)
    phi = grad.phi_name if grad is not None and grad.phi_kernels else None
    fixture = grad_type in evidence.fixture_ops
    fd = backward is not None and backward in evidence.fd_cases
    return {
        "grad_op": grad_type,
        "backward_op": backward,
        "legacy_kernel": legacy,
        "phi_kernel": phi,
        "paddle_fixture": fixture,
        "fd_case": fd,
        "grad_stage": stages.get(grad_type),
        "verified": legacy and phi is not None and fixture and fd,
    }


def _percent(num: int, den: int) -> float:
    return round(100.0 * num / den, 1) if den else 0.0


def backward_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals of the backward dimension, and the migration progress of grad op types."""
    grads = [r["backward"] for r in rows if r["backward"] is not None]
    verified = sum(g["verified"] for g in grads)
    grad_types = [r for r in rows if r["grad_of"] is not None and r["counted"]]
    migrated = sum(r["migrated"] for r in grad_types)
    return {
        "forward_ops": len(grads),
        "legacy_kernel": sum(g["legacy_kernel"] for g in grads),
        "phi_kernel": sum(g["phi_kernel"] is not None for g in grads),
        "both_forms": sum(g["legacy_kernel"] and g["phi_kernel"] is not None for g in grads),
        "paddle_fixture": sum(g["paddle_fixture"] for g in grads),
        "fd_case": sum(g["fd_case"] for g in grads),
        "verified": verified,
        "percent": _percent(verified, len(grads)),
        "definition": GRAD_DEFINITION,
        "grad_op_types": {"migrated": migrated, "total": len(grad_types),
                          "percent": _percent(migrated, len(grad_types))},
    }
