"""Input arrays by feed name, from `run --input` specs and `train --feed` steps; every file
is read by `compat.array_files` (all of its checks, the memory limit's included).

Specs (`run --input`, and each comma-separated part of a `train --feed`):

* `NAME=FILE.npy` / `NAME=FILE.npz`: the feed NAME; from an .npz its array
  NAME (or the only array when it is unnamed, `arr_0` as `np.savez` names it);
* `FILE.npy`: the model's only feed;
* `FILE.npz`: every array of the file, each feeding the feed of its name.

A feed given twice, and an .npz array named after no feed, are errors. `run --lod`
gives a fed array its LoD (`apply_lods`). A tensor array the model reads without a feed
op (`legacy_fluid.framework.program_queries.array_input_names`) is fed item by item as
`NAME@0`, `NAME@1`, ... (`ARRAY_ITEM`; `--lod NAME@0=...` gives an item its LoD), which
`group_array_items` joins into the list `run_model` takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from compat.array_files import InputError, ReadBudget, read_array_file
from legacy_fluid.io.tensor_checks import lod_problem
from phi.core.dense_tensor import DenseTensor, as_dense_tensor

__all__ = ["InputError", "InputSpec", "ReadBudget", "apply_lods", "group_array_items",
           "parse_spec", "read_inputs", "split_step"]

#: `np.savez(file, array)` names its one array so: taken for any single feed.
UNNAMED_KEY = "arr_0"
#: An item of a fed tensor array: `NAME@INDEX`.
ARRAY_ITEM = re.compile(r"(?P<array>.+)@(?P<index>0|[1-9][0-9]*)")


def array_item_names(names: list[str], arrays: list[str]) -> list[str]:
    """The names among `names` that are items of one of the tensor arrays `arrays`."""
    return [n for n in names if (m := ARRAY_ITEM.fullmatch(n)) and m["array"] in arrays]


def group_array_items(feeds: dict[str, Any], arrays: list[str]) -> dict[str, Any]:
    """`feeds` with the items `NAME@0..NAME@n-1` of each tensor array NAME in `arrays`
    joined into one list (in index order; a missing index is an error)."""
    out: dict[str, Any] = {}
    items: dict[str, dict[int, Any]] = {}
    for name, value in feeds.items():
        m = ARRAY_ITEM.fullmatch(name)
        if m and m["array"] in arrays:
            items.setdefault(m["array"], {})[int(m["index"])] = value
        else:
            out[name] = value
    for array, by_index in items.items():
        missing = sorted(set(range(max(by_index) + 1)) - set(by_index))
        if missing:
            absent = ", ".join(f"{array}@{i}" for i in missing)
            raise InputError(f"tensor array '{array}': items up to {array}@{max(by_index)} "
                             f"are fed without {absent}")
        out[array] = [by_index[i] for i in range(len(by_index))]
    return out


@dataclass(frozen=True)
class InputSpec:
    text: str  # as given on the command line
    name: str | None  # the feed named by NAME=, if any
    path: Path


def parse_spec(text: str, option: str = "--input") -> InputSpec:
    name, sep, file = text.partition("=")
    if not sep:
        return InputSpec(text, None, Path(text))
    if not name or not file:
        raise InputError(f"{option} {text}: expected NAME=FILE (a .npy or .npz file)")
    return InputSpec(text, name, Path(file))


def split_step(text: str) -> list[str]:
    """A `train --feed` value: specs separated by commas; a value naming an existing file
    as a whole (FILE, or NAME=FILE) is one spec, so a file name may hold commas."""
    try:
        if parse_spec(text, "--feed").path.exists():
            return [text]
    except InputError:
        pass
    parts = text.split(",")
    if not all(parts):
        raise InputError(f"--feed {text}: an empty spec between commas (expected "
                         "SPEC[,SPEC...], each FILE.npz, FILE.npy or NAME=FILE)")
    return parts


def _pick(arrays: dict[str, np.ndarray], name: str, what: str) -> np.ndarray:
    if name in arrays:
        return arrays[name]
    if list(arrays) == [UNNAMED_KEY]:
        return arrays[UNNAMED_KEY]
    raise InputError(f"{what} has no array named '{name}' (it holds: {', '.join(arrays)})")


def read_inputs(specs: list[str], feed_names: list[str], budget: ReadBudget | None = None,
                option: str = "--input", arrays: list[str] | None = None
                ) -> dict[str, np.ndarray]:
    """Fed arrays by feed name from specs (see the module docstring); every array is charged
    to `budget`; `option` names the specs in messages; `arrays`: the model's tensor array
    inputs, whose items (`NAME@i`) an .npz may hold too."""
    arrays = arrays or []
    feeds: dict[str, np.ndarray] = {}
    given_by: dict[str, str] = {}
    budget = budget or ReadBudget()

    def put(name: str, array: np.ndarray, spec: str) -> None:
        if name in feeds:
            raise InputError(f"feed '{name}' is given twice (by {option} {given_by[name]} and "
                             f"{option} {spec}); give each feed once")
        feeds[name], given_by[name] = array, spec

    for text in specs:
        spec = parse_spec(text, option)
        what = f"{option} {text}: '{spec.path}'"
        content = read_array_file(spec.path, what, budget)
        if spec.name is not None:
            array = content if isinstance(content, np.ndarray) else _pick(content, spec.name,
                                                                         what)
            put(spec.name, array, text)
        elif isinstance(content, np.ndarray) or list(content) == [UNNAMED_KEY]:
            if len(feed_names) != 1:
                raise InputError(f"{option} {text}: the model has {len(feed_names)} feeds "
                                 f"({', '.join(feed_names) or 'none'}); use NAME=FILE.npy, "
                                 "or an .npz whose arrays are named after the feeds")
            array = content if isinstance(content, np.ndarray) else content[UNNAMED_KEY]
            put(feed_names[0], array, text)
        else:
            unknown = [k for k in content if k not in feed_names
                       and k not in array_item_names([k], arrays)]
            if unknown:
                raise InputError(f"{what} holds array(s) {', '.join(unknown)} named after no "
                                 f"feed of the model ({', '.join(feed_names) or 'none'})")
            for key, array in content.items():
                put(key, array, text)
    return feeds


def apply_lods(specs: list[str], feeds: dict[str, np.ndarray]
               ) -> dict[str, np.ndarray | DenseTensor]:
    """`--lod NAME=OFFSETS[/OFFSETS...]` (offsets comma-separated, levels outermost first,
    separated by '/': `words=0,2,5` or `words=0,1,3/0,2,3,5`): the feed NAME as a tensor
    with that LoD. Checked as a params file's LoD is: each level starts at 0, never
    decreases, ends where the next level's sequences end, the last at the feed's rows."""
    out: dict[str, np.ndarray | DenseTensor] = dict(feeds)
    for text in specs:
        name, sep, levels = text.partition("=")
        usage = (f"--lod {text}: expected NAME=OFFSETS[/OFFSETS...] with comma-separated "
                 "integer offsets, e.g. words=0,2,5")
        if not sep or not name or not levels:
            raise InputError(usage)
        if name not in feeds:
            raise InputError(f"--lod {text}: no feed '{name}' was given (fed: "
                             f"{', '.join(feeds) or 'none'})")
        if isinstance(out[name], DenseTensor):
            raise InputError(f"--lod {text}: the LoD of feed '{name}' is given twice")
        try:
            lod = [np.array([int(v) for v in level.split(",")], dtype=np.int64)
                   for level in levels.split("/")]
        except ValueError:
            raise InputError(usage) from None
        array = feeds[name]
        problem = lod_problem(lod, int(array.shape[0]) if array.ndim else 0)
        if problem is None and array.ndim == 0:
            problem = "a 0-d feed has no rows to split into sequences"
        if problem is not None:
            raise InputError(f"--lod {text}: {problem}")
        tensor = as_dense_tensor(array)
        tensor.lod = [level.tolist() for level in lod]
        out[name] = tensor
    return out
