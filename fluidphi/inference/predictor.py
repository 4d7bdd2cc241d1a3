"""`Predictor` and its input/output handles (`Tensor`), as `paddle.inference` has them.

A predictor holds a loaded model (its program and a scope of weights, read-only while
running) and one handle per feed and per fetch. `run()` gathers the arrays copied into
the input handles, checks them as `compat.predictor.run_model` does (names, dtypes,
dims) and runs the model through it; the outputs land in the output handles. `clone()`
shares the program and the weights but has handles, plans and intermediates of its own.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from fluidphi.inference.types import DataType, PlaceType, unsupported

if TYPE_CHECKING:
    from compat.predictor import LoadedModel
    from fluidphi.inference.config import Config
    from phi.common import Place
    from phi.core.dense_tensor import DenseTensor


class InferenceUsageError(ValueError):
    """A handle or predictor used out of order or with a name the model lacks."""


def _check_lod(lod: Sequence[Sequence[int]]) -> list[list[int]]:
    levels = [[int(i) for i in level] for level in lod]
    for n, level in enumerate(levels):
        if not level or level[0] != 0 or any(b < a for a, b in itertools.pairwise(level)):
            raise InferenceUsageError(f"set_lod: level {n} {level} must start at 0 and never "
                                      "decrease (offsets of each sequence)")
    for n, (outer, inner) in enumerate(itertools.pairwise(levels)):
        if outer[-1] != len(inner) - 1:
            raise InferenceUsageError(f"set_lod: level {n} ends at {outer[-1]} but level "
                                      f"{n + 1} has {len(inner) - 1} entries")
    return levels


class Tensor:
    """One input or output of a predictor (`get_input_handle` / `get_output_handle`)."""

    def __init__(self, name: str, is_input: bool, declared: DataType | None,
                 place: PlaceType) -> None:
        self._name, self._is_input, self._declared, self._place = (name, is_input, declared,
                                                                   place)
        self._data: np.ndarray | None = None
        self._shape: list[int] | None = None
        self._lod: list[list[int]] = []

    def name(self) -> str:
        return self._name

    def place(self) -> PlaceType:
        return self._place

    def reshape(self, shape: Sequence[int]) -> None:
        """Set the dims of the data to come (`copy_from_cpu` takes its array's dims);
        data already held keeps its values when the element count is unchanged."""
        dims = [int(d) for d in shape]
        if any(d < 0 for d in dims):
            raise InferenceUsageError(f"{self._name}: reshape({dims}): dims must be >= 0")
        if self._data is not None:
            self._data = (self._data.reshape(dims) if self._data.size == int(np.prod(dims))
                          else None)
        self._shape = dims

    def copy_from_cpu(self, data: np.ndarray) -> None:
        """Copy a NumPy array into this input (the predictor keeps its own copy)."""
        if not self._is_input:
            raise InferenceUsageError(f"'{self._name}' is an output of the model; "
                                      "copy_from_cpu fills inputs (get_input_handle)")
        if not isinstance(data, np.ndarray):
            raise TypeError(f"{self._name}: copy_from_cpu takes a numpy.ndarray, got "
                            f"{type(data).__name__} (string tensors are not supported)")
        self._data = np.array(data, copy=True, order="C")
        self._shape = list(self._data.shape)

    def copy_to_cpu(self) -> np.ndarray:
        """A copy of the tensor's data as a NumPy array."""
        if self._data is None:
            raise InferenceUsageError(
                f"'{self._name}' holds no data yet: " + (
                    "call copy_from_cpu first" if self._is_input else "call predictor.run() "
                    "first (outputs are filled by run)"))
        return self._data.copy()

    def shape(self) -> list[int]:
        """The dims of the data (or of the last `reshape`); [0] before either."""
        return list(self._shape) if self._shape is not None else [0]

    def lod(self) -> list[list[int]]:
        return [list(level) for level in self._lod]

    def set_lod(self, lod: Sequence[Sequence[int]]) -> None:
        """The sequence offsets of an input (LoD programs); checked again at `run()`."""
        self._lod = _check_lod(lod)

    def type(self) -> DataType:
        """The dtype of the data held, else the one the program declares (FLOAT32 when
        it declares none)."""
        from phi.common import DataType as PhiDataType

        if self._data is not None:
            return DataType.of(PhiDataType.from_numpy(self._data.dtype))
        return self._declared if self._declared is not None else DataType.FLOAT32

    def _set_output(self, array: np.ndarray, lod: list[list[int]]) -> None:
        self._data, self._shape, self._lod = array, list(array.shape), lod

    def _feed(self) -> np.ndarray | DenseTensor:
        from phi.core.dense_tensor import DenseTensor

        assert self._data is not None
        rows = self._data.shape[0] if self._data.ndim else 1
        if self._lod and self._lod[-1][-1] != rows:
            raise InferenceUsageError(
                f"input '{self._name}': its LoD {self._lod} ends at {self._lod[-1][-1]}, but "
                f"its data has {rows} rows (the last level's last offset must equal them)")
        return DenseTensor(self._data, lod=self._lod) if self._lod else self._data

    def __repr__(self) -> str:
        return f"Tensor({self._name!r}, shape {self.shape()}, {self.type().name})"


for _name in ("share_external_data", "share_external_data_by_ptr_name"):
    setattr(Tensor, _name, unsupported("Tensor", _name, "data is copied with copy_from_cpu"))


@contextlib.contextmanager
def _thread_limit(config: Config) -> Iterator[None]:
    """The BLAS/OpenMP pools limited to the configured threads while running, when the
    count was set and `threadpoolctl` is installed; the compiled library's threads too
    (`numba.set_num_threads`) when it is the one chosen."""
    if not config._threads_set:
        yield
        return
    if config.kernel_library() != "plain":
        import phi.jit

        phi.jit.set_threads(config.cpu_math_library_num_threads())
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        yield
        return
    with threadpool_limits(limits=config.cpu_math_library_num_threads()):
        yield


class Predictor:
    """Runs one loaded model with the settings of a `Config` (`create_predictor`)."""

    def __init__(self, model: LoadedModel, place: Place, config: Config) -> None:
        self._model, self._place, self._config = model, place, config
        kind = (PlaceType.CPU if place.is_cpu else PlaceType.GPU if place.is_gpu
                else PlaceType.CUSTOM)
        self._inputs = {name: Tensor(name, True, self._declared(name), kind)
                        for name in model.feed_names}
        self._outputs = {name: Tensor(name, False, self._declared(name), PlaceType.CPU)
                         for name in model.fetch_names}

    def _declared(self, name: str) -> DataType | None:
        var = self._model.program.global_block().find_var(name)
        try:
            return None if var is None or var.dtype is None else DataType.of(var.dtype)
        except TypeError:
            return None

    def get_input_names(self) -> list[str]:
        return list(self._inputs)

    def get_output_names(self) -> list[str]:
        return list(self._outputs)

    def _handle(self, handles: dict[str, Tensor], name: str, role: str) -> Tensor:
        if name not in handles:
            raise InferenceUsageError(f"the model has no {role} named '{name}' (its {role}s: "
                                      f"{', '.join(handles) or 'none'})")
        return handles[name]

    def get_input_handle(self, name: str) -> Tensor:
        return self._handle(self._inputs, name, "input")

    def get_output_handle(self, name: str) -> Tensor:
        return self._handle(self._outputs, name, "output")

    def run(self, inputs: Sequence[Any] | None = None) -> list[DenseTensor] | None:
        """Run on the arrays in the input handles; the outputs go to the output handles.

        `run(inputs)` (Paddle's second form) takes one array per input, in
        `get_input_names()` order (NumPy arrays or anything with `.numpy()`), and returns
        the outputs as host `DenseTensor`s (`.numpy()`), in `get_output_names()` order."""
        if inputs is not None:
            if len(inputs) != len(self._inputs):
                raise InferenceUsageError(
                    f"run(inputs): the model has {len(self._inputs)} inputs "
                    f"({', '.join(self._inputs)}), got {len(inputs)} arrays")
            for handle, value in zip(self._inputs.values(), inputs):
                handle.copy_from_cpu(value.numpy() if hasattr(value, "numpy") else value)
        self._run()
        if inputs is None:
            return None
        from phi.core.dense_tensor import DenseTensor

        return [DenseTensor(h.copy_to_cpu(), lod=h.lod()) for h in self._outputs.values()]

    def _run(self) -> None:
        from compat.predictor import run_model

        empty = [name for name, h in self._inputs.items() if h._data is None]
        if empty:
            raise InferenceUsageError(
                f"input(s) {', '.join(empty)} hold no data: call "
                f"get_input_handle(name).copy_from_cpu(array) for each before run()")
        feeds = {name: h._feed() for name, h in self._inputs.items()}
        with _thread_limit(self._config):
            result = run_model(self._model, feeds, place=self._place,
                               passes=self._config.ir_optim(),
                               library=self._config.kernel_library())
        for name, handle in self._outputs.items():
            handle._set_output(result.outputs[name], result.lods.get(name, []))

    def clone(self) -> Predictor:
        """A predictor sharing this one's program and weights (read-only), with inputs,
        outputs, plans and intermediates of its own."""
        return Predictor(replace(self._model, extra={}), self._place, self._config)

    def clear_intermediate_tensor(self) -> None:
        """Nothing to do: intermediates live in the plan's scope and are reused."""

    def try_shrink_memory(self) -> int:
        """Nothing to release (returns 0 bytes)."""
        return 0


for _name in ("register_input_hook", "register_output_hook"):
    setattr(Predictor, _name, unsupported("Predictor", _name, "fluidphi has no op hooks"))
