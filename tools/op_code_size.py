"""Hand-written op code per legacy op type: the measure issue 22 sets a target on.

    python tools/op_code_size.py [--json]

Op code is what each op adds in four layers: the legacy operators
(`legacy_fluid/operators`), the PHI kernel wrappers (`phi/kernels/impl`), the
hand-written argument mappings (`compat/ops`) and the InferMeta functions
(`phi/infermeta`); the shared math (`phi/kernels/funcs`) is reported apart. Lines are
counted three ways: physical lines (blank and comment lines included: the measure the
issue's target of 45 per op type is set in), non-blank lines, and code lines (non-blank,
no comment-only lines, no docstrings). All are divided by the number of registered
legacy op types (grad ops included) and by the forward op types alone.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OP_LAYERS = ("legacy_fluid/operators", "phi/kernels/impl", "compat/ops", "phi/infermeta")
SHARED = ("phi/kernels/funcs",)
_SKIPPED_TOKENS = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                   tokenize.DEDENT, tokenize.ENDMARKER}
KINDS = ("code", "non_blank", "physical")
_DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, _DOC_OWNERS) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def file_lines(path: Path) -> tuple[int, int, int]:
    """(code lines, non-blank lines, physical lines) of one Python file."""
    source = path.read_text(encoding="utf-8")
    docs = _docstring_lines(ast.parse(source))
    code: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in _SKIPPED_TOKENS:
            code.update(n for n in range(tok.start[0], tok.end[0] + 1) if n not in docs)
    lines = source.splitlines()
    return len(code), sum(1 for line in lines if line.strip()), len(lines)


def layer_lines(folder: str) -> dict[str, int]:
    files = sorted((ROOT / folder).rglob("*.py"))
    counts = [file_lines(p) for p in files]
    return {"files": len(files), "code": sum(c[0] for c in counts),
            "non_blank": sum(c[1] for c in counts), "physical": sum(c[2] for c in counts)}


def measure() -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    from compat.registration_index import ensure_all_registered
    from legacy_fluid.framework.op_registry import OP_INFOS

    ensure_all_registered()
    op_types = list(OP_INFOS.keys())
    forward = [t for t in op_types if not t.endswith("_grad")]
    layers = {folder: layer_lines(folder) for folder in (*OP_LAYERS, *SHARED)}
    op_code = {kind: sum(layers[f][kind] for f in OP_LAYERS) for kind in KINDS}
    return {
        "layers": layers,
        "op_types": len(op_types),
        "forward_op_types": len(forward),
        "op_code": op_code,
        "per_op_type": {k: round(v / len(op_types), 1) for k, v in op_code.items()},
        "per_forward_op_type": {k: round(v / len(forward), 1) for k, v in op_code.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    figures = measure()
    if parser.parse_args().json:
        print(json.dumps(figures, indent=1))
        return
    for folder, counts in figures["layers"].items():
        print(f"{folder:26s} {counts['files']:4d} files {counts['code']:6d} code lines "
              f"{counts['non_blank']:6d} non-blank {counts['physical']:6d} physical")
    print(f"op types {figures['op_types']} ({figures['forward_op_types']} forward); "
          f"op code per op type: {figures['per_op_type']['code']} code lines, "
          f"{figures['per_op_type']['non_blank']} non-blank, "
          f"{figures['per_op_type']['physical']} physical; per forward op type: "
          f"{figures['per_forward_op_type']['code']} / "
          f"{figures['per_forward_op_type']['non_blank']} / "
          f"{figures['per_forward_op_type']['physical']}")


if __name__ == "__main__":
    main()
