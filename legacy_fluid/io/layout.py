"""Find the model and params files of an inference model on disk.

Accepted forms of the path given to `load_inference_model`:

* a prefix `dir/name`: `dir/name.pdmodel` and `dir/name.pdiparams`;
* a `.pdmodel` file: its params are the `.pdiparams` beside it, same stem;
* a directory with exactly one `*.pdmodel`: as above;
* a directory in the old layout, `__model__` (or `model`) plus either one
  combined file `__params__` (or `params`) or one file per parameter;
* that `__model__` / `model` file itself.

`model_filename` / `params_filename` name the files inside a directory
explicitly, as Paddle's old `load_inference_model(dirname, ...)` did.
`params_file` names the combined params file by its own path, whatever its
stem (`inference.pdmodel` + `weights.pdiparams`, as Paddle Inference's
`Config(prog_file, params_file)` accepts); the program is found from `path`
as above.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError

MODEL_SUFFIX = ".pdmodel"
PARAMS_SUFFIX = ".pdiparams"
OLD_MODEL_NAMES = ("__model__", "model")
OLD_PARAMS_NAMES = ("__params__", "params")

ParamsLayout = Literal["combined", "separate"]


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's program and params are.

    `params_path` is the combined file (which may not exist: a program without
    persistable vars needs none) or, for the separate layout, the directory.
    """

    model_path: Path
    params_path: Path
    params_layout: ParamsLayout
    #: the params file was named by the caller (`params_file`), not found beside the program
    params_named: bool = False


def _entry(path: Path) -> bool:
    """Something other than a directory is there: a model file, or a FIFO, device or
    broken link that reading it refuses by name (`regular_file`) rather than as missing."""
    return os.path.lexists(path) and not path.is_dir()


def _beside(model: Path) -> ModelFiles:
    if model.name.endswith(MODEL_SUFFIX):
        params = model.with_name(model.name[: -len(MODEL_SUFFIX)] + PARAMS_SUFFIX)
        return ModelFiles(model, params, "combined")
    for name in OLD_PARAMS_NAMES:
        if _entry(model.parent / name):
            return ModelFiles(model, model.parent / name, "combined")
    return ModelFiles(model, model.parent, "separate")


def _with_params_file(found: ModelFiles, params: Path) -> ModelFiles:
    """`found`'s program with the combined params file `params` (which must be a file)."""
    if not params.is_file():
        raise MissingModelFileError(
            "params file not found", path=params,
            expected="a combined params file (.pdiparams)",
            found="a directory" if params.is_dir() else "no file")
    return ModelFiles(found.model_path, params, "combined", params_named=True)


def resolve_model(path: str | os.PathLike[str], model_filename: str | None = None,
                  params_filename: str | None = None, *,
                  params_file: str | os.PathLike[str] | None = None) -> ModelFiles:
    """Locate the model file and params of `path` (see the module docstring)."""
    if params_file is not None:
        if params_filename is not None:
            raise ValueError("name the params file once: params_filename (inside the model's "
                             "directory) or params_file (a path), not both")
        return _with_params_file(resolve_model(path, model_filename), Path(params_file))
    p = Path(path)
    if model_filename is not None or params_filename is not None:
        base = p if p.is_dir() else p.parent
        model = base / model_filename if model_filename else None
        if model is None:
            found = resolve_model(base)
            model = found.model_path
        if not _entry(model):
            raise MissingModelFileError("model file not found", path=model)
        if params_filename:
            return ModelFiles(model, base / params_filename, "combined")
        return _beside(model)
    with_suffix = p.with_name(p.name + MODEL_SUFFIX) if p.name else None
    if with_suffix is not None and _entry(with_suffix):
        return _beside(with_suffix)
    if _entry(p):
        return _beside(p)
    if p.is_dir():
        models = sorted(q for q in p.iterdir() if q.name.endswith(MODEL_SUFFIX) and _entry(q))
        if len(models) == 1:
            return _beside(models[0])
        if len(models) > 1:
            raise ModelFormatError(
                "directory holds several models; pass a path prefix to pick one", path=p,
                expected=f"exactly one *{MODEL_SUFFIX}", found=[q.name for q in models])
        for name in OLD_MODEL_NAMES:
            if _entry(p / name):
                return _beside(p / name)
        hint = ""
        if any(q.suffix == ".json" for q in p.iterdir()):
            hint = " (a .json file is a Paddle 3 PIR program, which is not supported)"
        raise MissingModelFileError(
            f"no model file in directory{hint}", path=p,
            expected=f"one *{MODEL_SUFFIX}, or {' / '.join(OLD_MODEL_NAMES)}", found="none")
    if p.with_name(p.name + ".json").is_file():
        raise ModelFormatError("only a Paddle 3 PIR program (.json) exists; legacy "
                               f"{MODEL_SUFFIX} programs are required",
                               path=p.with_name(p.name + ".json"))
    raise MissingModelFileError("model not found", path=p,
                                expected=f"{p}{MODEL_SUFFIX}, a model file, or a model "
                                         "directory", found="nothing")
