"""`Config`: which model to run and how, as `paddle.inference.Config` spells it.

Supported: the model (`Config(model_dir)`, `Config(prog_file, params_file)`, `set_model`,
`set_prog_file`, `set_params_file`), the place (`disable_gpu`, `enable_use_gpu`,
`enable_custom_device`), the thread count, the plan passes (`switch_ir_optim`), a crop
file (`set_kernels_file`, fluidphi's own: `fluidphi crop`'s output), the kernel library
(`set_kernel_library`, fluidphi's own: "plain" or the compiled "numba"). Accepted
and recorded, with no effect on results: the switches listed in `docs/inference.md`
(memory optimisation, glog, feed/fetch ops, oneDNN, ...). Every other method of Paddle's
Config raises `UnsupportedError` naming it (generated from `UNSUPPORTED`).
"""

from __future__ import annotations

import os
from typing import Any

from fluidphi.inference.types import PrecisionType, UnsupportedError, unsupported

#: Paddle Config methods fluidphi does not support, by the feature they belong to.
UNSUPPORTED: dict[str, tuple[str, ...]] = {
    "fluidphi has no TensorRT engine": (
        "enable_tensorrt_engine", "enable_tensorrt_dla", "enable_tensorrt_explicit_quantization",
        "enable_tensorrt_inspector", "enable_tensorrt_memory_optim", "enable_tensorrt_varseqlen",
        "enable_tuned_tensorrt_dynamic_shape", "exp_disable_tensorrt_dynamic_shape_ops",
        "exp_disable_tensorrt_ops", "exp_disable_tensorrt_subgraph",
        "exp_specify_tensorrt_subgraph_precision", "mark_trt_engine_outputs",
        "set_tensorrt_optimization_level", "set_trt_dynamic_shape_info",
        "tensorrt_optimization_level", "tensorrt_precision_mode", "trt_allow_build_at_runtime",
        "collect_shape_range_info", "shape_range_info_path",
    ),
    "fluidphi has no XPU support": (
        "enable_xpu", "set_xpu_config", "set_xpu_device_id", "xpu_config", "xpu_device_id",
    ),
    "fluidphi has no IPU support": (
        "enable_ipu", "load_ipu_config", "set_ipu_config", "set_ipu_custom_info",
    ),
    "fluidphi has no ONNX Runtime or OpenVINO engine": (
        "enable_onnxruntime", "disable_onnxruntime", "enable_ort_optimization",
        "enable_openvino_engine",
    ),
    "fluidphi does not convert programs to lower precision": (
        "enable_mkldnn_bfloat16", "enable_mkldnn_int8", "enable_onednn_bfloat16",
        "enable_onednn_int8", "set_bfloat16_op", "enable_low_precision_io",
        "exp_enable_mixed_precision_ops", "exp_disable_mixed_precision_ops",
        "exp_enable_use_cutlass", "exp_sparse_conv_using_buffer",
    ),
    "fluidphi's plan passes are its own, not Paddle's IR passes": (
        "pass_builder", "delete_pass", "enable_custom_passes", "switch_ir_debug",
        "set_optimization_level", "enable_save_optim_model", "set_optim_cache_dir",
        "use_optimized_model", "disable_mkldnn_fc_passes", "disable_onednn_fc_passes",
        "set_mkldnn_op", "set_onednn_op",
    ),
    "fluidphi runs legacy ProgramDesc files only": (
        "enable_new_ir", "enable_cinn", "set_model_buffer",
    ),
    "fluidphi's GPU memory pool is CuPy's, not sized by the Config": (
        "fraction_of_gpu_memory_for_pool",
    ),
    "fluidphi has no profiler or native config": (
        "enable_profile", "to_native_config",
    ),
}

#: Questions about features fluidphi never turns on: they answer False.
NEVER_ENABLED = (
    "tensorrt_engine_enabled", "tensorrt_dla_enabled", "tensorrt_dynamic_shape_enabled",
    "tensorrt_explicit_quantization_enabled", "tensorrt_inspector_enabled",
    "tensorrt_varseqlen_enabled", "tuned_tensorrt_dynamic_shape", "shape_range_info_collected",
    "use_xpu", "onnxruntime_enabled", "openvino_engine_enabled", "mkldnn_int8_enabled",
    "onednn_int8_enabled", "new_ir_enabled", "model_from_memory",
)


def _path(value: str | os.PathLike[str]) -> str:
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"a model path must be a str or os.PathLike, got {type(value).__name__}")
    return os.fspath(value)


def _float32_only(method: str, precision_mode: PrecisionType | int) -> None:
    if PrecisionType(precision_mode) is not PrecisionType.Float32:
        raise UnsupportedError(
            f"Config.{method}(precision_mode={PrecisionType(precision_mode).name}) is not "
            "supported by fluidphi (it runs each program in its own dtypes); use "
            "PrecisionType.Float32")


class Config:
    """`paddle.inference.Config`'s CPU API: `Config()`, `Config(model_dir)`,
    `Config(prog_file, params_file)` or a copy `Config(other)`."""

    Precision = PrecisionType
    Float32, Int8, Half, Bfloat16 = (PrecisionType.Float32, PrecisionType.Int8,
                                     PrecisionType.Half, PrecisionType.Bfloat16)

    def __init__(self, *args: Any) -> None:
        self._model_dir = self._prog_file = self._params_file = self._kernels_file = ""
        self._place = "cpu"
        self._memory_pool_mb = 0
        self._threads, self._threads_set = 1, False
        self._ir_optim = True
        self._library = "plain"
        self._flags = {"memory_optim": False, "glog_info_disabled": False,
                       "use_feed_fetch_ops": True, "specify_input_name": False,
                       "mkldnn": False, "new_executor": False}
        self._mkldnn_cache = 10
        if len(args) == 1 and isinstance(args[0], Config):
            self.__dict__.update({k: (dict(v) if isinstance(v, dict) else v)
                                  for k, v in args[0].__dict__.items()})
        elif len(args) in (1, 2):
            self.set_model(*args)
        elif args:
            raise TypeError("Config() takes no argument, a model directory, a program file "
                            f"and a params file, or a Config; got {len(args)} arguments")

    # -- the model ---------------------------------------------------------------------
    def set_model(self, *args: str | os.PathLike[str]) -> None:
        """`set_model(model_dir)` or `set_model(prog_file, params_file)`."""
        if len(args) == 1:
            self._model_dir, self._prog_file, self._params_file = _path(args[0]), "", ""
        elif len(args) == 2:
            self._model_dir = ""
            self._prog_file, self._params_file = _path(args[0]), _path(args[1])
        else:
            raise TypeError("set_model takes a model directory, or a program file and a "
                            "params file")

    def set_prog_file(self, path: str | os.PathLike[str]) -> None:
        self._prog_file = _path(path)

    def set_params_file(self, path: str | os.PathLike[str]) -> None:
        self._params_file = _path(path)

    def model_dir(self) -> str:
        return self._model_dir

    def prog_file(self) -> str:
        return self._prog_file

    def params_file(self) -> str:
        return self._params_file

    def set_kernels_file(self, path: str | os.PathLike[str]) -> None:
        """A crop file (`fluidphi crop`): the predictor refuses op types and kernels
        outside it (fluidphi's own; Paddle has no such method)."""
        self._kernels_file = _path(path)

    def kernels_file(self) -> str:
        return self._kernels_file

    # -- the place ---------------------------------------------------------------------
    def disable_gpu(self) -> None:
        self._place = "cpu"

    def enable_use_gpu(self, memory_pool_init_size_mb: int, device_id: int = 0,
                       precision_mode: PrecisionType | int = PrecisionType.Float32) -> None:
        """Run on CUDA GPU `device_id` (fluidphi's CuPy GPU place `gpu:N`); a machine
        without it fails at `create_predictor`. The memory pool size is recorded only."""
        _float32_only("enable_use_gpu", precision_mode)
        self._place, self._memory_pool_mb = f"gpu:{int(device_id)}", int(memory_pool_init_size_mb)

    def enable_custom_device(self, device_type: str, device_id: int = 0,
                             precision: PrecisionType | int = PrecisionType.Float32) -> None:
        """Run on a registered plug-in device type (docs/devices.md), `device_type:N`."""
        _float32_only("enable_custom_device", precision)
        self._place = f"{device_type}:{int(device_id)}"

    def use_gpu(self) -> bool:
        return self._place.startswith("gpu:")

    def gpu_device_id(self) -> int:
        return int(self._place.partition(":")[2]) if self.use_gpu() else 0

    def memory_pool_init_size_mb(self) -> int:
        return self._memory_pool_mb

    def place(self) -> str:
        """fluidphi's name of the place the predictor runs on: cpu, gpu:N, TYPE:N."""
        return self._place

    # -- threads and passes ------------------------------------------------------------
    def set_cpu_math_library_num_threads(self, cpu_math_library_num_threads: int) -> None:
        """Recorded; with `threadpoolctl` installed `run()` limits the BLAS and OpenMP
        pools to this many threads (docs/inference.md)."""
        n = int(cpu_math_library_num_threads)
        if n < 1:
            raise ValueError(f"set_cpu_math_library_num_threads({n}): expected at least 1")
        self._threads, self._threads_set = n, True

    def cpu_math_library_num_threads(self) -> int:
        return self._threads

    def switch_ir_optim(self, x: bool = True) -> None:
        """On (the default): fluidphi's plan passes (conv + batch_norm folding, fused
        activations, fc, inference dropout removal); off: the program op by op."""
        self._ir_optim = bool(x)

    def ir_optim(self) -> bool:
        return self._ir_optim

    # -- kernel library ----------------------------------------------------------------
    def set_kernel_library(self, library: str) -> None:
        """The kernel library preferred on CPU: "plain" (the default) or "numba", the
        compiled kernels of the `jit` extra where they have one (fluidphi's own, in the
        place of Paddle's enable_mkldnn; docs/devices.md). Checked here: an unknown name
        raises ValueError; a library that cannot load, `LibraryUnavailableError`."""
        from compat.kernel_library import use_library

        self._library = use_library(library).value

    def kernel_library(self) -> str:
        return self._library

    # -- accepted, no effect on results ------------------------------------------------
    def enable_memory_optim(self, x: bool = True) -> None:
        self._flags["memory_optim"] = bool(x)

    def disable_glog_info(self) -> None:
        self._flags["glog_info_disabled"] = True

    def glog_info_disabled(self) -> bool:
        return self._flags["glog_info_disabled"]

    def switch_use_feed_fetch_ops(self, x: bool = True) -> None:
        self._flags["use_feed_fetch_ops"] = bool(x)

    def use_feed_fetch_ops_enabled(self) -> bool:
        return self._flags["use_feed_fetch_ops"]

    def switch_specify_input_names(self, x: bool = True) -> None:
        self._flags["specify_input_name"] = bool(x)

    def specify_input_name(self) -> bool:
        return self._flags["specify_input_name"]

    def enable_mkldnn(self) -> None:
        """Recorded only: fluidphi's CPU kernels are NumPy's, not oneDNN."""
        self._flags["mkldnn"] = True

    def disable_mkldnn(self) -> None:
        self._flags["mkldnn"] = False

    def mkldnn_enabled(self) -> bool:
        return self._flags["mkldnn"]

    enable_onednn, disable_onednn, onednn_enabled = enable_mkldnn, disable_mkldnn, mkldnn_enabled

    def set_mkldnn_cache_capacity(self, capacity: int = 0) -> None:
        self._mkldnn_cache = int(capacity)

    set_onednn_cache_capacity = set_mkldnn_cache_capacity

    def enable_new_executor(self, x: bool = True) -> None:
        self._flags["new_executor"] = bool(x)

    # -- report ------------------------------------------------------------------------
    def summary(self) -> str:
        """The settings as a two-column table (option, value)."""
        rows = ([("model_dir", self._model_dir)] if self._model_dir else
                [("model_file", self._prog_file), ("params_file", self._params_file)])
        rows += [("place", self._place), ("use_gpu", self.use_gpu()),
                 ("cpu_math_thread", self._threads), ("ir_optim", self._ir_optim),
                 ("kernel_library", self._library),
                 ("enable_mkldnn", self._flags["mkldnn"]),
                 ("memory_optim", self._flags["memory_optim"]),
                 ("use_feed_fetch_ops", self._flags["use_feed_fetch_ops"])]
        cells = [(k, str(v).lower() if isinstance(v, bool) else str(v)) for k, v in rows]
        w1 = max(len("Option"), *(len(k) for k, _ in cells))
        w2 = max(len("Value"), *(len(v) for _, v in cells))
        rule = f"+{'-' * (w1 + 2)}+{'-' * (w2 + 2)}+"
        lines = [rule, f"| {'Option':<{w1}} | {'Value':<{w2}} |", rule]
        lines += [f"| {k:<{w1}} | {v:<{w2}} |" for k, v in cells]
        return "\n".join([*lines, rule]) + "\n"

    def __repr__(self) -> str:
        model = self._model_dir or f"{self._prog_file}, {self._params_file}"
        return f"Config({model}; place {self._place})"


def _never(self: Config) -> bool:
    return False


for _feature, _names in UNSUPPORTED.items():
    for _name in _names:
        setattr(Config, _name, unsupported("Config", _name, _feature))
for _name in NEVER_ENABLED:
    setattr(Config, _name, _never)
