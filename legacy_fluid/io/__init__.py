"""Reading and writing Paddle legacy inference models (program + parameters).

`load_inference_model` / `save_inference_model` mirror Paddle's functions of
the same names; `program_io` and `params_io` hold the file formats.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

from legacy_fluid.framework.program_desc import OpDesc, ProgramDesc
from legacy_fluid.framework.program_queries import (
    feed_target_names,
    fetch_target_names,
    persistable_var_names,
)
from legacy_fluid.framework.scope import Scope, global_scope
from legacy_fluid.framework.type_promotion import TypePromotionError, promote_operand_types
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.io.atomic_write import atomic_write_bytes
from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError
from legacy_fluid.io.layout import MODEL_SUFFIX, PARAMS_SUFFIX, ModelFiles, resolve_model
from legacy_fluid.io.params_io import (
    load_combined_params,
    load_separate_params,
    save_combined_params,
    save_separate_params,
)
from legacy_fluid.io.program_io import (
    load_program,
    program_from_bytes,
    program_to_bytes,
    save_program,
)
from legacy_fluid.io.validate import validate_program
from phi.core.dense_tensor import DenseTensor

__all__ = [
    "MissingModelFileError",
    "ModelFiles",
    "ModelFormatError",
    "feed_target_names",
    "fetch_target_names",
    "load_combined_params",
    "load_inference_model",
    "load_params",
    "load_program",
    "load_separate_params",
    "persistable_var_names",
    "program_from_bytes",
    "program_to_bytes",
    "promote_program_types",
    "resolve_model",
    "save_combined_params",
    "save_inference_model",
    "save_program",
    "save_separate_params",
]

FEED_HOLDER = "feed"
FETCH_HOLDER = "fetch"


def load_params(program: ProgramDesc, files: ModelFiles, *, check: bool = True
                ) -> dict[str, DenseTensor]:
    """Read the persistable vars of `program` from `files` (sorted by name).

    With `check`, every tensor's dtype and dims must agree with its VarDesc.
    A missing combined file is fine only when the program has no persistable
    vars.
    """
    names = persistable_var_names(program)
    block = program.global_block()
    for name in names:
        kind = block.vars[name].type
        if kind != VarType.LOD_TENSOR:
            raise ModelFormatError(
                "persistable variable of this kind cannot be loaded from a params file",
                path=files.params_path, var=name, expected="LOD_TENSOR (DENSE_TENSOR)",
                found=kind.name)
    descs = block.vars if check else None
    if files.params_layout == "separate":
        return load_separate_params(files.params_path, names, descs)
    if not names and not files.params_path.exists():
        return {}
    if names and not os.path.lexists(files.params_path):  # a FIFO ... is refused on open
        raise MissingModelFileError(
            "params file not found; one of another name is given with params_file "
            "(fluidphi's --params-file)", path=files.params_path,
            expected=f"{len(names)} persistable variables (first: '{names[0]}')",
            found="no file")
    try:
        return load_combined_params(files.params_path, names, descs)
    except ModelFormatError as e:
        if not files.params_named or isinstance(e, MissingModelFileError):
            raise
        # a file the caller named: say first that it is not this program's params
        raise ModelFormatError(
            f"not a params file of this program ({files.model_path.name}): {e.problem}",
            path=files.params_path, var=e.var, expected=e.expected, found=e.found) from None


def load_inference_model(path: str | os.PathLike[str], scope: Scope | None = None, *,
                         model_filename: str | None = None,
                         params_filename: str | None = None,
                         params_file: str | os.PathLike[str] | None = None,
                         check: bool = True) -> tuple[ProgramDesc, list[str], list[str]]:
    """Load an inference model; returns `(program, feed_names, fetch_names)`.

    `path` is a prefix (`dir/model` for `dir/model.pdmodel` + `.pdiparams`),
    a `.pdmodel` file, or a model directory (see `legacy_fluid.io.layout`).
    `params_file` names the combined params file by its path when its stem differs
    from the program's (`inference.pdmodel` + `weights.pdiparams`).
    Parameters go into `scope` (default: `global_scope()`), one DenseTensor
    per persistable var: `scope.var(name).value`. Feed names are the `Out` of
    the feed ops and fetch names the `X` of the fetch ops, both in `col` order.
    With `check`, the program's structure is validated (`legacy_fluid.io.validate`)
    before any parameter is read.
    """
    files = resolve_model(path, model_filename, params_filename, params_file=params_file)
    program = load_program(files.model_path)
    if check:
        validate_program(program, files.model_path)
    promote_program_types(program, files.model_path)
    params = load_params(program, files, check=check)
    target = scope if scope is not None else global_scope()
    for name, tensor in params.items():
        target.var(name).value = tensor
    return program, feed_target_names(program), fetch_target_names(program)


def promote_program_types(program: ProgramDesc, path: str | os.PathLike[str]) -> None:
    """Paddle's loader's type promotion (`legacy_fluid.framework.type_promotion`): casts
    inserted before binary ops whose operand types differ; operand types that cannot be
    promoted are a ModelFormatError naming the op, as Paddle refuses them."""
    try:
        promote_operand_types(program)
    except TypePromotionError as exc:
        raise ModelFormatError(str(exc), path=path) from None


def _with_feed_fetch(program: ProgramDesc, feed_names: list[str] | None,
                     fetch_names: list[str] | None) -> ProgramDesc:
    """`program`, or a copy whose feed/fetch ops are exactly the given targets."""
    want_feed = feed_target_names(program) if feed_names is None else list(feed_names)
    want_fetch = fetch_target_names(program) if fetch_names is None else list(fetch_names)
    if want_feed == feed_target_names(program) and want_fetch == fetch_target_names(program):
        return program
    program = copy.deepcopy(program)
    block = program.global_block()
    for name in want_feed + want_fetch:
        if block.find_var(name) is None:
            raise ValueError(f"feed/fetch target '{name}' is not a var of the global block")
    block.ops = [op for op in block.ops if op.type not in ("feed", "fetch", "fetch_v2")]
    feed_var = block.var(FEED_HOLDER, type=VarType.FEED_MINIBATCH, dtype=None)
    fetch_var = block.var(FETCH_HOLDER, type=VarType.FETCH_LIST, dtype=None)
    feed_var.persistable = fetch_var.persistable = True
    feed_ops = [OpDesc("feed", {"X": [FEED_HOLDER]}, {"Out": [name]}, {"col": col},
                       {"col": AttrType.INT}) for col, name in enumerate(want_feed)]
    # Paddle prepends feed ops one by one, so the last column ends up first.
    block.ops[:0] = feed_ops[::-1]
    block.ops += [OpDesc("fetch", {"X": [name]}, {"Out": [FETCH_HOLDER]}, {"col": col},
                         {"col": AttrType.INT}) for col, name in enumerate(want_fetch)]
    return program


def save_inference_model(path_prefix: str | os.PathLike[str], program: ProgramDesc,
                         feed_names: list[str] | None = None,
                         fetch_names: list[str] | None = None,
                         scope: Scope | None = None, *, separate_params: bool = False
                         ) -> tuple[Path, Path | None]:
    """Write `path_prefix.pdmodel` and `path_prefix.pdiparams`; returns both paths.

    Feed/fetch ops are rewritten when `feed_names` / `fetch_names` differ
    from the program's (on a copy; `program` itself is not changed); the
    program is not pruned. The persistable vars (other than the feed/fetch
    holders) are taken from `scope` (default: `global_scope()`) and written
    sorted by name. No params file is written when there are none. With
    `separate_params`, `path_prefix` is a directory that receives `__model__`
    and one file per parameter (the old layout). Every file is written
    atomically (temp file, then rename).
    """
    program = _with_feed_fetch(program, feed_names, fetch_names)
    src = scope if scope is not None else global_scope()
    tensors: list[tuple[str, DenseTensor]] = []
    for name in persistable_var_names(program):
        var = src.find_var(name)
        value = var.value if var is not None else None
        if not isinstance(value, DenseTensor) or not value.initialized():
            raise ValueError(f"persistable var '{name}' has no tensor in the scope to save")
        tensors.append((name, value))
    model_bytes = program_to_bytes(program)
    prefix = Path(path_prefix)
    if separate_params:
        model_path = prefix / "__model__"
        save_separate_params(prefix, tensors)
        atomic_write_bytes(model_path, model_bytes)
        return model_path, prefix
    model_path = prefix.with_name(prefix.name + MODEL_SUFFIX)
    params_path = prefix.with_name(prefix.name + PARAMS_SUFFIX)
    if tensors:
        save_combined_params(params_path, tensors)
    atomic_write_bytes(model_path, model_bytes)
    return model_path, (params_path if tensors else None)
