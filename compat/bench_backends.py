"""What `fluidphi bench` can time: one table entry per backend.

A backend turns (model prefix, feeds, threads, place) into a zero-argument `run()` that
does one inference, inputs in and outputs out (device work waited for). Only fluidphi's
own backends run off the CPU (`--place`); the others are `cpu_only`. Backends run only
inside bench worker processes (`compat.bench_worker`), one process each, so the foreign
ones (Paddle Inference, ONNX Runtime) are imported there and nowhere in fluidphi's
runtime; when their packages are missing the backend says "not installed". Adding or
removing a backend is adding or removing a row of `BACKENDS`.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

Runner = Callable[[], Any]
Maker = Callable[[str, dict[str, np.ndarray], int, str], Runner]


class BackendUnavailableError(RuntimeError):
    """The backend cannot run here: a package is missing or the model does not apply."""


@dataclass(frozen=True)
class Backend:
    name: str
    label: str
    make: Maker
    #: packages the backend imports (checked before it is started)
    needs: tuple[str, ...] = ()
    #: "all", "conv" (models with convolutions) or "chain" (the dispatch chain only)
    applies_to: str = "all"
    #: runs only when the bench's place is the CPU
    cpu_only: bool = False


#: the math libraries' thread-count variables, set for every process the bench starts
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def thread_env(threads: int) -> dict[str, str]:
    """This process's environment with every math library held to `threads` threads."""
    return dict(os.environ, **{v: str(threads) for v in THREAD_VARIABLES})


def missing_packages(backend: Backend) -> list[str]:
    return [p for p in backend.needs if importlib.util.find_spec(p) is None]


# -- fluidphi -------------------------------------------------------------------------


def _synced(run: Runner, place: Any) -> Runner:
    """`run` followed by waiting for the device's work (nothing to wait for on the CPU)."""
    if place.is_cpu:
        return run
    from phi.core.device_backends import DeviceContextPool

    sync = DeviceContextPool.instance().get(place).synchronize

    def run_and_wait() -> None:
        run()
        sync()

    return run_and_wait


def _fluidphi(path: str, planned: bool, library: str = "plain") -> Maker:
    def make(prefix: str, feeds: dict[str, np.ndarray], threads: int, place: str) -> Runner:
        from compat.checker import preflight
        from compat.kernel_library import KernelLibrary, use_library
        from compat.memory_guard import resolve_limit
        from compat.predictor import check_feeds, load_model, run_model
        from phi.common import Place

        target = Place.parse(place)
        try:
            chosen = use_library(library)
        except RuntimeError as exc:  # LibraryUnavailableError
            raise BackendUnavailableError(str(exc)) from None
        if chosen is KernelLibrary.NUMBA:
            import phi.jit

            phi.jit.set_threads(threads)  # the compiled kernels' threads follow --threads
        model = load_model(prefix)
        preflight(model, check_feeds(model, feeds), resolve_limit(None))  # as `run` does
        # run_model keeps the model's executor per (place, path, planned): a plan (planned)
        # or the per-op choice cache (unplanned) is reused from run to run
        return _synced(lambda: run_model(model, feeds, place=target, path=path,
                                         planned=planned, library=chosen), target)

    return make


def compile_seconds() -> float:
    """Seconds this process spent compiling kernels of the compiled library (0 when it
    was not loaded, or its kernels came from the disk cache)."""
    import sys

    jit = sys.modules.get("phi.jit")
    return 0.0 if jit is None else jit.compile_seconds()


def _capture_phi_calls(prefix: str, feeds: dict[str, np.ndarray], place: Any) -> list[Runner]:
    """Every PHI kernel call of one run of the phi path, as a call with its arguments bound
    (the kernel function itself: no argument gathering, InferMeta or transforms), as the
    kernel observers see them (`phi.core.kernel_observers`)."""
    from compat.predictor import load_model, run_model
    from legacy_fluid.framework.trace import DispatchPath
    from phi.core.kernel_observers import KernelCall, observing

    calls: list[Runner] = []

    class PhiCalls:
        def kernel_called(self, call: KernelCall, seconds: float) -> None:
            if DispatchPath(call.path).is_phi:
                calls.append(call.call)

    with observing(PhiCalls()):
        run_model(load_model(prefix), feeds, place=place, path="phi", planned=False)
    if not calls:
        raise BackendUnavailableError("no PHI kernel call was seen")
    return calls


def _kernels_only(prefix: str, feeds: dict[str, np.ndarray], threads: int,
                  place: str) -> Runner:
    """fluidphi's own PHI kernels replayed on the arguments of one run: no dispatch."""
    from phi.common import Place

    target = Place.parse(place)
    calls = _capture_phi_calls(prefix, feeds, target)

    def run() -> None:
        for c in calls:
            c()

    return _synced(run, target)


def _conv_gemms(prefix: str, feeds: dict[str, np.ndarray], threads: int,
                place: str) -> Runner:
    """The GEMMs of every conv of one run, alone: same shapes and filters, operands
    preallocated (the floor NumPy's BLAS sets for fluidphi's conv nets)."""
    from phi.kernels.funcs import conv as conv_funcs

    gemms: list[tuple[Any, Any, Any]] = []
    original = conv_funcs.conv2d

    def record(xp: Any, x: Any, w: Any, strides: Any, paddings: Any, padding_algorithm: str,
               dilations: Any, groups: int, data_format: str, out: Any,
               workspace: Any = None) -> None:
        g = conv_funcs.conv2d_geometry(x.shape, w.shape, strides, paddings, padding_algorithm,
                                       dilations, groups, data_format)
        cols = np.random.default_rng(len(gemms)).standard_normal(
            (g.n, g.groups, g.k, g.p)).astype(x.dtype)
        gemms.append((np.ascontiguousarray(w).reshape(g.groups, g.og, g.k), cols,
                      np.empty((g.n, g.groups, g.og, g.p), out.dtype)))
        original(xp, x, w, strides, paddings, padding_algorithm, dilations, groups,
                 data_format, out, workspace)

    conv_funcs.conv2d = record
    try:
        from compat.predictor import load_model, run_model

        run_model(load_model(prefix), feeds, path="phi", planned=False)
    finally:
        conv_funcs.conv2d = original
    if not gemms:
        raise BackendUnavailableError("no convolutions")

    def run() -> None:
        for wm, cols, out in gemms:
            np.matmul(wm, cols, out=out)

    return run


# -- the dispatch chain as direct NumPy calls --------------------------------------------


def _numpy_chain(prefix: str, feeds: dict[str, np.ndarray], threads: int,
                 place: str) -> Runner:
    """The chain's math as plain NumPy expressions, one per op."""
    from compat.bench_models import chain_steps

    steps = chain_steps(prefix)
    (x,) = feeds.values()

    def run() -> Any:
        y = x
        for kind, scale, bias in steps:
            y = y * scale + bias if kind == "scale" else np.maximum(y, np.float32(0))
        return y

    return run


# -- Paddle Inference and ONNX Runtime ---------------------------------------------------


def _paddle(onednn: bool) -> Maker:
    def make(prefix: str, feeds: dict[str, np.ndarray], threads: int, place: str) -> Runner:
        import paddle.inference as pi

        params = Path(prefix + ".pdiparams")
        config = pi.Config(prefix + ".pdmodel", str(params) if params.is_file() else "")
        config.disable_gpu()
        config.disable_glog_info()
        config.set_cpu_math_library_num_threads(threads)
        if onednn:
            config.enable_mkldnn()
        else:
            config.disable_mkldnn()
        predictor = pi.create_predictor(config)
        inputs = [(predictor.get_input_handle(n), feeds[n]) for n in predictor.get_input_names()]
        outputs = [predictor.get_output_handle(n) for n in predictor.get_output_names()]

        def run() -> list[np.ndarray]:
            for handle, array in inputs:
                handle.reshape(array.shape)
                handle.copy_from_cpu(array)
            predictor.run()
            return [h.copy_to_cpu() for h in outputs]

        return run

    return make


def _onnxruntime(prefix: str, feeds: dict[str, np.ndarray], threads: int,
                 place: str) -> Runner:
    import onnxruntime as ort
    import paddle2onnx

    params = Path(prefix + ".pdiparams")
    model = paddle2onnx.export(prefix + ".pdmodel", str(params) if params.is_file() else "",
                               save_file=None, opset_version=13, verbose=False)
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    return lambda: session.run(None, {n: feeds[n] for n in names})


#: Every backend the bench knows, in report order.
BACKENDS: dict[str, Backend] = {b.name: b for b in (
    Backend("planned", "fluidphi planned (auto)", _fluidphi("auto", planned=True)),
    Backend("numba", "fluidphi planned (auto), compiled kernel library",
            _fluidphi("auto", planned=True, library="numba"), ("numba",)),
    Backend("phi", "fluidphi PHI, per-run dispatch", _fluidphi("phi", planned=False)),
    Backend("legacy", "fluidphi legacy, per-run dispatch", _fluidphi("legacy", planned=False)),
    Backend("kernels", "fluidphi's PHI kernels replayed, no dispatch", _kernels_only),
    Backend("gemm", "the conv GEMMs alone (NumPy floor)", _conv_gemms, applies_to="conv",
            cpu_only=True),
    Backend("numpy", "the chain as direct NumPy calls", _numpy_chain, applies_to="chain",
            cpu_only=True),
    Backend("paddle", "Paddle Inference, no oneDNN", _paddle(onednn=False), ("paddle",),
            cpu_only=True),
    Backend("onednn", "Paddle Inference + oneDNN", _paddle(onednn=True), ("paddle",),
            cpu_only=True),
    Backend("ort", "ONNX Runtime (paddle2onnx)", _onnxruntime,
            ("onnxruntime", "paddle2onnx", "paddle"), cpu_only=True),
)}
