"""Paths of the model files the io tests read, and small helpers."""

from __future__ import annotations

from pathlib import Path

from legacy_fluid.io.pb_origin import ORIGIN_KEY

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
FIXTURE_MODELS = HERE.parent / "fixtures" / "models"


def real_model_files() -> list[Path]:
    """Every program file written by real Paddle that the repo holds."""
    files = sorted(FIXTURE_MODELS.glob("*/model.pdmodel"))
    files += sorted(DATA.glob("*.pdmodel")) + sorted(DATA.glob("*/model.pdmodel"))
    files += sorted(DATA.glob("*/__model__"))
    return files


def real_params_files() -> list[Path]:
    return sorted(FIXTURE_MODELS.glob("*/model.pdiparams")) + sorted(DATA.glob("*/*.pdiparams"))


def file_id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


def strip_origins(program) -> None:
    """Forget where every desc came from (forces fresh encoding on save)."""
    program.extra.pop(ORIGIN_KEY, None)
    for b in program.blocks:
        b.extra.pop(ORIGIN_KEY, None)
        for v in b.vars.values():
            v.extra.pop(ORIGIN_KEY, None)
        for op in b.ops:
            op.extra.pop(ORIGIN_KEY, None)
