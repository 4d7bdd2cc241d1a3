"""`paddle.inference`'s CPU API on fluidphi: replace the import and a script runs unchanged.

    from fluidphi import inference            # was: from paddle import inference

    config = inference.Config("model.pdmodel", "model.pdiparams")
    config.disable_gpu()
    predictor = inference.create_predictor(config)
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.reshape(x.shape)
    handle.copy_from_cpu(x)
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()

What is supported, what is accepted with no effect, and what raises `UnsupportedError`:
docs/inference.md.
"""

from __future__ import annotations

from typing import Any, NoReturn

from fluidphi.inference.config import Config
from fluidphi.inference.predictor import InferenceUsageError, Predictor, Tensor
from fluidphi.inference.types import (
    DataType,
    PlaceType,
    PrecisionType,
    UnsupportedError,
    unsupported,
)

__all__ = [
    "Config",
    "DataType",
    "InferenceUsageError",
    "PlaceType",
    "PrecisionType",
    "Predictor",
    "PredictorPool",
    "Tensor",
    "UnsupportedError",
    "convert_to_mixed_precision",
    "create_predictor",
    "get_num_bytes_of_data_type",
    "get_trt_compile_version",
    "get_trt_runtime_version",
    "get_version",
]


def create_predictor(config: Config) -> Predictor:
    """Load the model `config` names and make its predictor; its place must be usable
    (no CUDA device for `enable_use_gpu`: `DeviceUnavailableError`)."""
    from compat.predictor import load_model
    from phi.common import Place
    from phi.core.device_backends import DeviceContextPool

    if not isinstance(config, Config):
        raise TypeError(f"create_predictor takes a fluidphi.inference.Config, got "
                        f"{type(config).__name__}")
    place = Place.parse(config.place())
    DeviceContextPool.instance().get(place)  # no usable device: say so before loading
    kernels = config.kernels_file() or None
    if config.prog_file():
        model = load_model(config.prog_file(), config.params_file() or None, kernels=kernels)
    elif config.model_dir():
        model = load_model(config.model_dir(), kernels=kernels)
    else:
        raise InferenceUsageError("the Config names no model: Config(model_dir), "
                                  "Config(prog_file, params_file) or set_model(...)")
    return Predictor(model, place, Config(config))


class PredictorPool:
    """`size` predictors of one model: the first made from `config`, the others its
    clones (sharing its weights)."""

    def __init__(self, config: Config, size: int = 1) -> None:
        if size < 1:
            raise ValueError(f"PredictorPool size {size}: expected at least 1")
        first = create_predictor(config)
        self._predictors = [first, *(first.clone() for _ in range(size - 1))]

    def retrieve(self, idx: int) -> Predictor:
        return self._predictors[idx]


def get_version() -> str:
    """fluidphi's version, in the `version: X` form of Paddle's string."""
    import fluidphi

    return (f"version: {fluidphi.__version__}\n"
            "fluidphi (paddle.inference's CPU API on PHI-style kernels)\n")


def get_num_bytes_of_data_type(dtype: DataType) -> int:
    """Bytes per element of `dtype`."""
    return DataType(dtype).itemsize()


def _unsupported_function(name: str, feature: str) -> Any:
    method = unsupported("inference", name, feature)

    def function(*args: Any, **kwargs: Any) -> NoReturn:
        method(None, *args, **kwargs)

    function.__name__, function.__doc__ = name, method.__doc__
    return function


convert_to_mixed_precision = _unsupported_function(
    "convert_to_mixed_precision", "fluidphi does not convert programs to lower precision")
get_trt_compile_version = _unsupported_function(
    "get_trt_compile_version", "fluidphi has no TensorRT engine")
get_trt_runtime_version = _unsupported_function(
    "get_trt_runtime_version", "fluidphi has no TensorRT engine")
