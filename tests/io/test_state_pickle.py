"""State files (.pdparams / .pdopt) are read without running any pickled code."""

from __future__ import annotations

import os
import pickle
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pytest

from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.state_pickle import load_state


class _RunsCode:
    def __reduce__(self):
        return (os.system, ("echo this must never run",))


def test_arrays_and_plain_containers_load(tmp_path: Path) -> None:
    path = tmp_path / "s.pdparams"
    path.write_bytes(pickle.dumps(OrderedDict(w=np.arange(6.0).reshape(2, 3),
                                              b=np.float32(1) * np.ones(2, np.float32))))
    state = load_state(path)
    assert list(state) == ["w", "b"] and state["w"].shape == (2, 3)


@pytest.mark.parametrize(("payload", "message"), [
    ({"w": _RunsCode()}, "refers to posix.system"),
    ([np.zeros(2)], "does not hold a dict"),
    ({"w": [1, 2]}, "holds an entry that is not name -> array"),
])
def test_anything_else_is_refused_and_named(tmp_path: Path, payload: object,
                                            message: str) -> None:
    path = tmp_path / "s.pdopt"
    path.write_bytes(pickle.dumps(payload))
    with pytest.raises(ModelFormatError) as info:
        load_state(path)
    assert str(info.value).startswith(str(path)) and message in str(info.value)


def test_missing_and_garbage_files(tmp_path: Path) -> None:
    with pytest.raises(ModelFormatError, match="state file not found"):
        load_state(tmp_path / "none.pdparams")
    (tmp_path / "g.pdparams").write_bytes(b"not a pickle at all")
    with pytest.raises(ModelFormatError, match="is not a Paddle state file"):
        load_state(tmp_path / "g.pdparams")
